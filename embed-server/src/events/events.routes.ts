import type Router from '@koa/router'
import type { Database } from '@event-service/db'
import { notFound, validationError } from '@event-service/server-common'
import type { Context, Middleware } from 'koa'
import type { Kysely } from 'kysely'
import type { EmbedCache } from '../cache/embed-cache.ts'
import type { TokenLookup } from '../tokens/token-store.ts'
import type { EmbedState } from '../tokens/token-auth.ts'
import { filterSessions, loadEventData, type EventData } from './events.service.ts'
import { sendSerialized, serialize } from './serialized-body.ts'

/** Variants of one event's answers kept serialised (days × tracks, sessions, speakers). */
const MAX_VARIANTS = 2_000

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** Keys of the serialised answers in `EventData.responses` (shared with `fast-path.ts`). */
export const responseKey = {
  event: () => 'event',
  sessions: (day: string | undefined, track: string | undefined) => `sessions\n${day ?? ''}\n${track ?? '\u0000'}`,
  session: (sessionId: string) => `session\n${sessionId}`,
  speakers: () => 'speakers',
  speaker: (speakerId: string) => `speaker\n${speakerId}`,
}

type EmbedContext = Context & { state: EmbedState; params: Record<string, string> }

/** The event's public data, from the cache when it is known to be current. */
export function eventDataOf(db: Kysely<Database>, cache: EmbedCache<TokenLookup, EventData>, ctx: EmbedContext): Promise<EventData> {
  const eventId = ctx.state.token.eventId
  return cache.events.getOrLoad(eventId, () => loadEventData(db, eventId), ctx.state.cacheCurrent)
}

function singleQuery(ctx: Context, name: string, maxLength: number): string | undefined {
  const value = ctx.query[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string' || value.length > maxLength) {
    throw validationError([{ path: name, message: `Give ${name} once, at most ${maxLength} characters` }])
  }
  return value
}

function dayQuery(ctx: Context): string | undefined {
  const day = singleQuery(ctx, 'day', 10)
  if (day === undefined) return undefined
  const date = new Date(`${day}T00:00:00Z`)
  if (!DAY.test(day) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) {
    throw validationError([{ path: 'day', message: 'Expected a date as YYYY-MM-DD' }])
  }
  return day
}

/**
 * The public reads of DESIGN.md, behind `guard` (id validation, token check, CORS, rate limit,
 * usage count). Each answer is serialised once per event version and variant.
 */
export function registerEventRoutes(
  router: Router<EmbedState>,
  guard: Middleware<EmbedState>,
  deps: { db: Kysely<Database>; cache: EmbedCache<TokenLookup, EventData> },
): void {
  const respond = async (ctx: EmbedContext, key: string, build: (data: EventData) => unknown): Promise<void> => {
    const data = (ctx.state.cacheCurrent && deps.cache.events.get(ctx.state.token.eventId)) || (await eventDataOf(deps.db, deps.cache, ctx))
    let body = data.responses.get(key)
    if (!body) {
      body = serialize(build(data))
      if (data.responses.size < MAX_VARIANTS) data.responses.set(key, body)
    }
    await sendSerialized(ctx, body)
  }

  router.get('/v1/events/:eventId', guard, (ctx) => respond(ctx as EmbedContext, responseKey.event(), (d) => d.event))

  router.get('/v1/events/:eventId/sessions', guard, async (ctx) => {
    const day = dayQuery(ctx)
    const track = singleQuery(ctx, 'track', 200)
    await respond(ctx as EmbedContext, responseKey.sessions(day, track), (d) => filterSessions(d, { day, track }))
  })

  router.get('/v1/events/:eventId/sessions/:sessionId', guard, async (ctx) => {
    const { sessionId } = (ctx as EmbedContext).params
    await respond(ctx as EmbedContext, responseKey.session(sessionId!), (d) => {
      const session = d.sessionsById.get(sessionId!)
      if (!session) throw notFound('Session')
      return session
    })
  })

  router.get('/v1/events/:eventId/speakers', guard, (ctx) => respond(ctx as EmbedContext, responseKey.speakers(), (d) => d.speakers))

  router.get('/v1/events/:eventId/speakers/:speakerId', guard, async (ctx) => {
    const { speakerId } = (ctx as EmbedContext).params
    await respond(ctx as EmbedContext, responseKey.speaker(speakerId!), (d) => {
      // A speaker who is not public is answered exactly like one who does not exist.
      const speaker = d.speakersById.get(speakerId!)
      if (!speaker) throw notFound('Speaker')
      return speaker
    })
  })
}
