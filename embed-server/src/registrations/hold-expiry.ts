import type { Database } from '@event-service/db'
import { expireHolds } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'

/**
 * How often pending registrations whose hold ran out are marked `expired`. The places are free by
 * the clock at once (the capacity check compares `hold_expires_at` with now); the sweep is what
 * flushes the cached `sold_out` and `remaining` (the status change NOTIFYs), so they lag at most this.
 */
export const HOLD_SWEEP_INTERVAL_MS = 30_000

/** A running sweep. */
export interface HoldExpiry {
  stop(): Promise<void>
}

/**
 * Sweeps expired holds every `intervalMs` (one statement, harmless when several instances run
 * it at once), until stopped. A failed sweep is logged and tried again at the next tick.
 */
export function startHoldExpiry(deps: { db: Kysely<Database>; logger: Logger; intervalMs?: number }): HoldExpiry {
  let running: Promise<void> | undefined
  const sweep = () => {
    running ??= expireHolds(deps.db)
      .then((n) => {
        if (n > 0) deps.logger.debug({ expired: n }, 'pending registrations expired')
      })
      .catch((err) => deps.logger.warn({ err }, 'expiring pending registrations failed'))
      .finally(() => {
        running = undefined
      })
  }
  const timer = setInterval(sweep, deps.intervalMs ?? HOLD_SWEEP_INTERVAL_MS)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
