import type { IncomingMessage } from 'node:http'
import {
  createRateLimitCounter,
  rateLimitExceeded,
  type Config,
  type RateLimitCounter,
  type WindowCount,
} from '@event-service/server-common'
import type { Context, Middleware } from 'koa'
import type { Logger } from 'pino'
import type { EmbedState } from '../tokens/token-auth.ts'

/** Registrations per minute from one client IP for one event: a person registers a few colleagues, not hundreds. */
export const REGISTRATIONS_PER_MINUTE = 10

/** Access verdicts per minute from one client IP: a page asks once per failed widget read. */
export const ACCESS_CHECKS_PER_MINUTE = 60

const WINDOW_SECONDS = 60

/**
 * The per-token limit as the hot path (`fast-path.ts`) uses it: it counts the request itself and,
 * when the window is full, hands the count over to the Koa pipeline (`handOver`), which answers the
 * 429 without counting the request a second time.
 */
export interface PerTokenLimit {
  limit: number
  keyOf(tokenId: string, ip: string): string
  hit(key: string): Promise<WindowCount | null>
  handOver(req: IncomingMessage, key: string, window: WindowCount | null): void
}

/** The embed API's two request limits and the counters behind them. */
export interface EmbedRateLimits {
  /** `config.embedRateLimit` requests per minute per (token, client IP); 0 turns it off. */
  perToken: Middleware<EmbedState>
  /** The same limit for the hot path; `undefined` when it is off. */
  perTokenLimit: PerTokenLimit | undefined
  /** The stricter limit in front of `POST …/registrations`, per (event, client IP). */
  registrations: Middleware<EmbedState>
  /** The limit in front of `GET …/access`, per client IP. */
  access: Middleware<EmbedState>
  close(): Promise<void>
}

/** `X-RateLimit-*` of an answer counted in `window`, in the order they are set. */
export function rateLimitHeaders(limit: number, window: WindowCount, nowMs: number): [string, string][] {
  return [
    ['X-RateLimit-Limit', String(limit)],
    ['X-RateLimit-Remaining', String(Math.max(0, limit - window.count))],
    ['X-RateLimit-Reset', String(Math.ceil((nowMs + window.msUntilReset) / 1000))],
  ]
}

function limiter(
  counter: RateLimitCounter,
  limit: number,
  keyOf: (ctx: Context) => string,
  handedOver?: WeakMap<IncomingMessage, { key: string; window: WindowCount | null }>,
): Middleware<EmbedState> {
  return async (ctx, next) => {
    const key = keyOf(ctx as unknown as Context)
    const counted = handedOver?.get(ctx.req)
    if (counted) handedOver!.delete(ctx.req)
    const window = counted && counted.key === key ? counted.window : await counter.hit(key)
    // The store failing is not a reason to refuse: counter.hit logged it, the request is served.
    if (window) {
      for (const [name, value] of rateLimitHeaders(limit, window, Date.now())) ctx.set(name, value)
      if (window.count > limit) throw rateLimitExceeded(Math.max(1, Math.ceil(window.msUntilReset / 1000)), limit)
    }
    await next()
  }
}

/**
 * Rate limits of the embed API on server-common's counter (Redis when `REDIS_URL` is set, so that
 * limits hold across instances; memory otherwise). `ctx.ip` is the socket's address: behind a
 * proxy, set `app.proxy` so that it is the client's.
 */
export function createEmbedRateLimits(config: Config, logger: Logger): EmbedRateLimits {
  const onStoreError = (err: unknown) => logger.warn({ err }, 'rate-limit store unavailable; request served')
  const off: Middleware<EmbedState> = (_ctx, next) => next()
  if (config.embedRateLimit === 0)
    return { perToken: off, perTokenLimit: undefined, registrations: off, access: off, close: async () => {} }

  const tokenCounter = createRateLimitCounter({
    windowSeconds: WINDOW_SECONDS,
    keyPrefix: 'embed-token',
    redisUrl: config.redisUrl,
    onStoreError,
  })
  const registrationCounter = createRateLimitCounter({
    windowSeconds: WINDOW_SECONDS,
    keyPrefix: 'embed-registration',
    redisUrl: config.redisUrl,
    onStoreError,
  })
  const accessCounter = createRateLimitCounter({
    windowSeconds: WINDOW_SECONDS,
    keyPrefix: 'embed-access',
    redisUrl: config.redisUrl,
    onStoreError,
  })
  const handedOver = new WeakMap<IncomingMessage, { key: string; window: WindowCount | null }>()
  const perTokenKey = (tokenId: string, ip: string) => `${tokenId}:${ip}`
  return {
    perToken: limiter(tokenCounter, config.embedRateLimit, (ctx) => perTokenKey((ctx.state as EmbedState).token.id, ctx.ip), handedOver),
    perTokenLimit: {
      limit: config.embedRateLimit,
      keyOf: perTokenKey,
      hit: (key) => tokenCounter.hit(key),
      handOver: (req, key, window) => handedOver.set(req, { key, window }),
    },
    registrations: limiter(registrationCounter, REGISTRATIONS_PER_MINUTE, (ctx) => `${(ctx.state as EmbedState).token.eventId}:${ctx.ip}`),
    access: limiter(accessCounter, ACCESS_CHECKS_PER_MINUTE, (ctx) => ctx.ip),
    async close() {
      await tokenCounter.close()
      await registrationCounter.close()
      await accessCounter.close()
    },
  }
}
