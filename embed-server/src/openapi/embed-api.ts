import {
  ApiBuilder,
  type HeadersObject,
  type RouteResponse,
  type RouteSpec,
  rateLimitHeaders,
  type SecurityRequirementObject,
} from '@event-service/server-common/openapi.ts'
import type { EmbedState } from '../tokens/token-auth.ts'
import { z } from './zod.ts'

// What the embed API's routes have in common, for their declarations (`*.routes.ts`): the API's
// words for its errors, its security, and the answers of a read.

/** A token in the query or as a bearer: either one. */
export const TOKEN_SECURITY: SecurityRequirementObject[] = [{ token: [] }, { bearerToken: [] }]

const SUCCESS_HEADERS = rateLimitHeaders('Requests allowed per window')

/** The options of the embed API's builder: docs/embed-api.md as OpenAPI. */
export const EMBED_API_OPTIONS = {
  prefix: '/v1',
  info: {
    title: 'Event service embed API',
    version: '1.0.0',
    description:
      'The public API the widgets call with an embed token bound to one event (docs/embed-api.md). ' +
      'Every response uses the `{success, data}` / `{success: false, error}` envelope; times are ISO 8601 UTC.',
  },
  securitySchemes: {
    token: {
      type: 'apiKey',
      in: 'query',
      name: 'token',
      description: 'An embed token (`emb_…`) in the query: reads stay CORS simple requests',
    },
    bearerToken: { type: 'http', scheme: 'bearer', description: 'An embed token (`emb_…`) as `Authorization: Bearer emb_…`' },
  },
  security: TOKEN_SECURITY,
  errorDescriptions: {
    400: 'Malformed id or query (`VALIDATION_ERROR`); `details.fields` lists each invalid input',
    401: 'No token (`TOKEN_MISSING`), an unknown, revoked or expired one (`INVALID_TOKEN`, `TOKEN_REVOKED`, `TOKEN_EXPIRED`)',
    403: 'Token disabled (`TOKEN_DISABLED`), bound to another event (`EVENT_MISMATCH`), or this origin not allowed (`ORIGIN_NOT_ALLOWED`)',
    404: 'No such event, session or public speaker (`NOT_FOUND`)',
    429: 'Too many requests (`RATE_LIMIT_EXCEEDED`); see `Retry-After`',
    500: 'Unexpected error (`INTERNAL_ERROR`)',
    503: 'The server is stopping (`SERVICE_UNAVAILABLE`); reconnect after `Retry-After`',
  },
  successHeaders: SUCCESS_HEADERS,
} satisfies ConstructorParameters<typeof ApiBuilder<EmbedState>>[0]

/** The embed API's builder: each route file declares its routes on it. */
export const createEmbedApi = (): ApiBuilder<EmbedState> => new ApiBuilder<EmbedState>(EMBED_API_OPTIONS)

/** The errors of every token-checked read. */
export const READ_ERRORS = [400, 401, 403, 404, 429, 500] as const

const uuidParam = (description: string) => z.guid().openapi({ description, example: '0b7c6f0e-4a36-4b8e-9a57-6f1d2b3c4d5e' })
/** `{eventId}` of every route of one event. */
export const EventParams = z.object({ eventId: uuidParam('The event the token is bound to') })
export const SessionParams = EventParams.extend({ sessionId: uuidParam('A session of the event') })
export const SpeakerParams = EventParams.extend({ speakerId: uuidParam('A public speaker of the event') })

/**
 * The answers of a token-checked read: 200 with `content` (`Cache-Control: private, no-cache` with
 * an `ETag`), or 304 when unchanged.
 */
export function readResponses(description: string, content: Pick<RouteResponse, 'schema' | 'alternatives'>): RouteSpec['responses'] {
  const headers: HeadersObject = { ...SUCCESS_HEADERS, ETag: { description: 'Weak validator of this answer', schema: { type: 'string' } } }
  return {
    200: { description: `${description} (\`Cache-Control: private, no-cache\` with an \`ETag\`)`, headers, ...content },
    304: { description: 'Unchanged since the `If-None-Match` sent' },
  }
}
