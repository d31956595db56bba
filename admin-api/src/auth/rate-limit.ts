import { type RateLimiter, rateLimit } from '@event-service/server-common'
import type { Middleware } from 'koa'
import type { AdminState } from './auth-state.ts'
import { hourlyLimitOf } from './plan-limits.ts'

/** The window of the plans' limits (SPEC.md 8: requests per hour). */
export const ACCOUNT_WINDOW_SECONDS = 3600

/**
 * Counts each keyed request against the account's hourly limit (server-common's `rateLimit`):
 * every keyed answer carries the `X-RateLimit-*` headers, and past the limit it is 429
 * `RATE_LIMIT_EXCEEDED` with `Retry-After`.
 */
export function accountRateLimit(limiter: RateLimiter): Middleware<AdminState> {
  return rateLimit<AdminState>(limiter, { key: (ctx) => ctx.state.account.id, limit: (ctx) => hourlyLimitOf(ctx.state.account) })
}
