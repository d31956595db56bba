import type { IncomingMessage } from 'node:http'
import type { RouterMiddleware } from '@koa/router'
import type { Database } from '@event-service/db'
import { type Config, linkHost, ok } from '@event-service/server-common'
import { type ApiBuilder, dataEnvelope, type RouteSpec } from '@event-service/server-common/openapi.ts'
import type { Kysely } from 'kysely'
import type { EmbedCache } from '../cache/embed-cache.ts'
import { type EventData, eventDataOf } from '../events/events.service.ts'
import { EventParams } from '../openapi/embed-api.ts'
import type { EmbedRateLimits } from '../rate-limit/embed-rate-limit.ts'
import type { EmbedState } from '../tokens/token-auth.ts'
import type { TokenLookup } from '../tokens/token-store.ts'
import { REGISTRATION_BODY_LIMIT, RegistrationAnswer, RegistrationBody } from './registrations.schema.ts'
import { register } from './registrations.service.ts'

/**
 * Where links in emails point: `EMBED_PUBLIC_URL`, else the address this server listens at (its
 * socket's port, so port 0 works). Never the request's Host header: anyone could set that and
 * have confirmation emails carry a link to their own site.
 */
export const publicBaseOf = (config: Pick<Config, 'embedPublicUrl' | 'host'>, ctx: { req: IncomingMessage }): string =>
  config.embedPublicUrl ?? `http://${linkHost(config.host)}:${ctx.req.socket.localPort}`

export const REGISTER_ROUTE = {
  method: 'post',
  path: '/events/{eventId}/registrations',
  operationId: 'register',
  summary: 'Registers a visitor',
  description:
    'A new registration and a repeat of an email already registered (compared case-insensitively) are answered alike: ' +
    '201 with what was sent. A repeat changes nothing stored. Limited per client IP and event too.',
  tag: 'Registration',
  request: { params: EventParams, body: RegistrationBody },
  bodyLimit: { limit: REGISTRATION_BODY_LIMIT, limitLabel: '16 KiB' },
  responses: {
    201: {
      description: 'Registered (or already registered: the answer is the same)',
      schema: dataEnvelope('RegistrationResponse', RegistrationAnswer),
    },
  },
  errors: [400, 401, 403, 404, 413, 415, 429, 500],
} satisfies RouteSpec

/**
 * `POST /v1/events/{eventId}/registrations`: 201 with `{event_id, name, ticket_id, status}` of what
 * was sent, for a new registration and for a repeat of an email already registered alike. Limited
 * per client IP (before the body is read) and per inbox (after).
 */
export function registerRegistrationRoutes(
  api: ApiBuilder<EmbedState>,
  guard: RouterMiddleware<EmbedState>,
  limits: Pick<EmbedRateLimits, 'registrations' | 'perEmail'>,
  deps: {
    db: Kysely<Database>
    cache: EmbedCache<TokenLookup, EventData>
    config: Pick<Config, 'embedPublicUrl' | 'host' | 'registrationHoldMs'>
  },
): void {
  api.route(
    REGISTER_ROUTE,
    async (ctx, { body }) => {
      const event = await eventDataOf(deps.db, deps.cache, ctx.state.token.eventId, ctx.state.cacheCurrent)
      const perEmail = await limits.perEmail?.consume(event.event.id, body.email)
      if (perEmail?.exceeded) throw perEmail.exceeded
      const answer = await register(deps.db, event, body, {
        publicBase: publicBaseOf(deps.config, ctx),
        holdMs: deps.config.registrationHoldMs,
      })
      ctx.status = 201
      ctx.body = ok(answer)
    },
    { before: [guard, limits.registrations] },
  )
}
