import type { RouterMiddleware } from '@koa/router'
import cors from '@koa/cors'
import type { EmbedState } from './token-auth.ts'

/** Headers a widget may read from a cross-origin answer. */
const EXPOSED_HEADERS = ['Retry-After', 'X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'].join(',')

/**
 * The CORS grant of an answer to an accepted request: its own origin back (never `*`) and the
 * headers it may read; nothing when there is no origin to grant (no `Origin`, `null`). The one
 * source of these headers for the Koa pipeline (`grantCors`) and the hot path (`fast-path.ts`).
 */
export function corsGrantHeaders(origin: string | undefined): Record<string, string> {
  return origin === undefined ? {} : { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED_HEADERS }
}

/**
 * CORS for the embed API's actual requests, granted only to the origin that `checkToken` accepted
 * (`ctx.state.corsOrigin`): a refused request never gets here. `checkToken` already varies on Origin.
 */
export const grantCors: RouterMiddleware<EmbedState> = async (ctx, next) => {
  ctx.set(corsGrantHeaders(ctx.state.corsOrigin))
  await next()
}

/**
 * Preflights (`OPTIONS`), answered by @koa/cors for the origin `preflightOrigin` decided. Short
 * max-age: a preflight grant outliving a token's origin change would only let the browser send a
 * request that the token check then refuses, but there is no reason to keep it long.
 */
export const answerPreflight: RouterMiddleware<EmbedState> = cors({
  origin: (ctx) => (ctx.state as EmbedState).corsOrigin ?? '',
  allowMethods: ['GET', 'POST'],
  allowHeaders: ['Authorization', 'Content-Type'],
  maxAge: 600,
}) as RouterMiddleware<EmbedState>
