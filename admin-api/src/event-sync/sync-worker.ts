import type { Database, EventSyncRow, Listening, ListenHandlers } from '@event-service/db'
import { type Kysely, sql } from 'kysely'
import type { Logger } from 'pino'
import { recordSync, runSync, storedError } from './sync-run.ts'
import { SYNC_CHANNEL } from './sync.service.ts'

/** Syncs one instance runs at once; each is mostly waiting on its source. */
export const SYNC_SLOTS = 4
/**
 * Backstop: how often the worker looks for due syncs when nothing woke it (a NOTIFY lost while
 * the listening connection was down). Due times it knows of wake it exactly.
 */
const POLL_MS = 60_000

export interface SyncWorkerDeps {
  db: Kysely<Database>
  /** `listenerOf(db)`: wakes the worker when a sync is set or asked for now on any instance; without it, timers only. */
  listen: ((channel: string, handlers: ListenHandlers) => Promise<Listening>) | undefined
  /** Whether sources may be on loopback and private networks (`WEBHOOK_ALLOW_PRIVATE`). */
  allowPrivate: boolean
  /** The whole fetch's time limit (`SOURCE_FETCH_TIMEOUT`). */
  fetchTimeoutMs: number
  logger: Logger
}

/** The running sync worker of one admin API instance. */
export interface SyncWorker {
  /** Looks for due syncs now. */
  wake(): void
  /** Stops claiming; fetches in flight are stopped and their syncs made due again (imports under way finish). */
  stop(): Promise<void>
}

/**
 * Claims up to `limit` due syncs: each claimed row's `next_run_at` moves one interval on in the
 * same statement, under `for update skip locked`, so no other instance claims it (nor fetches
 * its source) until then.
 */
async function claimDueSyncs(db: Kysely<Database>, limit: number): Promise<EventSyncRow[]> {
  const { rows } = await sql<EventSyncRow>`
    update event_syncs set next_run_at = now() + every_seconds * interval '1 second'
    where event_id in (
      select event_id from event_syncs where next_run_at <= now()
      order by next_run_at limit ${limit} for update skip locked)
    returning *`.execute(db)
  return rows
}

/** Milliseconds until the next sync is due (by the database's clock), or null when none is set. */
async function msUntilNextDue(db: Kysely<Database>): Promise<number | null> {
  const { rows } = await sql<{ ms: number | null }>`
    select (extract(epoch from min(next_run_at) - now()) * 1000)::float8 as ms from event_syncs`.execute(db)
  const ms = rows[0]?.ms
  return ms === null || ms === undefined ? null : Math.max(0, Number(ms))
}

/** A sync whose fetch was stopped by a shutdown is due again at once, for another instance or the next start. */
async function releaseSync(db: Kysely<Database>, row: EventSyncRow): Promise<void> {
  await db.updateTable('event_syncs').set({ next_run_at: sql<Date>`now()` }).where('event_id', '=', row.event_id).execute()
}

/**
 * Starts running the syncs of events (docs/schedule-exchange.md#sync) in this process: sleeps
 * until the next due sync (a timer, no polling in between), is woken by a NOTIFY when a sync is
 * set, changed or asked for now, claims due rows (`claimDueSyncs`) and runs each: fetch, import,
 * record. Each failed run is logged once at `warn`.
 */
export async function startSyncWorker(deps: SyncWorkerDeps): Promise<SyncWorker> {
  const { db, logger } = deps
  const inFlight = new Map<string, { abort: AbortController; done: Promise<void> }>()
  let stopped = false
  let cycle: Promise<void> | undefined
  let again = false
  let timer: NodeJS.Timeout | undefined

  const run = async (row: EventSyncRow, abort: AbortController) => {
    const describe = { event_id: row.event_id, url: row.url }
    try {
      const outcome = await runSync(db, row, { allowPrivate: deps.allowPrivate, timeoutMs: deps.fetchTimeoutMs, signal: abort.signal })
      if (abort.signal.aborted && outcome.importId === null) return releaseSync(db, row)
      if (outcome.result === 'failed') logger.warn({ ...describe, error: outcome.error }, 'sync failed')
      else
        (outcome.result === 'changed' ? logger.info : logger.debug).call(
          logger,
          { ...describe, result: outcome.result, import_id: outcome.importId },
          'synced',
        )
      await recordSync(db, row, outcome)
    } catch (err) {
      logger.error({ ...describe, err }, 'sync failed unexpectedly')
      await recordSync(db, row, { result: 'failed', error: storedError(err), importId: null, validators: null })
    }
  }

  const launch = (row: EventSyncRow) => {
    const abort = new AbortController()
    // "Sync now" while this instance runs the event's sync: the new run follows the one under way.
    const previous = inFlight.get(row.event_id)
    // Stopping stops both: the map holds the last run of an event, and its abort reaches the one before.
    if (previous) abort.signal.addEventListener('abort', () => previous.abort.abort(), { once: true })
    const done: Promise<void> = (previous?.done ?? Promise.resolve())
      .then(() => run(row, abort))
      .catch((err: unknown) => logger.error({ event_id: row.event_id, err }, 'could not record a sync; it runs again when next due'))
      .finally(() => {
        if (inFlight.get(row.event_id)?.done === done) inFlight.delete(row.event_id)
        // Due rows may have waited for this slot.
        wake()
      })
    inFlight.set(row.event_id, { abort, done })
  }

  const sleep = (ms: number) => {
    clearTimeout(timer)
    if (stopped) return
    timer = setTimeout(wake, Math.min(ms, POLL_MS))
    timer.unref()
  }

  const runCycle = async () => {
    do {
      again = false
      const free = SYNC_SLOTS - inFlight.size
      if (free === 0) return // a finishing run wakes us
      const rows = await claimDueSyncs(db, free)
      for (const row of rows) launch(row)
      if (rows.length === free) return
    } while (again && !stopped)
    const next = await msUntilNextDue(db)
    sleep(next ?? POLL_MS)
  }

  function wake(): void {
    if (stopped) return
    if (cycle) {
      again = true
      return
    }
    clearTimeout(timer)
    cycle = runCycle()
      .catch((err: unknown) => {
        logger.warn({ err }, `sync worker: could not claim due syncs; trying again in ${POLL_MS / 1000} s`)
        sleep(POLL_MS)
      })
      .finally(() => {
        cycle = undefined
        if (again) wake()
      })
  }

  const unlisten = deps.listen ? await deps.listen(SYNC_CHANNEL, { onMessage: wake, onReconnect: wake }) : undefined
  wake()

  return {
    wake,
    async stop() {
      if (stopped) return
      stopped = true
      clearTimeout(timer)
      await unlisten?.()
      await cycle
      for (const { abort } of inFlight.values()) abort.abort()
      await Promise.all([...inFlight.values()].map((f) => f.done))
    },
  }
}
