import { type Database, type EventSyncRow, notifyOutbox } from '@event-service/db'
import { conflict, validationError } from '@event-service/server-common'
import { type Kysely, sql, type Transaction } from 'kysely'
import { assertEventVisible } from '../events/events.service.ts'
import { type TargetPolicy, webhookUrlProblem } from '../webhooks/target-address.ts'
import type { SyncSettingsInput } from './sync.schema.ts'

/** NOTIFY channel that wakes the sync workers of every instance when a sync is set or asked for now. */
export const SYNC_CHANNEL = 'event_syncs'

/** 400 at `sync.url` unless the source may be fetched: the same rules as a webhook's target. */
export async function assertSyncSource(input: SyncSettingsInput | null | undefined, policy: TargetPolicy): Promise<void> {
  if (!input) return
  const problem = await webhookUrlProblem(input.url, policy, 'event syncs')
  if (problem) throw validationError([{ path: 'sync.url', message: problem }])
}

/**
 * Sets (or, with null, removes) the source the event follows, in the event's transaction. A new
 * or changed setting is due at once and forgets the last answer's validators, so that its first
 * run reads the whole source; the same setting again changes nothing.
 */
export async function writeEventSync(
  trx: Transaction<Database>,
  accountId: string,
  eventId: string,
  input: SyncSettingsInput | null,
): Promise<void> {
  if (input === null) {
    await trx.deleteFrom('event_syncs').where('event_id', '=', eventId).execute()
    return
  }
  const setting = { url: input.url, format: input.format, every_seconds: input.every, removed: input.removed }
  const current = await trx.selectFrom('event_syncs').selectAll().where('event_id', '=', eventId).forUpdate().executeTakeFirst()
  if (current && (Object.keys(setting) as (keyof typeof setting)[]).every((k) => current[k] === setting[k])) return
  const due = { next_run_at: sql<Date>`now()`, etag: null, last_modified: null, updated_at: sql<Date>`now()` }
  await trx
    .insertInto('event_syncs')
    .values({ event_id: eventId, account_id: accountId, ...setting, ...due })
    .onConflict((oc) => oc.column('event_id').doUpdateSet({ ...setting, ...due }))
    .execute()
  await notifyOutbox(trx, SYNC_CHANNEL)
}

/** The syncs of these events, by event id (events that follow no source are absent). */
export async function loadEventSyncs(db: Kysely<Database>, eventIds: readonly string[]): Promise<Map<string, EventSyncRow>> {
  if (eventIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('event_syncs')
    .selectAll()
    .where('event_id', 'in', [...eventIds])
    .execute()
  return new Map(rows.map((r) => [r.event_id, r]))
}

/**
 * "Sync now": makes the event's sync due at once and wakes the workers; resolves to its row.
 * 404 unless the event is the account's, 409 `CONFLICT` when it follows no source.
 */
export async function syncNow(db: Kysely<Database>, accountId: string, eventId: string): Promise<EventSyncRow> {
  await assertEventVisible(db, accountId, eventId)
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('event_syncs')
      .set({ next_run_at: sql<Date>`now()` })
      .where('event_id', '=', eventId)
      .where('account_id', '=', accountId)
      .returningAll()
      .executeTakeFirst()
    if (!row) throw conflict('The event follows no source; set its `sync` first')
    await notifyOutbox(trx, SYNC_CHANNEL)
    return row
  })
}
