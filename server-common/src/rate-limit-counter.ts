import { Redis } from 'ioredis'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'

/** The state of one key's window after counting a request. */
export interface WindowCount {
  /** Requests counted in this window, including this one. */
  count: number
  /** Milliseconds until the window starts over. */
  msUntilReset: number
}

/** Counts requests per key in fixed windows; `hit` resolves to `null` when the store failed. */
export interface RateLimitCounter {
  hit(key: string): Promise<WindowCount | null>
  close(): Promise<void>
}

export interface CounterOptions {
  /** Window length in seconds. */
  windowSeconds: number
  /** Namespace of the keys, e.g. `admin` or `embed-token`. */
  keyPrefix: string
  /** Redis connection string; in process memory when unset. */
  redisUrl?: string | undefined
  /** Told about store failures, which are served, not limited. */
  onStoreError?(err: unknown): void
}

// Limits differ per account, so the store only counts (with a ceiling no one reaches) and the
// caller compares the count with the caller's own limit.
const COUNT_CEILING = Number.MAX_SAFE_INTEGER

/**
 * A request counter on rate-limiter-flexible: Redis when `redisUrl` is set (shared by every
 * instance), memory otherwise.
 *
 * @example
 * const counter = createRateLimitCounter({ windowSeconds: 3600, keyPrefix: 'admin', redisUrl })
 * const c = await counter.hit(accountId) // null: store down, serve the request
 */
export function createRateLimitCounter(options: CounterOptions): RateLimitCounter {
  const base = { points: COUNT_CEILING, duration: options.windowSeconds, keyPrefix: options.keyPrefix }
  let redis: Redis | undefined
  let limiter: RateLimiterAbstract
  if (options.redisUrl) {
    // No offline queue and a short command timeout: while Redis is away, requests are served
    // at once instead of waiting on it.
    redis = new Redis(options.redisUrl, { enableOfflineQueue: false, commandTimeout: 500, maxRetriesPerRequest: 1 })
    redis.on('error', (err) => options.onStoreError?.(err))
    limiter = new RateLimiterRedis({ ...base, storeClient: redis, rejectIfRedisNotReady: true })
  } else {
    limiter = new RateLimiterMemory(base)
  }
  return {
    async hit(key) {
      try {
        const res = await limiter.consume(key, 1)
        return { count: res.consumedPoints, msUntilReset: res.msBeforeNext }
      } catch (err) {
        if (err instanceof RateLimiterRes) return { count: err.consumedPoints, msUntilReset: err.msBeforeNext }
        options.onStoreError?.(err)
        return null
      }
    },
    async close() {
      redis?.disconnect()
    },
  }
}
