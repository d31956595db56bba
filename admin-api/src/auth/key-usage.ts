import type { Database } from '@event-service/db'
import { sql, type Kysely } from 'kysely'
import type { Logger } from 'pino'

/** How stale `api_keys.last_used_at` may get: one write per key per minute at most. */
const TOUCH_EVERY_MS = 60_000

/** Keeps `api_keys.last_used_at` fresh without a write per request. */
export interface KeyUsageRecorder {
  record(apiKeyId: string): void
  /** Waits for writes in flight (call before closing the database). */
  flush(): Promise<void>
}

/**
 * Records key use at most once a minute per key and process. The write is conditional, so many
 * instances together still write about once a minute, and it never delays the request.
 */
export function createKeyUsageRecorder(db: Kysely<Database>, logger: Logger): KeyUsageRecorder {
  const lastTouched = new Map<string, number>()
  const pending = new Set<Promise<unknown>>()
  return {
    record(apiKeyId) {
      const now = Date.now()
      if (now - (lastTouched.get(apiKeyId) ?? 0) < TOUCH_EVERY_MS) return
      lastTouched.set(apiKeyId, now)
      const write = db
        .updateTable('api_keys')
        .set({ last_used_at: sql`now()` })
        .where('id', '=', apiKeyId)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]))
        .execute()
        .catch((err: unknown) => logger.warn({ err }, 'could not record API key use'))
        .finally(() => pending.delete(write))
      pending.add(write)
    },
    async flush() {
      await Promise.all([...pending])
    },
  }
}
