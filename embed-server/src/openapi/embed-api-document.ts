import { OpenAPIRegistry, OpenApiGeneratorV3, type RouteConfig } from '@asteasolutions/zod-to-openapi'
import { PublicEvent, PublicSession, PublicSpeaker } from '../events/events.schema.ts'
import { FirstScreenParams, FirstScreenQuery } from '../first-screen/first-screen.schema.ts'
import { HEARTBEAT_MS, RECONNECT_AFTER_MS } from '../live/live-limits.ts'
import { LiveChanged, LiveRefused } from '../live/live.schema.ts'
import { RegistrationAnswer, RegistrationBody } from '../registrations/registrations.schema.ts'
import { AccessVerdict } from '../tokens/access.schema.ts'
import { dataEnvelope, ErrorEnvelope } from './envelopes.ts'
import { z } from './zod.ts'

// The embed API of docs/embed-api.md as an OpenAPI 3.0 document, built from the schemas the
// presenters and the registration route use. GET /v1/openapi.json serves it, and the widgets'
// types (widgets/src/api/embed-api.generated.ts) are generated from it.

const uuidParam = (description: string) => z.uuid().openapi({ description, example: '0b7c6f0e-4a36-4b8e-9a57-6f1d2b3c4d5e' })
const EventParams = z.object({ eventId: uuidParam('The event the token is bound to') })
const SessionParams = EventParams.extend({ sessionId: uuidParam('A session of the event') })
const SpeakerParams = EventParams.extend({ speakerId: uuidParam('A public speaker of the event') })
// Checked by the route itself (events.routes.ts); described here with the same limits.
const SessionsQuery = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .openapi({ description: 'Only sessions starting on this date in the event’s time zone', example: '2031-06-10' }),
  track: z.string().max(200).optional().openapi({ description: 'Only sessions of this track' }),
  tag: z.string().max(50).optional().openapi({ description: 'Only sessions with this tag (exact match)', example: 'ai' }),
  language: z
    .string()
    .max(35)
    .regex(/^[a-z]{2,8}(?:-[a-z0-9]{1,8})*$/i)
    .optional()
    .openapi({
      description: 'Only sessions in this language or one of its variants (RFC 4647 basic filtering: `pt` matches `pt` and `pt-BR`)',
      example: 'en',
    }),
})

const ERRORS = {
  400: 'Malformed id or query (`VALIDATION_ERROR`); `details.fields` lists each invalid input',
  401: 'No token (`TOKEN_MISSING`), an unknown, revoked or expired one (`INVALID_TOKEN`, `TOKEN_REVOKED`, `TOKEN_EXPIRED`)',
  403: 'Token disabled (`TOKEN_DISABLED`), bound to another event (`EVENT_MISMATCH`), or this origin not allowed (`ORIGIN_NOT_ALLOWED`)',
  404: 'No such event, session or public speaker (`NOT_FOUND`)',
  413: 'Body larger than 16 KiB (`PAYLOAD_TOO_LARGE`)',
  415: 'Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`)',
  429: 'Too many requests (`RATE_LIMIT_EXCEEDED`); see `Retry-After`',
  500: 'Unexpected error (`INTERNAL_ERROR`)',
  503: 'The server is stopping (`SERVICE_UNAVAILABLE`); reconnect after `Retry-After`',
} as const
type ErrorStatus = keyof typeof ERRORS

const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': { description: 'Requests allowed per window', schema: { type: 'integer' as const } },
  'X-RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer' as const } },
  'X-RateLimit-Reset': { description: 'Unix time (seconds) when the window resets', schema: { type: 'integer' as const } },
}

const json = (schema: z.ZodType) => ({ 'application/json': { schema } })

const errorResponses = (statuses: readonly ErrorStatus[]): RouteConfig['responses'] =>
  Object.fromEntries(statuses.map((status) => [status, { description: ERRORS[status], content: json(ErrorEnvelope) }]))

const TOKEN_SECURITY: Record<string, string[]>[] = [{ token: [] }, { bearerToken: [] }]
const READ_ERRORS = [400, 401, 403, 404, 429, 500] as const

