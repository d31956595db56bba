import type { Database } from '@event-service/db'
import { formatDuration } from '@event-service/server-common'
import { type Kysely, sql } from 'kysely'

/**
 * Fails the endpoint's pending deliveries that no attempt holds right now (one in flight records
 * its own outcome, and its next attempt finds the endpoint disabled).
 */
export async function failPendingDeliveries(db: Kysely<Database>, webhookId: string, reason: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', last_error: reason })
    .where('webhook_id', '=', webhookId)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<=', sql<Date>`now()`)]))
    .execute()
}

/**
 * Backs off an endpoint that did not answer in time: its other pending deliveries that no attempt
 * holds wait `delayMs` from now (uncounted, as if they had failed with it), so a receiver that
 * hangs costs the endpoint's in-flight share for one time limit per `delayMs` instead of holding
 * slots back to back while its backlog is tried one delivery after another.
 */
export async function backOffEndpoint(db: Kysely<Database>, webhookId: string, delayMs: number): Promise<void> {
  const until = sql<Date>`now() + ${delayMs}::double precision * interval '1 millisecond'`
  await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: until })
    .where('webhook_id', '=', webhookId)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<', until)
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<=', sql<Date>`now()`)]))
    .execute()
}

/** A successful delivery ends the endpoint's failure streak. */
export async function recordEndpointSuccess(db: Kysely<Database>, webhookId: string): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: null })
    .where('id', '=', webhookId)
    .where('failing_since', 'is not', null)
    .execute()
}

/**
 * Notes a failed attempt: the streak starts now unless it runs already, and an endpoint whose
 * attempts have all failed for `disableAfterMs` is disabled, with the reason shown in the API, and
 * its other pending deliveries failed. Resolves to the endpoint's state: `disabled_now` when this
 * failure disabled it, `disabled` when it was disabled already (e.g. by the API meanwhile).
 */
export async function recordEndpointFailure(
  db: Kysely<Database>,
  webhookId: string,
  disableAfterMs: number,
): Promise<'enabled' | 'disabled' | 'disabled_now'> {
  return db.transaction().execute(async (trx) => {
    const streak = await trx
      .updateTable('webhook_endpoints')
      .set({ failing_since: sql`coalesce(failing_since, now())` })
      .where('id', '=', webhookId)
      .returning([
        'enabled',
        'failing_since',
        sql<boolean>`failing_since <= now() - ${disableAfterMs}::double precision * interval '1 millisecond'`.as('due'),
      ])
      .executeTakeFirst()
    if (!streak?.enabled) return 'disabled'
    if (!streak.due) return 'enabled'
    const since = (streak.failing_since as Date).toISOString()
    const reason =
      `Disabled automatically: every delivery attempt failed for ${formatDuration(disableAfterMs)} (since ${since}). ` +
      'Fix the receiver, then set enabled to true; failed deliveries can be retried one by one.'
    await trx
      .updateTable('webhook_endpoints')
      .set({ enabled: false, disabled_reason: reason, updated_at: sql`now()` })
      .where('id', '=', webhookId)
      .execute()
    await failPendingDeliveries(trx, webhookId, 'The endpoint was disabled after failing for too long')
    return 'disabled_now'
  })
}
