import cors from '@koa/cors'
import type { Middleware } from 'koa'
import type { EmbedState } from './token-auth.ts'

/** Headers a widget may read from a cross-origin answer. */
const EXPOSED = ['Retry-After', 'X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']
/** `Access-Control-Expose-Headers` as @koa/cors sends it (for `fast-path.ts`). */
export const EXPOSED_HEADERS = EXPOSED.join(',')

/**
 * CORS for the embed API, granted only to the origin that `checkToken` accepted
 * (`ctx.state.corsOrigin`): a refused request never gets here, and an allowed one gets its own
 * origin back (never `*`), with `Vary: Origin`. Preflights are answered the same way.
 */
export function grantCors(): Middleware<EmbedState> {
  return cors({
    origin: (ctx) => (ctx.state as EmbedState).corsOrigin ?? '',
    allowMethods: ['GET', 'POST'],
    allowHeaders: ['Authorization', 'Content-Type'],
    exposeHeaders: EXPOSED,
    // Short: a preflight grant outliving a token's origin change would only let the browser send a
    // request that the token check then refuses, but there is no reason to keep it long.
    maxAge: 600,
  }) as Middleware<EmbedState>
}