/** One of the public reads: token-checked, cached by the browser only with revalidation (ETag). */
function read(
  registry: OpenAPIRegistry,
  spec: { path: string; operationId: string; summary: string; params: z.ZodObject; query?: z.ZodObject; data: z.ZodType; name: string },
): void {
  registry.registerPath({
    method: 'get',
    path: spec.path,
    operationId: spec.operationId,
    summary: spec.summary,
    tags: ['Reads'],
    security: TOKEN_SECURITY,
    request: { params: spec.params, ...(spec.query ? { query: spec.query } : {}) },
    responses: {
      200: {
        description: 'The public data (`Cache-Control: private, no-cache` with an `ETag`)',
        headers: { ...RATE_LIMIT_HEADERS, ETag: { description: 'Weak validator of this answer', schema: { type: 'string' } } },
        content: json(dataEnvelope(spec.name, spec.data)),
      },
      304: { description: 'Unchanged since the `If-None-Match` sent' },
      ...errorResponses(READ_ERRORS),
    },
  })
}

function buildDocument(): object {
  const registry = new OpenAPIRegistry()
  registry.registerComponent('securitySchemes', 'token', {
    type: 'apiKey',
    in: 'query',
    name: 'token',
    description: 'An embed token (`emb_…`) in the query: reads stay CORS simple requests',
  })
  registry.registerComponent('securitySchemes', 'bearerToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'An embed token (`emb_…`) as `Authorization: Bearer emb_…`',
  })

  read(registry, {
    path: '/events/{eventId}',
    operationId: 'getEvent',
    summary: 'The public fields of the event',
    params: EventParams,
    data: PublicEvent,
    name: 'PublicEventResponse',
  })
  read(registry, {
    path: '/events/{eventId}/sessions',
    operationId: 'listSessions',
    summary: 'Sessions ordered by start, room and title, with their public speakers',
    params: EventParams,
    query: SessionsQuery,
    data: z.array(PublicSession),
    name: 'PublicSessionListResponse',
  })
  read(registry, {
    path: '/events/{eventId}/sessions/{sessionId}',
    operationId: 'getSession',
    summary: 'One session',
    params: SessionParams,
    data: PublicSession,
    name: 'PublicSessionResponse',
  })
  read(registry, {
    path: '/events/{eventId}/speakers',
    operationId: 'listSpeakers',
    summary: 'Public speakers ordered by name, with their sessions',
    params: EventParams,
    data: z.array(PublicSpeaker),
    name: 'PublicSpeakerListResponse',
  })
  read(registry, {
    path: '/events/{eventId}/speakers/{speakerId}',
    operationId: 'getSpeaker',
    summary: 'One public speaker',
    params: SpeakerParams,
    data: PublicSpeaker,
    name: 'PublicSpeakerResponse',
  })

  registry.registerPath({
    method: 'get',
    path: '/events/{eventId}/schedule.ics',
    operationId: 'getScheduleFeed',
    summary: 'The whole public schedule as an iCalendar feed (RFC 5545) that calendar apps subscribe to',
    description:
      'One VEVENT per session: UID `<session id>@event-service` (stable), SEQUENCE counting the session’s changes, ' +
      'DTSTAMP and LAST-MODIFIED from its last change, times in UTC, LOCATION naming room and venue, CATEGORIES from ' +
      'track and tags, STATUS:CANCELLED for cancelled sessions. Calendar apps send no Origin, so the token’s origin ' +
      'check is replaced here by its feed permission: a token without allowed origins serves the feed, a token with ' +
      'allowed origins only when the feed is allowed on it (`allowCalendarFeed` in the admin API); otherwise 403 ' +
      '`ORIGIN_NOT_ALLOWED`. Every other token check applies. Put the token in the query (`?token=`): calendar apps ' +
      'cannot send headers. CORS is granted only to origins the token allows.',
    tags: ['Calendar'],
    security: TOKEN_SECURITY,
    request: { params: EventParams },
    responses: {
      200: {
        description: 'The calendar (`Cache-Control: private, no-cache` with an `ETag`)',
        headers: { ...RATE_LIMIT_HEADERS, ETag: { description: 'Weak validator of this answer', schema: { type: 'string' } } },
        content: {
          'text/calendar': {
            schema: z.string().openapi({ description: 'An iCalendar object (`BEGIN:VCALENDAR` … `END:VCALENDAR`)' }),
          },
        },
      },
      304: { description: 'Unchanged since the `If-None-Match` sent' },
      ...errorResponses(READ_ERRORS),
    },
  })

  registry.registerPath({
    method: 'get',
    path: '/events/{eventId}/first-screen/{element}',
    operationId: 'getFirstScreen',
    summary: 'An element’s first screen, drawn by the server, for `loader.js` to show before the element’s code runs',
    description:
      'The HTML of the element’s shadow root (its style sheets, then what it first draws) for the attributes given ' +
      'in the query, from the same data as the JSON reads and behind the same token checks. `loader.js` asks for it ' +
      'while the element’s code downloads and sets it, inert, as the element’s shadow root; the element swaps in its ' +
      'own render once it has drawn it. Drawn once per version of the event’s data, element, attributes and minute.',
    tags: ['Widgets'],
    security: TOKEN_SECURITY,
    request: { params: FirstScreenParams, query: FirstScreenQuery },
    responses: {
      200: {
        description: 'The shadow root’s HTML (`Cache-Control: private, no-cache` with an `ETag`)',
        headers: { ...RATE_LIMIT_HEADERS, ETag: { description: 'Weak validator of this answer', schema: { type: 'string' } } },
        content: { 'text/html': { schema: z.string().openapi({ description: 'An HTML fragment: `<style>` elements, then the markup' }) } },
      },
      304: { description: 'Unchanged since the `If-None-Match` sent' },
      ...errorResponses(READ_ERRORS),
    },
  })

  registry.register('LiveChanged', LiveChanged)
  registry.register('LiveRefused', LiveRefused)
  registry.registerPath({
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
    tags: ['Live'],
    security: TOKEN_SECURITY,
    request: { params: EventParams },
    responses: {
      200: {
        description: 'The stream (`Cache-Control: no-store`)',
        content: {
          'text/event-stream': {
            schema: z.string().openapi({ description: 'Events `ready`, `changed` (data: LiveChanged), `refused` (data: LiveRefused)' }),
          },
        },
      },
      ...errorResponses([400, 401, 403, 404, 500, 503]),
      429: {
        description: 'Too many requests (`RATE_LIMIT_EXCEEDED`) or too many open streams (`TOO_MANY_STREAMS`); see `Retry-After`',
        content: json(ErrorEnvelope),
      },
    },
  })

  registry.registerPath({
    method: 'post',
    path: '/events/{eventId}/registrations',
    operationId: 'register',
    summary: 'Registers a visitor',
    description:
      'A new registration and a repeat of an email already registered (compared case-insensitively) are answered alike: ' +
      '201 with what was sent. A repeat changes nothing stored. Limited per client IP and event too.',
    tags: ['Registration'],
    security: TOKEN_SECURITY,
    request: { params: EventParams, body: { required: true, content: json(RegistrationBody) } },
    responses: {
      201: {
        description: 'Registered (or already registered: the answer is the same)',
        headers: RATE_LIMIT_HEADERS,
        content: json(dataEnvelope('RegistrationResponse', RegistrationAnswer)),
      },
      ...errorResponses([400, 401, 403, 404, 413, 415, 429, 500]),
    },
  })

  registry.registerPath({
    method: 'get',
    path: '/events/{eventId}/access',
    operationId: 'getAccess',
    summary: 'Whether the token may be used from the requesting page, and if not, why',
    description:
      'Always 200 and readable by every page (`Access-Control-Allow-Origin: *`, `Cache-Control: no-store`), ' +
      'so a widget can explain a refusal that the browser hid from it. 60 requests a minute per client IP.',
    tags: ['Access'],
    security: [...TOKEN_SECURITY, {}],
    request: { params: z.object({ eventId: z.string().openapi({ description: 'The event (a malformed id is a verdict too)' }) }) },
    responses: {
      200: { description: 'The verdict', content: json(dataEnvelope('AccessVerdictResponse', AccessVerdict)) },
      ...errorResponses([429, 500]),
    },
  })

  return new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: '3.0.3',
    info: {
      title: 'Event service embed API',
      version: '1.0.0',
      description:
        'The public API the widgets call with an embed token bound to one event (docs/embed-api.md). ' +
        'Every response uses the `{success, data}` / `{success: false, error}` envelope; times are ISO 8601 UTC.',
    },
    servers: [{ url: '/v1' }],
    security: TOKEN_SECURITY,
  })
}

let built: object | undefined

/**
 * The OpenAPI 3.0 document of the embed API (built once).
 *
 * @example
 * const doc = embedApiDocument() // { openapi: '3.0.3', paths: { '/events/{eventId}': … }, … }
 */
export function embedApiDocument(): object {
  built ??= buildDocument()
  return built
}
