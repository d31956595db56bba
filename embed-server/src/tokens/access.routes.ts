import type { RouterMiddleware } from '@koa/router'
import { ApiError, ok } from '@event-service/server-common'
import { type ApiBuilder, dataEnvelope, type RouteSpec } from '@event-service/server-common/openapi.ts'
import { TOKEN_SECURITY } from '../openapi/embed-api.ts'
import { z } from '../openapi/zod.ts'
import { AccessVerdict, isAccessRefusal } from './access.schema.ts'
import { allowsCalendarFeed, type EmbedState, type TokenVerifier } from './token-auth.ts'

export const ACCESS_ROUTE: RouteSpec = {
  method: 'get',
  path: '/events/{eventId}/access',
  operationId: 'getAccess',
  summary: 'Whether the token may be used from the requesting page, and if not, why',
  description:
    'Always 200 and readable by every page (`Access-Control-Allow-Origin: *`, `Cache-Control: no-store`), ' +
    'so a widget can explain a refusal that the browser hid from it. 60 requests a minute per client IP.',
  tag: 'Access',
  security: [...TOKEN_SECURITY, {}],
  // Any string: a malformed id is a verdict too, not a 400.
  request: { params: z.object({ eventId: z.string().openapi({ description: 'The event (a malformed id is a verdict too)' }) }) },
  responses: { 200: { description: 'The verdict', headers: {}, schema: dataEnvelope('AccessVerdictResponse', AccessVerdict) } },
  errors: [429, 500],
}

/**
 * `GET /v1/events/{eventId}/access`: whether this token may be used for this event from the
 * requesting page, and if not, why: `{allowed: true, calendar_feed}` or `{allowed: false, code, message}`, always
 * 200 and readable by any page (`Access-Control-Allow-Origin: *`).
 *
 * Refusals of the data routes carry no CORS grant, so a browser hides them from the widget, which
 * then sees only "failed to fetch". A widget asks here after such a failure, to tell the site owner
 * "This embed token has been disabled" rather than "could not be reached". The verdict comes from
 * the same `tokenVerifier` as the data routes and holds no event data; it says no more than the
 * refusal says to any client outside a browser. Rate-limited per client IP; never counted as usage.
 *
 * @example
 * GET /v1/events/8c6d…/access?token=emb_…  →  {"success":true,"data":{"allowed":false,"code":"TOKEN_DISABLED","message":"…"}}
 */
export function registerAccessRoute(
  api: ApiBuilder<EmbedState>,
  validIds: RouterMiddleware<EmbedState>,
  perIpLimit: RouterMiddleware<EmbedState>,
  verify: TokenVerifier,
): void {
  api.route(
    ACCESS_ROUTE,
    async (ctx) => {
      try {
        await validIds(ctx, async () => {})
        await verify(ctx)
        ctx.body = ok<AccessVerdict>({ allowed: true, calendar_feed: allowsCalendarFeed(ctx.state.token) })
      } catch (err) {
        if (!(err instanceof ApiError) || !isAccessRefusal(err.code)) throw err
        ctx.body = ok<AccessVerdict>({ allowed: false, code: err.code, message: err.message })
      }
    },
    { before: [readableByAnyPage, perIpLimit] },
  )
}

const readableByAnyPage: RouterMiddleware<EmbedState> = async (ctx, next) => {
  ctx.set('Access-Control-Allow-Origin', '*')
  // The verdict depends on the page's origin and on the token's current state.
  ctx.set('Cache-Control', 'no-store')
  ctx.vary('Origin')
  ctx.vary('Referer')
  await next()
}
