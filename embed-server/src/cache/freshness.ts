import { FRESHNESS_BOUND_MS } from '@event-service/server-common'
import { createSyncBarrier } from './sync-barrier.ts'

/**
 * How long a round trip on the listening connection vouches for the cache (one value with the
 * admin API, which answers a refusing change only once it holds here): a round trip that started
 * at `t` and came back proves that every change committed before `t` has been applied; a request
 * may trust the cache when such a `t` lies at most this long before it, so a change is honoured by
 * every request that arrives this long after its commit, even if its notification were held up (it
 * normally arrives within a millisecond, and takes effect then).
 */
export { FRESHNESS_BOUND_MS }

/** Whether the cache may be trusted for a request arriving now (see `createFreshness`). */
export interface Freshness {
  /**
   * `true` when a round trip that started at most `boundMs` ago has come back (synchronously: the
   * hot path awaits nothing); otherwise a promise of the outcome of a round trip started after
   * this call (`false` when it failed: the listening connection is down).
   */
  check(): boolean | Promise<boolean>
  /** Forgets every round trip so far (the listening connection was lost): the next check waits for a new one. */
  reset(): void
}

export interface FreshnessOptions {
  boundMs?: number
  /** Monotonic milliseconds; a test passes its own clock. */
  now?: () => number
}

/**
 * Keeps the proof of freshness young without making requests wait for it: a check that finds the
 * last round trip older than half the bound starts the next one in the background, so under
 * steady traffic no request waits and the listening connection sees a few round trips a second,
 * whatever the request rate. Only a request after a quiet spell (longer than the bound) waits for
 * one, shared with every request that arrives meanwhile (`createSyncBarrier`).
 *
 * @example
 * const freshness = createFreshness(() => listening.sync())
 * const current = freshness.check()
 * if (current === true || (current !== false && (await current))) useTheCache()
 */
export function createFreshness(sync: () => Promise<void>, options: FreshnessOptions = {}): Freshness {
  const boundMs = options.boundMs ?? FRESHNESS_BOUND_MS
  const now = options.now ?? (() => performance.now())
  /** When the latest round trip that came back started; everything committed before it has been applied. */
  let provenAt = Number.NEGATIVE_INFINITY
  /** Bumped by `reset`, so that a round trip of a lost connection proves nothing afterwards. */
  let generation = 0
  let refreshing = false

  const barrier = createSyncBarrier(async () => {
    const startedGeneration = generation
    const startedAt = now()
    await sync()
    if (startedGeneration === generation && startedAt > provenAt) provenAt = startedAt
  })

  const refresh = (): void => {
    if (refreshing) return
    refreshing = true
    barrier()
      // A failure proves nothing; the proof ages out and requests wait again (and see the failure).
      .catch(() => {})
      .finally(() => {
        refreshing = false
      })
  }

  return {
    check() {
      const age = now() - provenAt
      if (age <= boundMs) {
        if (age > boundMs / 2) refresh()
        return true
      }
      return barrier().then(
        () => true,
        () => false,
      )
    },
    reset() {
      generation++
      provenAt = Number.NEGATIVE_INFINITY
    },
  }
}
