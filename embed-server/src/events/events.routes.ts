import type { RouterContext, RouterMiddleware } from '@koa/router'
import type { Database } from '@event-service/db'
import { notFound } from '@event-service/server-common'
import { type ApiBuilder, dataEnvelope, type RouteSpec } from '@event-service/server-common/openapi.ts'
import type { Kysely } from 'kysely'
import type { EmbedCache } from '../cache/embed-cache.ts'
import type { EmbedState } from '../tokens/token-auth.ts'
import type { TokenLookup } from '../tokens/token-store.ts'
import { EventParams, READ_ERRORS, readResponses, SessionParams, SpeakerParams } from '../openapi/embed-api.ts'
import { z } from '../openapi/zod.ts'
import { PublicEvent, PublicSession, PublicSpeaker } from './events.schema.ts'
import { type EventData, eventDataOf, filterSessions, responseKey, type SessionFilter } from './events.service.ts'
import { sendRead } from './read-answer.ts'
import { type SerializedBody, serialize } from './serialized-body.ts'

/** Variants of one event's answers kept serialised (days × tracks, sessions, speakers). */
const MAX_VARIANTS = 2_000

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** Whether `day` is a real calendar day written `YYYY-MM-DD`: the rule of every `day` parameter. */
export function isDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`)
  return DAY.test(day) && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day
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

/** The filters of the session list: validated by the route, documented from the same schema. */
export const SessionsQuery = z.object({
  day: z
    .string()
    .regex(DAY, 'must be a date as YYYY-MM-DD')
    .refine(isDay, 'must be a date as YYYY-MM-DD')
    .optional()
    .openapi({ description: 'Only sessions starting on this date in the event’s time zone', example: '2031-06-10' }),
  track: z.string().max(200, 'must be at most 200 characters').optional().openapi({ description: 'Only sessions of this track' }),
  tag: z
    .string()
    .max(50, 'must be at most 50 characters')
    .optional()
    .openapi({ description: 'Only sessions with this tag (exact match)', example: 'ai' }),
  language: z
    .string()
    .max(35, 'must be at most 35 characters')
    .regex(LANGUAGE_RANGE, 'must be a BCP 47 language tag such as en, de or pt-BR')
    .optional()
    .openapi({
      description: 'Only sessions in this language or one of its variants (RFC 4647 basic filtering: `pt` matches `pt` and `pt-BR`)',
      example: 'en',
    }),
})

/** The names of the session list's filters. */
export const SESSION_FILTERS = Object.keys(SessionsQuery.shape) as (keyof SessionFilter)[]

/** The validated input of a read: its path ids, and the session list's filters. */
interface ReadInput {
  params: Record<string, string>
  query?: z.output<typeof SessionsQuery> | undefined
}

/**
 * One public read: its declaration, and which of the event's answers it is (`key`, under which it
 * is kept serialised) and how that answer is built. The Koa route and the hot path (`fast-path.ts`)
 * both name the answer with `answer`.
 */
export interface PublicRead {
  route: RouteSpec
  answer(input: ReadInput): { key: string; build(data: EventData): unknown }
}

const read = (
  spec: { path: string; operationId: string; summary: string; params: z.ZodObject; query?: z.ZodObject; data: z.ZodType; name: string },
  answer: PublicRead['answer'],
): PublicRead => ({
  route: {
    method: 'get',
    path: spec.path,
    operationId: spec.operationId,
    summary: spec.summary,
    tag: 'Reads',
    request: { params: spec.params, ...(spec.query ? { query: spec.query } : {}) },
    responses: readResponses('The public data', { schema: dataEnvelope(spec.name, spec.data) }),
    errors: READ_ERRORS,
  },
  answer,
})

/** The public reads of docs/embed-api.md#reads. */
export const PUBLIC_READS: readonly PublicRead[] = [
  read(
    {
      path: '/events/{eventId}',
      operationId: 'getEvent',
      summary: 'The public fields of the event',
      params: EventParams,
      data: PublicEvent,
      name: 'PublicEventResponse',
    },
    () => ({ key: responseKey.event(), build: (d) => d.event }),
  ),
  read(
    {
      path: '/events/{eventId}/sessions',
      operationId: 'listSessions',
      summary: 'Sessions ordered by start, room and title, with their public speakers',
      params: EventParams,
      query: SessionsQuery,
      data: z.array(PublicSession),
      name: 'PublicSessionListResponse',
    },
    ({ query = {} }) => {
      // Matching ignores case: one answer for every spelling of a language.
      const filter: SessionFilter = { ...query, language: query.language?.toLowerCase() }
      return { key: responseKey.sessions(filter), build: (d) => filterSessions(d, filter) }
    },
  ),
  read(
    {
      path: '/events/{eventId}/sessions/{sessionId}',
      operationId: 'getSession',
      summary: 'One session',
      params: SessionParams,
      data: PublicSession,
      name: 'PublicSessionResponse',
    },
    ({ params }) => ({ key: responseKey.session(params.sessionId!), build: (d) => publicSession(d, params.sessionId!) }),
  ),
  read(
    {
      path: '/events/{eventId}/speakers',
      operationId: 'listSpeakers',
      summary: 'Public speakers ordered by name, with their sessions',
      params: EventParams,
      data: z.array(PublicSpeaker),
      name: 'PublicSpeakerListResponse',
    },
    () => ({ key: responseKey.speakers(), build: (d) => d.speakers }),
  ),
  read(
    {
      path: '/events/{eventId}/speakers/{speakerId}',
      operationId: 'getSpeaker',
      summary: 'One public speaker',
      params: SpeakerParams,
      data: PublicSpeaker,
      name: 'PublicSpeakerResponse',
    },
    ({ params }) => ({ key: responseKey.speaker(params.speakerId!), build: (d) => publicSpeaker(d, params.speakerId!) }),
  ),
]

/**
 * The public reads (`PUBLIC_READS`), behind `guard` (path ids, token, CORS, rate limit, usage
 * count). Each answer is serialised once per event version and variant.
 */
export function registerEventRoutes(api: ApiBuilder<EmbedState>, guard: RouterMiddleware<EmbedState>, deps: EventReadDeps): void {
  for (const { route, answer } of PUBLIC_READS) {
    api.route(
      route,
      async (ctx, input) => {
        const { key, build } = answer(input as ReadInput)
        await sendEventAnswer(ctx, deps, key, (data) => serialize(build(data)))
      },
      { before: [guard] },
    )
  }
}

/** The public session `id` of the event; 404 `NOT_FOUND` when it has none. */
export const publicSession = (data: EventData, id: string) => data.sessionsById.get(id) ?? notFoundThrown('Session')

/** The public speaker `id`; a speaker who is not public is answered exactly like one who does not exist. */
export const publicSpeaker = (data: EventData, id: string) => data.speakersById.get(id) ?? notFoundThrown('Speaker')

const notFoundThrown = (what: string): never => {
  throw notFound(what)
}
