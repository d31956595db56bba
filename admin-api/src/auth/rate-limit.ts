import { rateLimitExceeded, type RateLimitCounter } from '@event-service/server-common'
import type { Middleware } from 'koa'
import type { AdminState } from './auth-state.ts'
import { hourlyLimitOf } from './plan-limits.ts'

/**
 * Counts each keyed request against the account's hourly limit and answers 429
 * `RATE_LIMIT_EXCEEDED` past it. Every keyed response carries the `X-RateLimit-*` headers. When
 * the counter store fails (Redis down) the request is served: an outage is not a rate limit.
 */
export function accountRateLimit(counter: RateLimitCounter): Middleware<AdminState> {
  return async (ctx, next) => {
    const limit = hourlyLimitOf(ctx.state.account)
    const window = await counter.hit(ctx.state.account.id)
    ctx.set('X-RateLimit-Limit', String(limit))
    if (!window) {
      // Without a count there is no honest Remaining/Reset to give; the limit alone is still true.
      ctx.state.log.warn({ account: ctx.state.account.id }, 'rate-limit store unavailable; request served uncounted')
      return next()
    }
    const resetSeconds = Math.ceil((Date.now() + window.msUntilReset) / 1000)
    ctx.set('X-RateLimit-Remaining', String(Math.max(0, limit - window.count)))
    ctx.set('X-RateLimit-Reset', String(resetSeconds))
    if (window.count > limit) throw rateLimitExceeded(Math.max(1, Math.ceil(window.msUntilReset / 1000)), limit)
    await next()
  }
}
