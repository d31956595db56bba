import type { IncomingMessage } from 'node:http'
import type Router from '@koa/router'
import type { RouterContext, RouterMiddleware } from '@koa/router'
import type { Database } from '@event-service/db'
import { type Config, jsonBody, linkHost, ok, validated } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import type { EmbedCache } from '../cache/embed-cache.ts'
import { type EventData, eventDataOf } from '../events/events.service.ts'
import type { EmbedRateLimits } from '../rate-limit/embed-rate-limit.ts'
import type { EmbedState } from '../tokens/token-auth.ts'
import type { TokenLookup } from '../tokens/token-store.ts'
import { REGISTRATION_BODY_LIMIT, RegistrationBody } from './registrations.schema.ts'
import { register } from './registrations.service.ts'

/**
 * Where links in emails point: `EMBED_PUBLIC_URL`, else the address this server listens at (its
 * socket's port, so port 0 works). Never the request's Host header: anyone could set that and
 * have confirmation emails carry a link to their own site.
 */
export const publicBaseOf = (config: Pick<Config, 'embedPublicUrl' | 'host'>, ctx: { req: IncomingMessage }): string =>
  config.embedPublicUrl ?? `http://${linkHost(config.host)}:${ctx.req.socket.localPort}`

/**
 * `POST /v1/events/{eventId}/registrations`: 201 with `{event_id, name, ticket_id, status}` of what
 * was sent, for a new registration and for a repeat of an email already registered alike. Limited
 * per client IP (before the body is read) and per inbox (after).
 */
export function registerRegistrationRoutes(
  router: Router<EmbedState>,
  guard: RouterMiddleware<EmbedState>,
  limits: Pick<EmbedRateLimits, 'registrations' | 'perEmail'>,
  deps: {
    db: Kysely<Database>
    cache: EmbedCache<TokenLookup, EventData>
    config: Pick<Config, 'embedPublicUrl' | 'host' | 'registrationHoldMs'>
  },
): void {
  const handle: RouterMiddleware<EmbedState> = validated({ body: RegistrationBody }, async (ctx: RouterContext<EmbedState>, { body }) => {
    const event = await eventDataOf(deps.db, deps.cache, ctx.state.token.eventId, ctx.state.cacheCurrent)
    const perEmail = await limits.perEmail?.consume(event.event.id, body.email)
    if (perEmail?.exceeded) throw perEmail.exceeded
    const answer = await register(deps.db, event, body, {
      publicBase: publicBaseOf(deps.config, ctx),
      holdMs: deps.config.registrationHoldMs,
    })
    ctx.status = 201
    ctx.body = ok(answer)
  })
  router.post(
    '/v1/events/:eventId/registrations',
    guard,
    limits.registrations,
    jsonBody({ limit: REGISTRATION_BODY_LIMIT, limitLabel: '16 KiB' }),
    handle,
  )
}
