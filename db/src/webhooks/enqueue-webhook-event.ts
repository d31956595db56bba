import { randomBytes } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../database.ts'
import { ALL_WEBHOOK_EVENTS, WEBHOOK_OUTBOX, type WebhookDeliveryType, type WebhookEventType } from './webhook-event-types.ts'

/** A new Standard Webhooks message id: `msg_` + 32 hex characters, unique per event. */
export const newMessageId = (): string => `msg_${randomBytes(16).toString('hex')}`

/**
 * The body of a delivery (DESIGN.md): `{type, timestamp, data: {object}}`, where `object` is the
 * resource as the admin API presents it (a deleted one: its last presentation).
 */
export function webhookBody(type: WebhookDeliveryType, object: unknown, at: Date = new Date()): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data: { object } })
}

/** A change to announce to the account's endpoints. */
export interface WebhookEvent {
  accountId: string
  type: WebhookEventType
  /** The resource as the admin API presents it: its presenter's output, never a secret. */
  object: unknown
}

/**
 * Writes one delivery of the event per enabled endpoint of the account subscribed to its type,
 * and wakes the delivery workers, in one statement. Call it with the transaction that makes the
 * change (the outbox): the deliveries commit with the change or not at all, and the NOTIFY is
 * sent at that commit. Resolves to the number of deliveries written.
 *
 * `when: false` runs the same statement and writes nothing: a path that must cost the same
 * whether or not it changed anything (a repeated registration) uses it.
 *
 * @example
 * await db.transaction().execute(async (trx) => {
 *   const row = await trx.updateTable('events').set(…).returningAll().executeTakeFirstOrThrow()
 *   await enqueueWebhookEvent(trx, { accountId, type: 'event.updated', object: presentEvent(row) })
 * })
 */
export async function enqueueWebhookEvent(db: Kysely<Database>, event: WebhookEvent, options: { when?: boolean } = {}): Promise<number> {
  const body = options.when === false ? '' : webhookBody(event.type, event.object)
  const { rows } = await sql<{ n: number }>`
    with written as (
      insert into webhook_deliveries (account_id, webhook_id, message_id, type, body)
      select e.account_id, e.id, ${newMessageId()}, ${event.type}, ${body}
      from webhook_endpoints e
      where e.account_id = ${event.accountId} and e.enabled and ${options.when !== false}
        and (${event.type} = any (e.events) or ${ALL_WEBHOOK_EVENTS} = any (e.events))
      returning 1)
    select count(*)::int as n, case when count(*) > 0 then pg_notify(${WEBHOOK_OUTBOX.channel}, '')::text end as notified
    from written`.execute(db)
  return rows[0]?.n ?? 0
}
