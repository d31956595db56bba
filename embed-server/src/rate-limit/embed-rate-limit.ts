import type { RouterMiddleware } from '@koa/router'
import {
  type Config,
  createRateLimiter,
  createRateLimitStore,
  type RateLimiter,
  type RateLimitVerdict,
  rateLimit,
} from '@event-service/server-common'
import { normaliseEmail } from '@event-service/db'
import type { Logger } from 'pino'
import type { EmbedState } from '../tokens/token-auth.ts'

/** Registrations per minute from one client IP for one event: a person registers a few colleagues, not hundreds. */
export const REGISTRATIONS_PER_MINUTE = 10

/**
 * Registrations per hour of one inbox (`normaliseEmail`) for one event. A person registers once; a bot that
 * rotates IPs to flood one inbox with confirmation emails stops here. Counted for every attempt,
 * registered or not, so the limit tells nothing about who is registered.
 */
export const REGISTRATIONS_PER_EMAIL_PER_HOUR = 5

/** Access verdicts per minute from one client IP: a page asks once per failed widget read. */
export const ACCESS_CHECKS_PER_MINUTE = 60

const WINDOW_SECONDS = 60

/**
 * `config.embedRateLimit` reads per minute per (token, client IP), as both the Koa pipeline and
 * the hot path (`fast-path.ts`) count them: the same limiter, key and limit.
 */
export interface PerTokenLimit {
  consume(tokenId: string, clientIp: string): Promise<RateLimitVerdict>
}

/** The embed API's request limits, on one rate-limit store. */
export interface EmbedRateLimits {
  /** The per-token limit; `undefined` when `EMBED_RATE_LIMIT` is 0. */
  perToken: PerTokenLimit | undefined
  /** Guard step: `perToken` as middleware (a no-op when it is off). */
  perTokenStep: RouterMiddleware<EmbedState>
  /** The stricter limit in front of `POST …/registrations`, per (event, client IP). */
  registrations: RouterMiddleware<EmbedState>
  /**
   * The per-email limit of registrations, counted by the route once the body is read (no
   * `X-RateLimit-*` headers of its own: those describe the per-IP limit); `undefined` when limits are off.
   */
  perEmail: { consume(eventId: string, email: string): Promise<RateLimitVerdict> } | undefined
  /** The limit in front of `GET …/access`, per client IP. */
  access: RouterMiddleware<EmbedState>
  close(): Promise<void>
}

const off: RouterMiddleware<EmbedState> = (_ctx, next) => next()

/**
 * Rate limits of the embed API on server-common's limiter (Redis when `REDIS_URL` is set, so that
 * limits hold across instances, with this instance's memory while Redis is away). The client IP is
 * `ctx.state.clientIp` (server-common's `clientIp`, by `TRUST_PROXY`), as in the hot path.
 */
export async function createEmbedRateLimits(config: Config, logger: Logger): Promise<EmbedRateLimits> {
  if (config.embedRateLimit === 0) {
    return { perToken: undefined, perTokenStep: off, registrations: off, perEmail: undefined, access: off, close: async () => {} }
  }
  const store = await createRateLimitStore(config.redisUrl, logger)
  const limiter = (name: string): RateLimiter => createRateLimiter(store, { name, windowSeconds: WINDOW_SECONDS })
  const tokenLimiter = limiter('embed-token')
  const emailLimiter = createRateLimiter(store, { name: 'embed-registration-email', windowSeconds: 60 * 60 })
  const perTokenKey = (tokenId: string, clientIp: string) => `${tokenId}:${clientIp}`
  const perToken: PerTokenLimit = {
    consume: (tokenId, clientIp) => tokenLimiter.consume(perTokenKey(tokenId, clientIp), config.embedRateLimit),
  }
  return {
    perToken,
    perTokenStep: rateLimit<EmbedState>(tokenLimiter, {
      key: (ctx) => perTokenKey(ctx.state.token.id, ctx.state.clientIp),
      limit: () => config.embedRateLimit,
    }),
    registrations: rateLimit<EmbedState>(limiter('embed-registration'), {
      key: (ctx) => `${ctx.state.token.eventId}:${ctx.state.clientIp}`,
      limit: () => REGISTRATIONS_PER_MINUTE,
    }),
    perEmail: {
      // By inbox, not by spelling: `victim+1@…` and `V.ictim@gmail.com` fill the same inbox.
      consume: (eventId, email) => emailLimiter.consume(`${eventId}:${normaliseEmail(email)}`, REGISTRATIONS_PER_EMAIL_PER_HOUR),
    },
    access: rateLimit<EmbedState>(limiter('embed-access'), { key: (ctx) => ctx.state.clientIp, limit: () => ACCESS_CHECKS_PER_MINUTE }),
    close: () => store.close(),
  }
}
