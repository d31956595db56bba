import type { RouterMiddleware } from '@koa/router'
import type { ApiBuilder, RouteSpec } from '@event-service/server-common/openapi.ts'
import { EventParams } from '../openapi/embed-api.ts'
import { z } from '../openapi/zod.ts'
import type { EmbedState } from '../tokens/token-auth.ts'
import type { LiveHub } from './live-hub.ts'
import { eventFrame, STREAM_HEADERS } from './sse-frames.ts'

import { HEARTBEAT_MS, RECONNECT_AFTER_MS } from './live-limits.ts'
import { LiveChanged, LiveRefused } from './live.schema.ts'

export const LIVE_ROUTE: RouteSpec = {
  method: 'get',
  path: '/events/{eventId}/live',
  operationId: 'liveUpdates',
  summary: 'A Server-Sent Events stream of the event’s changes',
  description:
    'After the checks of every read (a refusal answers exactly like a refused read: status, envelope, no CORS grant), ' +
    '`200 text/event-stream` with these events: `ready` (`{}`) at once; `changed` (`LiveChanged`) within about a second ' +
    'of a commit that changes what this event’s reads return; `refused` (`LiveRefused`) when the token is disabled, ' +
    'revoked, expires, moves to another event or its origins no longer allow the page, after which the stream ends. ' +
    `A comment line (\`: ping\`) every ${HEARTBEAT_MS / 1000} s keeps proxies from closing it. A graceful stop of the server ` +
    `ends the stream with \`retry: ${RECONNECT_AFTER_MS}\`: EventSource reconnects by itself. Open streams are capped per ` +
    'token and per client IP on each server (429 `TOO_MANY_STREAMS`, see `Retry-After`).',
  tag: 'Live',
  request: { params: EventParams },
  components: { LiveChanged, LiveRefused },
  responses: {
    200: {
      description: 'The stream (`Cache-Control: no-store`)',
      headers: {},
      alternatives: {
        'text/event-stream': z
          .string()
          .openapi({ description: 'Events `ready`, `changed` (data: LiveChanged), `refused` (data: LiveRefused)' }),
      },
    },
  },
  errors: [400, 401, 403, 404, 429, 500, 503],
  errorDescriptions: {
    429: 'Too many requests (`RATE_LIMIT_EXCEEDED`) or too many open streams (`TOO_MANY_STREAMS`); see `Retry-After`',
  },
}

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
export function registerLiveRoutes(api: ApiBuilder<EmbedState>, guard: RouterMiddleware<EmbedState>, hub: LiveHub): void {
  api.route(LIVE_ROUTE, async (ctx) => {
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
