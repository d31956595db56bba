import type Router from '@koa/router'
import type { RouterContext, RouterMiddleware } from '@koa/router'
import type { Database } from '@event-service/db'
import { notFound, validationError } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import type { EmbedCache } from '../cache/embed-cache.ts'
import type { EmbedState } from '../tokens/token-auth.ts'
import type { TokenLookup } from '../tokens/token-store.ts'
import { type EventData, eventDataOf, filterSessions, responseKey } from './events.service.ts'
import { sendRead } from './read-answer.ts'
import { type SerializedBody, serialize } from './serialized-body.ts'

/** Variants of one event's answers kept serialised (days × tracks, sessions, speakers). */
const MAX_VARIANTS = 2_000

const DAY = /^\d{4}-\d{2}-\d{2}$/

type Query = Record<string, string | string[] | undefined>

function singleQuery(query: Query, name: string, maxLength: number): string | undefined {
  const value = query[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string' || value.length > maxLength) {
    throw validationError([{ path: name, message: `must be given once, of at most ${maxLength} characters` }])
  }
  return value
}

/** Whether `day` is a real calendar day written `YYYY-MM-DD`: the rule of every `day` parameter. */
export function isDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`)
  return DAY.test(day) && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day
}

function dayQuery(query: Query): string | undefined {
  const day = singleQuery(query, 'day', 10)
  if (day === undefined) return undefined
  if (!isDay(day)) throw validationError([{ path: 'day', message: 'must be a date as YYYY-MM-DD' }])
  return day
}

/** What the reads need: the database and the caches. */
export interface EventReadDeps {
  db: Kysely<Database>
  cache: EmbedCache<TokenLookup, EventData>
}

/**
 * Sends the answer `key` of the caller's event (`readAnswer`: ETag, 304, compression), serialising
 * it with `make` the first time for this version of the event's data. Every read of event data
 * answers through it: the JSON reads and the calendar files. Returns the body sent (the one `make`
 * gave, then or earlier), for headers that depend on it.
 */
export async function sendEventAnswer(
  ctx: RouterContext<EmbedState>,
  deps: EventReadDeps,
  key: string,
  make: (data: EventData) => SerializedBody | Promise<SerializedBody>,
): Promise<SerializedBody> {
  const data = await eventDataOf(deps.db, deps.cache, ctx.state.token.eventId, ctx.state.cacheCurrent)
  let body = data.responses.get(key)
  if (!body) {
    body = await make(data)
    if (data.responses.size < MAX_VARIANTS) data.responses.set(key, body)
  }
  await sendRead(ctx, body)
  return body
}

const LANGUAGE_RANGE = /^[a-z]{2,8}(?:-[a-z0-9]{1,8})*$/i

/** `?language=`: a language tag or its primary subtag, lower-cased (matching ignores case). */
function languageQuery(query: Query): string | undefined {
  const language = singleQuery(query, 'language', 35)
  if (language === undefined) return undefined
  if (!LANGUAGE_RANGE.test(language)) {
    throw validationError([{ path: 'language', message: 'must be a BCP 47 language tag such as en, de or pt-BR' }])
  }
  return language.toLowerCase()
}

/**
 * The public reads of DESIGN.md, behind `guard` (path ids, token, CORS, rate limit, usage count).
 * Each answer is serialised once per event version and variant.
 */
export function registerEventRoutes(router: Router<EmbedState>, guard: RouterMiddleware<EmbedState>, deps: EventReadDeps): void {
  /** Sends the JSON answer `key` of the caller's event, built with `build` the first time. */
  const respond = (ctx: RouterContext<EmbedState>, key: string, build: (data: EventData) => unknown): Promise<SerializedBody> =>
    sendEventAnswer(ctx, deps, key, (data) => serialize(build(data)))

  router.get('/v1/events/:eventId', guard, (ctx) => respond(ctx, responseKey.event(), (d) => d.event))

  router.get('/v1/events/:eventId/sessions', guard, (ctx) => {
    const filter = {
      day: dayQuery(ctx.query),
      track: singleQuery(ctx.query, 'track', 200),
      tag: singleQuery(ctx.query, 'tag', 50),
      language: languageQuery(ctx.query),
    }
    return respond(ctx, responseKey.sessions(filter), (d) => filterSessions(d, filter))
  })

  router.get('/v1/events/:eventId/sessions/:sessionId', guard, (ctx) => {
    const id = ctx.params.sessionId!
    return respond(ctx, responseKey.session(id), (d) => publicSession(d, id))
  })

  router.get('/v1/events/:eventId/speakers', guard, (ctx) => respond(ctx, responseKey.speakers(), (d) => d.speakers))

  router.get('/v1/events/:eventId/speakers/:speakerId', guard, (ctx) => {
    const id = ctx.params.speakerId!
    return respond(ctx, responseKey.speaker(id), (d) => publicSpeaker(d, id))
  })
}

/** The public session `id` of the event; 404 `NOT_FOUND` when it has none. */
export const publicSession = (data: EventData, id: string) => data.sessionsById.get(id) ?? notFoundThrown('Session')

/** The public speaker `id`; a speaker who is not public is answered exactly like one who does not exist. */
export const publicSpeaker = (data: EventData, id: string) => data.speakersById.get(id) ?? notFoundThrown('Speaker')

const notFoundThrown = (what: string): never => {
  throw notFound(what)
}
