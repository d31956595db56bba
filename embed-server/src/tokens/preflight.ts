import type { RouterMiddleware } from '@koa/router'
import type { EmbedState } from './token-auth.ts'
import { requestOrigin } from '@event-service/server-common'

/**
 * Decides the origin of a CORS preflight (`OPTIONS`) before `grantCors` answers it. A browser sends
 * no Authorization header with a preflight, so when the token travels in that header there is
 * nothing to check yet: the preflight is granted to any real origin, and the actual request is then
 * checked in full (a POST from a refused origin is refused before it does anything). When the token
 * is in the query, the preflight goes through the whole token check instead.
 */
export function preflightOrigin(checkToken: RouterMiddleware<EmbedState>): RouterMiddleware<EmbedState> {
  return async (ctx, next) => {
    ctx.vary('Origin')
    const origin = ctx.get('Origin')
    if (ctx.query.token !== undefined) {
      // checkToken sets corsOrigin itself when it accepts, and throws when it refuses.
      await checkToken(ctx, next)
      return
    }
    if (origin && requestOrigin(origin, undefined)) ctx.state.corsOrigin = origin
    await next()
  }
}
