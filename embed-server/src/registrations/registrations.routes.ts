import { bodyParser } from '@koa/bodyparser'
import type Router from '@koa/router'
import type { Database } from '@event-service/db'
import { ApiError, ok, validated } from '@event-service/server-common'
import type { Context, Middleware } from 'koa'
import type { Kysely } from 'kysely'
import type { EmbedCache } from '../cache/embed-cache.ts'
import { eventDataOf } from '../events/events.routes.ts'
import type { EventData } from '../events/events.service.ts'
import type { EmbedState } from '../tokens/token-auth.ts'
import type { TokenLookup } from '../tokens/token-store.ts'
import { REGISTRATION_BODY_LIMIT, RegistrationBody } from './registrations.schema.ts'
import { register } from './registrations.service.ts'

/** JSON only, at most 16 KiB, with errors in the envelope (server-common's say 1 MiB). */
function registrationBody(): Middleware<EmbedState> {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: REGISTRATION_BODY_LIMIT, encoding: 'utf-8' })
  return async (ctx, next) => {
    if (!ctx.is('application/json')) {
      throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The request body must be JSON (Content-Type: application/json)')
    }
    try {
      await parse(ctx as unknown as Context, async () => {})
    } catch (err) {
      const e = err as { status?: number; type?: string }
      if (e.status === 413 || e.type === 'entity.too.large') {
        throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The registration is larger than 16 KiB')
      }
      // co-body marks unparsable (or non-object) JSON with status 400 and nothing else.
      if (e.status === 400) throw new ApiError(400, 'INVALID_JSON', 'The request body is not valid JSON')
      throw err
    }
    await next()
  }
}

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
    registrationBody(),
    validated<{ body: typeof RegistrationBody }, EmbedState>({ body: RegistrationBody }, async (ctx, { body }) => {
      const event = await eventDataOf(deps.db, deps.cache, ctx as Context & { state: EmbedState; params: Record<string, string> })
      // validated() parsed it: present whenever a body schema is given.
      const { created, registration } = await register(deps.db, event, body!)
      ctx.status = created ? 201 : 200
      ctx.body = ok(registration)
    }),
  )
}
