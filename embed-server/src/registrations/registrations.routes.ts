import type Router from '@koa/router'
import type { Database } from '@event-service/db'
import { jsonBody, ok, validated } from '@event-service/server-common'
import type { Context, Middleware } from 'koa'
import type { Kysely } from 'kysely'
import type { EmbedCache } from '../cache/embed-cache.ts'
import { eventDataOf } from '../events/events.routes.ts'
import type { EventData } from '../events/events.service.ts'
import type { EmbedState } from '../tokens/token-auth.ts'
import type { TokenLookup } from '../tokens/token-store.ts'
import { REGISTRATION_BODY_LIMIT, RegistrationBody } from './registrations.schema.ts'
import { register } from './registrations.service.ts'

/** `POST /v1/events/{eventId}/registrations`: 201 when new, 200 when this email had registered. */
export function registerRegistrationRoutes(
  router: Router<EmbedState>,
  guard: Middleware<EmbedState>,
  perIpLimit: Middleware<EmbedState>,
  deps: { db: Kysely<Database>; cache: EmbedCache<TokenLookup, EventData> },
): void {
  router.post(
    '/v1/events/:eventId/registrations',
    guard,
    perIpLimit,
    jsonBody({ limit: REGISTRATION_BODY_LIMIT, limitLabel: '16 KiB' }) as Middleware<EmbedState>,
    validated<{ body: typeof RegistrationBody }, EmbedState>({ body: RegistrationBody }, async (ctx, { body }) => {
      const event = await eventDataOf(deps.db, deps.cache, ctx as Context & { state: EmbedState; params: Record<string, string> })
      const { created, registration } = await register(deps.db, event, body)
      ctx.status = created ? 201 : 200
      ctx.body = ok(registration)
    }),
  )
}
