import {
  type Database,
  newMessageId,
  notifyOutbox,
  WEBHOOK_OUTBOX,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  webhookBody,
} from '@event-service/db'
import { ApiError, conflict, notFound, validationError } from '@event-service/server-common'
import { type Kysely, sql } from 'kysely'
import { offsetOf } from '../common/list-query.ts'
import { failPendingDeliveries } from './endpoint-health.ts'
import { type TargetPolicy, webhookUrlProblem } from './target-address.ts'
import { newWebhookSecret } from './webhook-signature.ts'
import { presentWebhook } from './webhooks.presenter.ts'
import type { CreateWebhookBody, ListWebhooksQuery, UpdateWebhookBody } from './webhooks.schema.ts'

/** 400 at `url` unless the URL may receive webhooks (public address, or private ones allowed). */
async function assertAllowedTarget(url: string, policy: TargetPolicy): Promise<void> {
  const problem = await webhookUrlProblem(url, policy)
  if (problem) throw validationError([{ path: 'url', message: problem }])
}

/**
 * Endpoints an account may have (enabled or not), as Stripe allows: each change is one delivery
 * per endpoint, so the cap bounds the deliveries, and the slots, one change of one account costs.
 */
export const MAX_WEBHOOK_ENDPOINTS = 16

/**
 * Creates an endpoint with a new signing secret (returned here, in the row, to be shown once).
 * 409 `CONFLICT` when the account has `MAX_WEBHOOK_ENDPOINTS` already.
 */
export async function createWebhook(
  db: Kysely<Database>,
  accountId: string,
  input: CreateWebhookBody,
  policy: TargetPolicy,
): Promise<WebhookEndpointRow> {
  await assertAllowedTarget(input.url, policy)
  return db.transaction().execute(async (trx) => {
    // The account's row lock makes concurrent creations count one after the other.
    await trx.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute()
    const { n } = await trx
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow()
    if (Number(n) >= MAX_WEBHOOK_ENDPOINTS)
      throw new ApiError(
        409,
        'CONFLICT',
        `This account has ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints, the most it may have; delete one it no longer needs, or subscribe an existing one to more events`,
        { limit: MAX_WEBHOOK_ENDPOINTS },
      )
    return trx
      .insertInto('webhook_endpoints')
      .values({
        account_id: accountId,
        url: input.url,
        events: input.events,
        description: input.description ?? null,
        secret: newWebhookSecret(),
        enabled: input.enabled ?? true,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
  })
}

/** The account's endpoint, or 404 (another account's is answered like a missing one). */
export async function getWebhook(db: Kysely<Database>, accountId: string, id: string): Promise<WebhookEndpointRow> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  if (!row) throw notFound('Webhook')
  return row
}

export async function listWebhooks(
  db: Kysely<Database>,
  accountId: string,
  q: ListWebhooksQuery,
): Promise<{ rows: WebhookEndpointRow[]; total: number }> {
  const base = db.selectFrom('webhook_endpoints').where('account_id', '=', accountId)
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy(q.sort, q.order).orderBy('id', q.order).limit(q.limit).offset(offsetOf(q)).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.total) }
}

/**
 * Changes the fields present; an empty body returns the endpoint untouched. Enabling clears the
 * reason of an automatic disabling and the failure streak; a new URL starts a new streak;
 * disabling fails the deliveries still pending (a disabled endpoint receives nothing).
 */
export async function updateWebhook(
  db: Kysely<Database>,
  accountId: string,
  id: string,
  input: UpdateWebhookBody,
  policy: TargetPolicy,
): Promise<WebhookEndpointRow> {
  if (Object.keys(input).length === 0) return getWebhook(db, accountId, id)
  if (input.url !== undefined) await assertAllowedTarget(input.url, policy)
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('webhook_endpoints')
      .set({
        ...(input.url !== undefined && { url: input.url, failing_since: null }),
        ...(input.events !== undefined && { events: input.events }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.enabled === true && { enabled: true, disabled_reason: null, failing_since: null }),
        ...(input.enabled === false && { enabled: false, disabled_reason: null }),
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .returningAll()
      .executeTakeFirst()
    if (!row) throw notFound('Webhook')
    if (input.enabled === false) await failPendingDeliveries(trx, id, 'The endpoint was disabled before this delivery was attempted')
    return row
  })
}

/** Deletes the endpoint; its deliveries, pending ones included, go with it (foreign key cascade). */
export async function deleteWebhook(db: Kysely<Database>, accountId: string, id: string): Promise<void> {
  const result = await db.deleteFrom('webhook_endpoints').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst()
  if (result.numDeletedRows === 0n) throw notFound('Webhook')
}

/**
 * Queues a `webhook.test` event to this endpoint alone, whatever it subscribes to; its object is
 * the endpoint as the API presents it. A disabled endpoint receives nothing: 409.
 */
export async function sendTestEvent(db: Kysely<Database>, accountId: string, id: string): Promise<WebhookDeliveryRow> {
  return db.transaction().execute(async (trx) => {
    const endpoint = await getWebhook(trx, accountId, id)
    if (!endpoint.enabled) throw conflict('This webhook endpoint is disabled; enable it to send a test event')
    const delivery = await trx
      .insertInto('webhook_deliveries')
      .values({
        account_id: accountId,
        webhook_id: id,
        message_id: newMessageId(),
        type: WEBHOOK_TEST_EVENT,
        body: webhookBody(WEBHOOK_TEST_EVENT, presentWebhook(endpoint)),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    await notifyOutbox(trx, WEBHOOK_OUTBOX.channel)
    return delivery
  })
}
