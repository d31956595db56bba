import { type Database, notifyOutbox, retryNow, WEBHOOK_OUTBOX, type WebhookDeliveryRow } from '@event-service/db'
import { conflict, notFound } from '@event-service/server-common'
import { type Kysely, sql } from 'kysely'
import { offsetOf } from '../common/list-query.ts'
import type { ListDeliveriesQuery } from './webhooks.schema.ts'
import { getWebhook } from './webhooks.service.ts'

/** One page of an endpoint's deliveries, newest first, and their exact number. */
export async function listDeliveries(
  db: Kysely<Database>,
  accountId: string,
  webhookId: string,
  q: ListDeliveriesQuery,
): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  await getWebhook(db, accountId, webhookId)
  let base = db.selectFrom('webhook_deliveries').where('webhook_id', '=', webhookId).where('account_id', '=', accountId)
  if (q.status) base = base.where('status', '=', q.status)
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy(q.sort, q.order).orderBy('id', q.order).limit(q.limit).offset(offsetOf(q)).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.total) }
}

/** One delivery of one of the account's endpoints, or 404. */
export async function getDelivery(db: Kysely<Database>, accountId: string, webhookId: string, id: string): Promise<WebhookDeliveryRow> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', id)
    .where('webhook_id', '=', webhookId)
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  if (!row) throw notFound('Webhook delivery')
  return row
}

/**
 * Queues one more attempt now, with the same `message_id` (receivers deduplicate on it). A
 * delivered or failed delivery gets exactly one attempt; a pending one is moved forward and keeps
 * its schedule. 409 while an attempt is in flight or when the endpoint is disabled.
 */
export async function retryDelivery(db: Kysely<Database>, accountId: string, webhookId: string, id: string): Promise<WebhookDeliveryRow> {
  return db.transaction().execute(async (trx) => {
    const endpoint = await getWebhook(trx, accountId, webhookId)
    const result = await retryNow(trx, WEBHOOK_OUTBOX.table, id, sql<boolean>`webhook_id = ${webhookId} and account_id = ${accountId}`)
    if (result === 'not_found') throw notFound('Webhook delivery')
    if (!endpoint.enabled) throw conflict('This webhook endpoint is disabled; enable it before retrying its deliveries')
    if (result === 'in_flight') throw conflict('An attempt of this delivery is in progress; retry once it has finished')
    await notifyOutbox(trx, WEBHOOK_OUTBOX.channel)
    return getDelivery(trx, accountId, webhookId, id)
  })
}
