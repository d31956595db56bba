import type { RouterMiddleware } from '@koa/router'
import type { Database } from '@event-service/db'
import { sql, type Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { EmbedState } from '../tokens/token-auth.ts'

/** How often counted requests are written: docs/embed-api.md#tokens promises them in the admin API within 5 s. */
export const USAGE_FLUSH_MS = 2_000

interface Pending {
  count: number
  /** Epoch milliseconds (a number: no Date per request). */
  lastUsedAt: number
}

/** Counts accepted requests per token in memory and writes them in batches. */
export interface UsageCounter {
  /** One accepted request with this token. Costs a map update, never a query. */
  count(tokenId: string): void
  /** Writes everything counted so far (one statement for all tokens). */
  flush(): Promise<void>
  /** Stops the timer and flushes what is left. */
  close(): Promise<void>
}

/**
 * Batches `usage_count` / `last_used_at` updates: every `intervalMs`, one
 * `UPDATE … FROM (VALUES …)` for all tokens used since the last flush. A failed write keeps its
 * counts for the next attempt. These updates do not notify (the trigger ignores usage columns),
 * so counting never flushes any cache.
 *
 * @example
 * const usage = createUsageCounter(db, logger); usage.count(token.id); await usage.close()
 */
export function createUsageCounter(db: Kysely<Database>, logger: Logger, intervalMs = USAGE_FLUSH_MS): UsageCounter {
  let pending = new Map<string, Pending>()
  let flushing: Promise<void> = Promise.resolve()

  const write = async (): Promise<void> => {
    if (pending.size === 0) return
    const batch = pending
    pending = new Map()
    const rows = [...batch].map(([id, p]) => sql`(${id}::uuid, ${p.count}::bigint, ${new Date(p.lastUsedAt).toISOString()}::timestamptz)`)
    try {
      await sql`
        update embed_tokens as t
        set usage_count = t.usage_count + v.n,
            last_used_at = greatest(coalesce(t.last_used_at, v.at), v.at)
        from (values ${sql.join(rows)}) as v(id, n, at)
        where t.id = v.id`.execute(db)
    } catch (err) {
      logger.warn({ err }, 'usage counts not written; retrying with the next flush')
      for (const [id, p] of batch) {
        const later = pending.get(id)
        pending.set(id, later ? { count: later.count + p.count, lastUsedAt: later.lastUsedAt } : p)
      }
    }
  }

  // Flushes run one after the other, so two batches never race on one row.
  const flush = (): Promise<void> => (flushing = flushing.then(write))
  const timer = setInterval(() => void flush(), intervalMs)
  timer.unref()

  return {
    count(tokenId) {
      const now = Date.now()
      const p = pending.get(tokenId)
      if (p) {
        p.count++
        p.lastUsedAt = now
      } else {
        pending.set(tokenId, { count: 1, lastUsedAt: now })
      }
    },
    flush,
    async close() {
      clearInterval(timer)
      await flush()
    },
  }
}

/** Guard step: counts the request as a use of the token that the token check accepted. */
export function countUsage(usage: UsageCounter): RouterMiddleware<EmbedState> {
  return async (ctx, next) => {
    usage.count(ctx.state.token.id)
    await next()
  }
}
