import type Router from '@koa/router'
import type { RouterContext, RouterMiddleware } from '@koa/router'
import type { Database } from '@event-service/db'
import { jsonBody, ok, validated } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import type { EmbedCache } from '../cache/embed-cache.ts'
import { type EventData, eventDataOf } from '../events/events.service.ts'
import type { EmbedState } from '../tokens/token-auth.ts'
import type { TokenLookup } from '../tokens/token-store.ts'
import { REGISTRATION_BODY_LIMIT, RegistrationBody } from './registrations.schema.ts'
import { register } from './registrations.service.ts'

/**
 * `POST /v1/events/{eventId}/registrations`: 201 with `{event_id, name, ticket_id}` of what was
 * sent, for a new registration and for a repeat of an email already registered alike.
 */
export function registerRegistrationRoutes(
  router: Router<EmbedState>,
  guard: RouterMiddleware<EmbedState>,
  perIpLimit: RouterMiddleware<EmbedState>,
  deps: { db: Kysely<Database>; cache: EmbedCache<TokenLookup, EventData> },
): void {
  const handle: RouterMiddleware<EmbedState> = validated({ body: RegistrationBody }, async (ctx: RouterContext<EmbedState>, { body }) => {
    const event = await eventDataOf(deps.db, deps.cache, ctx.state.token.eventId, ctx.state.cacheCurrent)
    const answer = await register(deps.db, event, body)
    ctx.status = 201
    ctx.body = ok(answer)
  })
  router.post(
    '/v1/events/:eventId/registrations',
    guard,
    perIpLimit,
    jsonBody({ limit: REGISTRATION_BODY_LIMIT, limitLabel: '16 KiB' }),
    handle,
  )
}
