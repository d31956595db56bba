import type Router from '@koa/router'
import type { RouterMiddleware } from '@koa/router'
import type { EmbedState } from '../tokens/token-auth.ts'
import type { LiveHub } from './live-hub.ts'
import { eventFrame, STREAM_HEADERS } from './sse-frames.ts'

/** The path of the live stream, for the route and the documents. */
export const LIVE_PATH = '/v1/events/:eventId/live'

/**
 * `GET /v1/events/{eventId}/live`: a Server-Sent Events stream of the event's changes. It passes
 * `guard`, the guard of every read (path ids, token, CORS grant, rate limit, usage count), so a
 * refusal before the stream starts is the refusal of a read: status, envelope, no CORS grant. Then
 * the hub's caps (429 `TOO_MANY_STREAMS`), then `200 text/event-stream` with `ready`, and from
 * there the hub writes: `changed`, `refused`, heartbeats, and the `retry:` of a graceful stop.
 * The stream is written on `node:http` directly (Koa's escape hatch `ctx.respond = false`): the
 * response never ends by itself.
 *
 * @example
 * new EventSource(`${embedUrl}/v1/events/${eventId}/live?token=${token}`)
 */
export function registerLiveRoutes(router: Router<EmbedState>, guard: RouterMiddleware<EmbedState>, hub: LiveHub): void {
  router.get(LIVE_PATH, async (ctx) => {
    // Noted before the token check: a token change after it makes the hub check the stream again.
    const seen = hub.tokenChanges
    await guard(ctx, async () => {
      const { token } = ctx.state
      hub.admit(token.id, ctx.state.clientIp)
      ctx.status = 200
      ctx.respond = false
      const { res } = ctx
      res.writeHead(200, { ...(ctx.response.headers as Record<string, string>), ...STREAM_HEADERS })
      res.write(eventFrame('ready', {}))
      const stream = {
        res,
        eventId: token.eventId,
        tokenHash: ctx.state.tokenHash,
        token,
        ip: ctx.state.clientIp,
        origin: ctx.get('Origin'),
        referer: ctx.get('Referer'),
      }
      hub.add(stream, seen)
    })
  })
}
