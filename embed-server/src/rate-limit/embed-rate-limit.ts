import { createRateLimitCounter, rateLimitExceeded, type Config, type RateLimitCounter } from '@event-service/server-common'
import type { Context, Middleware } from 'koa'
import type { Logger } from 'pino'
import type { EmbedState } from '../tokens/token-auth.ts'

/** Registrations per minute from one client IP for one event: a person registers a few colleagues, not hundreds. */
export const REGISTRATIONS_PER_MINUTE = 10

const WINDOW_SECONDS = 60

/** The embed API's two request limits and the counters behind them. */
export interface EmbedRateLimits {
  /** `config.embedRateLimit` requests per minute per (token, client IP); 0 turns it off. */
  perToken: Middleware<EmbedState>
  /** The stricter limit in front of `POST …/registrations`, per (event, client IP). */
  registrations: Middleware<EmbedState>
  close(): Promise<void>
}

function limiter(counter: RateLimitCounter, limit: number, keyOf: (ctx: Context) => string): Middleware<EmbedState> {
  return async (ctx, next) => {
    const window = await counter.hit(keyOf(ctx as unknown as Context))
    // The store failing is not a reason to refuse: counter.hit logged it, the request is served.
    if (window) {
      const resetSeconds = Math.ceil((Date.now() + window.msUntilReset) / 1000)
      ctx.set('X-RateLimit-Limit', String(limit))
      ctx.set('X-RateLimit-Remaining', String(Math.max(0, limit - window.count)))
      ctx.set('X-RateLimit-Reset', String(resetSeconds))
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
  if (config.embedRateLimit === 0) return { perToken: off, registrations: off, close: async () => {} }

  const tokenCounter = createRateLimitCounter({ windowSeconds: WINDOW_SECONDS, keyPrefix: 'embed-token', redisUrl: config.redisUrl, onStoreError })
  const registrationCounter = createRateLimitCounter({
    windowSeconds: WINDOW_SECONDS,
    keyPrefix: 'embed-registration',
    redisUrl: config.redisUrl,
    onStoreError,
  })
  return {
    perToken: limiter(tokenCounter, config.embedRateLimit, (ctx) => `${(ctx.state as EmbedState).token.id}:${ctx.ip}`),
    registrations: limiter(registrationCounter, REGISTRATIONS_PER_MINUTE, (ctx) => `${(ctx.state as EmbedState).token.eventId}:${ctx.ip}`),
    async close() {
      await tokenCounter.close()
      await registrationCounter.close()
    },
  }
}
