import { type RateLimiter, rateLimit } from '@event-service/server-common'
import type { Middleware } from 'koa'
import type { AdminState } from './auth-state.ts'
import { hourlyLimitOf } from './plan-limits.ts'

/** The window of the plans' limits (docs/admin-api.md#limits: requests per hour). */
export const ACCOUNT_WINDOW_SECONDS = 3600

/**
 * Requests per hour of one person in the console. The plans meter machines (API keys); a person
 * dragging sessions about makes a request per move, and must not spend the account's API budget.
 */
export const CONSOLE_USER_HOURLY_LIMIT = 10_000

/**
 * Counts each authenticated request (server-common's `rateLimit`): API keys against the account's
 * hourly limit, console sessions against their user's. Every answer carries the `X-RateLimit-*`
 * headers, and past the limit it is 429 `RATE_LIMIT_EXCEEDED` with `Retry-After`.
 */
export function accountRateLimit(limiter: RateLimiter): Middleware<AdminState> {
  return rateLimit<AdminState>(limiter, {
    key: (ctx) => (ctx.state.caller.user ? `user:${ctx.state.caller.user.id}` : ctx.state.account.id),
    limit: (ctx) => (ctx.state.caller.user ? CONSOLE_USER_HOURLY_LIMIT : hourlyLimitOf(ctx.state.account)),
  })
}
