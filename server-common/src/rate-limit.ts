import type { DefaultContext, Middleware, ParameterizedContext } from 'koa'
import { Redis } from 'ioredis'
import type { Logger } from 'pino'
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import { type ApiError, rateLimitExceeded } from './api-error.ts'

/** Where request counts live: Redis when `REDIS_URL` is set (shared by every instance), else this process. */
export interface RateLimitStore {
  /** The shared connection, or `undefined` for counts in memory only. */
  readonly redis: Redis | undefined
  close(): Promise<void>
}

/** How long a server waits at start for Redis before it serves with limits counted in memory. */
const FIRST_CONNECT_MS = 2_000

/**
 * One Redis connection for all of a server's limiters, resolved once it is up (or after a short
 * wait, when Redis is away: the server starts anyway). An outage is logged once when it starts and
 * once when it ends: while Redis is away every limiter counts in this instance's memory
 * (rate-limiter-flexible's insurance limiter), so limits hold per instance and headers keep coming.
 *
 * @example
 * const store = await createRateLimitStore(config.redisUrl, logger)
 */
export async function createRateLimitStore(redisUrl: string | undefined, logger: Logger): Promise<RateLimitStore> {
  if (!redisUrl) return { redis: undefined, close: async () => {} }
  // No offline queue and a short command timeout: while Redis is away, counting falls back to
  // memory at once instead of waiting on it.
  const redis = new Redis(redisUrl, { enableOfflineQueue: false, commandTimeout: 500, maxRetriesPerRequest: 1 })
  let down = false
  let closing = false
  const wentDown = (err?: unknown) => {
    if (down || closing) return
    down = true
    logger.warn({ err }, 'rate-limit store unavailable: limits are counted in this instance until it is back')
  }
  // A refused connection is an error; a dropped one only closes.
  redis.on('error', wentDown)
  redis.on('close', () => wentDown())
  redis.on('ready', () => {
    if (!down) return
    down = false
    logger.info('rate-limit store is back: limits are shared by every instance again')
  })
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      redis.off('ready', done)
      redis.off('error', done)
      resolve()
    }
    const timer = setTimeout(done, FIRST_CONNECT_MS)
    redis.once('ready', done)
    redis.once('error', done)
  })
  return {
    redis,
    close: async () => {
      closing = true
      redis.disconnect()
    },
  }
}

/** The outcome of counting one request: the `X-RateLimit-*` headers, and the 429 past the limit. */
export interface RateLimitVerdict {
  headers: Record<string, string>
  exceeded: ApiError | undefined
}

/** Counts requests per key in fixed windows, against a limit given per request. */
export interface RateLimiter {
  /** Counts one request for `key`; never fails (a store outage is counted in memory). */
  consume(key: string, limit: number): Promise<RateLimitVerdict>
  /** The verdict for `key` as it stands, counting nothing (limits on failures peek, then count the failure). */
  peek(key: string, limit: number): Promise<RateLimitVerdict>
}

export interface RateLimiterOptions {
  /** Namespace of the keys, e.g. `admin` or `embed-token`. */
  name: string
  windowSeconds: number
}

// Limits differ per key (per account, say), so the store only counts, with a ceiling no one
// reaches, and the limit is compared here.
const COUNT_CEILING = Number.MAX_SAFE_INTEGER

/**
 * `X-RateLimit-Limit`, `-Remaining` (never below 0) and `-Reset` (Unix seconds) of a request
 * counted `count`-th in a window that resets in `msUntilReset`; with `Retry-After` past the limit.
 */
export function verdictOf(limit: number, count: number, msUntilReset: number, nowMs: number): RateLimitVerdict {
  const headers: Record<string, string> = {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(Math.max(0, limit - count)),
    'X-RateLimit-Reset': String(Math.ceil((nowMs + msUntilReset) / 1000)),
  }
  if (count <= limit) return { headers, exceeded: undefined }
  return { headers, exceeded: rateLimitExceeded(Math.max(1, Math.ceil(msUntilReset / 1000)), limit) }
}

/**
 * A fixed-window limiter on rate-limiter-flexible, in Redis when the store has it (with an
 * in-memory insurance limiter for its outages), in memory otherwise.
 *
 * @example
 * const perAccount = createRateLimiter(store, { name: 'admin', windowSeconds: 3600 })
 * const { headers, exceeded } = await perAccount.consume(accountId, 1000)
 */
export function createRateLimiter(store: RateLimitStore, options: RateLimiterOptions): RateLimiter {
  const base = { points: COUNT_CEILING, duration: options.windowSeconds, keyPrefix: options.name }
  const memory = new RateLimiterMemory(base)
  const limiter: RateLimiterAbstract = store.redis
    ? new RateLimiterRedis({ ...base, storeClient: store.redis, rejectIfRedisNotReady: true, insuranceLimiter: memory })
    : memory
  return {
    async consume(key, limit) {
      let res: RateLimiterRes
      try {
        res = await limiter.consume(key, 1)
      } catch (err) {
        // Only the ceiling, which no one reaches, is refused by the store itself.
        if (!(err instanceof RateLimiterRes)) throw err
        res = err
      }
      return verdictOf(limit, res.consumedPoints, res.msBeforeNext, Date.now())
    },
    async peek(key, limit) {
      const res = await limiter.get(key).catch(() => null)
      // The next request would be the (count + 1)-th: refused once `limit` are used up.
      return verdictOf(limit, (res?.consumedPoints ?? 0) + 1, res?.msBeforeNext ?? options.windowSeconds * 1000, Date.now())
    },
  }
}

/**
 * The rate-limit middleware of both servers: counts the request under `key(ctx)` against
 * `limit(ctx)`, sets the `X-RateLimit-*` headers on every answer (errors included) and answers 429
 * `RATE_LIMIT_EXCEEDED` with `Retry-After` past the limit.
 *
 * @example
 * router.use(rateLimit(perAccount, { key: (ctx) => ctx.state.account.id, limit: (ctx) => hourlyLimitOf(ctx.state.account) }))
 */
export function rateLimit<StateT, ContextT = DefaultContext>(
  limiter: RateLimiter,
  by: { key(ctx: ParameterizedContext<StateT, ContextT>): string; limit(ctx: ParameterizedContext<StateT, ContextT>): number },
): Middleware<StateT, ContextT> {
  return async (ctx, next) => {
    const verdict = await limiter.consume(by.key(ctx), by.limit(ctx))
    ctx.set(verdict.headers)
    if (verdict.exceeded) throw verdict.exceeded
    await next()
  }
}
