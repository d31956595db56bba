import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import type { ListenHandlers, Listening } from '../create-db.ts'
import type { OutboxRow } from './outbox-columns.ts'
import {
  claimDue,
  type Executor,
  type ExtraColumns,
  type InFlightLimit,
  nextDue,
  type RecordedOutcome,
  recordOutcome,
  releaseClaim,
} from './outbox-queries.ts'

/**
 * What a handler made of one attempt: `delivered`; `retry` (this attempt failed, the schedule
 * decides whether another follows); `failed` (give up now, e.g. the destination is gone).
 * `columns` are extra columns of the table to store with it (e.g. the response's status code).
 */
export type AttemptResult =
  | { outcome: 'delivered'; columns?: ExtraColumns }
  | { outcome: 'retry' | 'failed'; error: string; columns?: ExtraColumns }

/** The part of a pino logger the worker uses. */
export interface OutboxLogger {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export interface OutboxWorkerOptions<R extends OutboxRow> {
  db: Executor
  /** The outbox table (with the columns of `OutboxColumns`). */
  table: string
  /** NOTIFY channel the enqueuers signal (`notifyOutbox`), for a wake-up at once. */
  channel: string
  /** `DbHandle.listen`; without it the worker only polls. */
  listen?: ((channel: string, handlers: ListenHandlers) => Promise<Listening>) | undefined
  /**
   * Makes one attempt of a claimed row. Must finish well within `leaseMs` (give it a timeout),
   * and stop early when `signal` aborts (the worker is stopping; the row is released untried).
   * A thrown error counts as a failed attempt (`retry`).
   */
  handle(row: R, signal: AbortSignal): Promise<AttemptResult>
  /** Waits between attempts: after the n-th failed attempt, `retryDelaysMs[n-1]`; the attempt after the last wait is the last. */
  retryDelaysMs: readonly number[]
  /** How long a claim holds; after it, the row is taken over (the holder is presumed dead). */
  leaseMs: number
  /** Attempts in flight at once per worker (default 16). */
  concurrency?: number
  /**
   * Caps on rows in flight per group over every worker (e.g. 2 per endpoint, 4 per account), so
   * that one group's slow destinations cannot take every slot; see `claimDue`. None by default.
   */
  inFlightLimits?: readonly InFlightLimit[]
  /** Backstop poll when no NOTIFY arrives (default 5 s); due retries are woken for exactly. */
  pollMs?: number
  logger: OutboxLogger
  /** Fields that identify a row in the log lines (e.g. its destination). */
  describe?(row: R): object
}

/** A running worker. */
export interface OutboxWorker {
  /** Looks for due rows now (called by NOTIFY, a finished attempt or the timer). */
  wake(): void
  /** Stops claiming, aborts attempts in flight and releases their rows; resolves when all is quiet. */
  stop(): Promise<void>
  /** Identifies this worker's claims (`locked_by`). */
  readonly id: string
}

const errorMessage = (err: unknown): string => (err instanceof Error ? err.message : String(err))

/**
 * Starts draining an outbox table: each row is attempted by one worker at a time (claims with
 * `FOR UPDATE SKIP LOCKED` and a lease), at least once, retried on the schedule, then failed.
 * Woken at once by NOTIFY on `channel`, at the next due retry by a timer, and by a poll as
 * backstop (a notification lost while the listening connection was down).
 *
 * @example
 * const worker = await startOutboxWorker({ db, table: 'webhook_deliveries', channel: 'webhook_deliveries',
 *   listen: handle.listen, retryDelaysMs: [60_000], leaseMs: 15_000, logger, handle: async (row, signal) => … })
 * await worker.stop()
 */
export async function startOutboxWorker<R extends OutboxRow>(options: OutboxWorkerOptions<R>): Promise<OutboxWorker> {
  const { db, table, logger, retryDelaysMs, leaseMs } = options
  const concurrency = options.concurrency ?? 16
  const pollMs = options.pollMs ?? 5_000
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  const inFlight = new Map<string, { abort: AbortController; done: Promise<void> }>()
  let stopped = false
  let cycle: Promise<void> | undefined
  let again = false
  let timer: NodeJS.Timeout | undefined
  let timerAt = 0
  /** The last claim filled every free slot: more rows may be due. */
  let backlog = false
  /** Due rows were left unclaimed by the in-flight limits: a finishing attempt may release them. */
  let heldBack = false
  const refillAt = Math.max(1, Math.floor(concurrency / 4))
  let failing = false

  const describe = (row: R) => ({ outbox: table, id: row.id, ...(options.describe?.(row) ?? {}) })

  const toRecorded = (row: R, result: AttemptResult): RecordedOutcome => {
    if (result.outcome === 'delivered') return { status: 'delivered', columns: result.columns ?? {} }
    const maxAttempts = row.max_attempts ?? retryDelaysMs.length + 1
    if (result.outcome === 'retry' && row.attempts < maxAttempts) {
      const retryInMs = retryDelaysMs[Math.min(row.attempts, retryDelaysMs.length) - 1] ?? 0
      return { status: 'pending', retryInMs, error: result.error, columns: result.columns ?? {} }
    }
    return { status: 'failed', error: result.error, columns: result.columns ?? {} }
  }

  const attempt = async (row: R, abort: AbortController): Promise<RecordedOutcome | undefined> => {
    if (abort.signal.aborted) {
      // Claimed while the worker was stopping: give it back untried.
      await releaseClaim(db, table, row.id, id)
      return undefined
    }
    let result: AttemptResult
    try {
      result = await options.handle(row, abort.signal)
    } catch (err) {
      result = { outcome: 'retry', error: errorMessage(err) }
    }
    if (abort.signal.aborted) {
      await releaseClaim(db, table, row.id, id)
      return undefined
    }
    const recorded = toRecorded(row, result)
    if (recorded.status !== 'delivered') {
      // One line per failed attempt, written when the attempt ends (never per poll).
      const next = recorded.status === 'pending' ? { retry_in_ms: recorded.retryInMs } : { final: true }
      logger.warn({ ...describe(row), attempt: row.attempts, error: recorded.error, ...next }, 'outbox attempt failed')
    }
    const kept = await recordOutcome(db, table, row.id, id, recorded)
    if (!kept)
      logger.warn(
        { ...describe(row) },
        'outbox: the row changed hands during the attempt (its lease ran out and another worker took it over, or it was deleted); this result is dropped',
      )
    return recorded
  }

  const launch = (row: R) => {
    const abort = new AbortController()
    if (stopped) abort.abort()
    const done = attempt(row, abort)
      .catch((err: unknown) => {
        logger.error({ ...describe(row), err }, 'outbox: could not record an attempt; it is retried when its lease ends')
        return undefined
      })
      .then((recorded) => {
        inFlight.delete(row.id)
        // A retry is due at a known time: wake for it without asking the database.
        if (recorded?.status === 'pending') scheduleIn(recorded.retryInMs)
        // Rows were left waiting, for slots or held back by a group's cap (which this attempt's end
        // may release): claim again once a few slots are free (one claim per few rows).
        if ((backlog || heldBack) && concurrency - inFlight.size >= refillAt) wake()
      })
    inFlight.set(row.id, { abort, done })
  }

  /** Wakes in `ms` (at most the poll interval), unless a wake-up is due earlier already. */
  const scheduleIn = (ms: number) => {
    if (stopped) return
    const at = Date.now() + Math.max(0, Math.min(ms, pollMs))
    if (timer && timerAt <= at) return
    clearTimeout(timer)
    timerAt = at
    timer = setTimeout(() => {
      timer = undefined
      wake()
    }, at - Date.now())
    timer.unref()
  }

  const runCycle = async () => {
    do {
      again = false
      let free = concurrency - inFlight.size
      // Every slot busy: whatever is due waits for finishing attempts, which wake us.
      backlog = free === 0
      while (free > 0 && !stopped) {
        const rows = await claimDue<R>(db, table, { workerId: id, limit: free, leaseMs, limits: options.inFlightLimits })
        for (const row of rows) launch(row)
        backlog = rows.length === free
        if (!backlog) break
        free = concurrency - inFlight.size
      }
    } while (again && !stopped)
    // With a backlog, finishing attempts wake us. Otherwise sleep until the next due row (or the poll).
    if (backlog) return
    const next = await nextDue(db, table)
    // Due rows left after a short claim are held back by the limits (or were taken by another
    // worker's claim meanwhile): attempts finishing here wake us, those of other workers' groups
    // are theirs to follow up, and the poll is the backstop. Without limits, look again at once.
    heldBack = next.dueNow && (options.inFlightLimits?.length ?? 0) > 0
    scheduleIn(next.dueNow && !heldBack ? 0 : (next.laterMs ?? pollMs))
  }

  function wake(): void {
    if (stopped) return
    if (cycle) {
      again = true
      return
    }
    clearTimeout(timer)
    timer = undefined
    cycle = runCycle()
      .then(() => {
        if (failing) logger.info({ outbox: table }, 'outbox: the database answers again')
        failing = false
      })
      .catch((err: unknown) => {
        // Logged once per outage, then retried on the poll.
        if (!failing) logger.warn({ outbox: table, err }, `outbox: could not claim rows; retrying every ${pollMs} ms`)
        failing = true
        scheduleIn(pollMs)
      })
      .finally(() => {
        cycle = undefined
        // A wake-up that came after the last claim of that cycle must not be lost.
        if (again) wake()
      })
  }

  const unlisten = options.listen ? await options.listen(options.channel, { onMessage: wake, onReconnect: wake }) : undefined
  wake()

  return {
    id,
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
