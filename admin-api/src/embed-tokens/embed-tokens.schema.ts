import { normaliseAllowedOrigin } from '@event-service/server-common'
import { requiredText, uuid } from '../common/fields.ts'
import { dataEnvelope, pageEnvelope } from '../common/envelopes.ts'
import { listQuery } from '../common/list-query.ts'
import { z } from '../openapi/zod.ts'

export const MAX_ALLOWED_ORIGINS = 50

const ORIGIN_MESSAGE = 'must be an origin (https://shop.example.com), a URL, or a wildcard subdomain (https://*.example.com)'

const allowedOrigin = z
  .string()
  .max(2048, 'must be at most 2048 characters')
  .transform((value, ctx) => {
    const origin = normaliseAllowedOrigin(value)
    if (origin === undefined) {
      ctx.addIssue({ code: 'custom', message: ORIGIN_MESSAGE })
      return z.NEVER
    }
    return origin
  })

const allowedOrigins = z
  .array(allowedOrigin)
  .max(MAX_ALLOWED_ORIGINS, `must have at most ${MAX_ALLOWED_ORIGINS} origins`)
  .transform((list) => [...new Set(list)])
  .openapi({
    description: 'Origins, URLs (reduced to their origin) or `https://*.example.com` wildcards; empty allows every origin',
    example: ['https://shop.example.com', 'https://*.example.org'],
  })

/** A future instant: an ISO 8601 date-time with a zone, or a date (meaning 00:00 UTC that day). */
const expiresAt = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], {
    error: 'must be an ISO 8601 date-time with a time zone (2026-12-31T23:59:59Z) or a date (2026-12-31)',
  })
  .refine((v) => Date.parse(v) > Date.now(), 'must be in the future')
  .openapi({ type: 'string', format: 'date-time', example: '2030-12-31T23:59:59Z' })

const allowCalendarFeed = z.boolean().openapi({
  description:
    'Let calendar apps, which send no Origin, read the schedule feed (`GET /v1/events/{eventId}/schedule.ics` of the embed API) ' +
    'although `allowedOrigins` is not empty; the JSON reads stay limited to the allowed origins. A token without allowed ' +
    'origins serves the feed anyway. Default false.',
})

const name = requiredText(100).openapi({ description: '1 to 100 characters', example: 'Conference site' })

export const CreateEmbedTokenBody = z
  .object({
    eventId: uuid,
    name,
    allowedOrigins: allowedOrigins.optional(),
    expiresAt: expiresAt.optional(),
    allowCalendarFeed: allowCalendarFeed.optional(),
  })
  .strict()
  .openapi('CreateEmbedTokenRequest')
export type CreateEmbedTokenBody = z.output<typeof CreateEmbedTokenBody>

export const UpdateEmbedTokenBody = z
  .object({
    name,
    allowedOrigins,
    isActive: z.boolean().openapi({ description: 'false disables the token, true enables it again' }),
    expiresAt: expiresAt.nullable().openapi({ description: 'New expiry; null removes it' }),
    allowCalendarFeed,
  })
  .partial()
  .strict()
  .openapi('UpdateEmbedTokenRequest', { description: 'The token value itself can never be changed.' })
export type UpdateEmbedTokenBody = z.output<typeof UpdateEmbedTokenBody>

export const EMBED_TOKEN_SORT_FIELDS = ['created_at', 'name', 'last_used_at', 'expires_at'] as const
export const ListEmbedTokensQuery = listQuery({
  sortFields: EMBED_TOKEN_SORT_FIELDS,
  defaultSort: 'created_at',
  defaultLimit: 50,
  maxLimit: 100,
})
  .extend({
    event_id: uuid.optional().openapi({ description: 'Only the tokens of this event' }),
    include_revoked: z.enum(['true', 'false']).optional().openapi({ description: 'Also list revoked tokens (default false)' }),
  })
  .strict()
export type ListEmbedTokensQuery = z.output<typeof ListEmbedTokensQuery>

const tokenFields = {
  id: uuid,
  event_id: uuid,
  name: z.string(),
  prefix: z.string().openapi({ description: 'First 12 characters of the token', example: 'emb_3kTqZ8xW' }),
  is_active: z.boolean(),
  allowed_origins: z.array(z.string()),
  calendar_feed: z.boolean().openapi({
    description: 'Whether calendar apps may read the schedule feed although `allowed_origins` is not empty (`allowCalendarFeed`)',
  }),
  created_at: z.string().openapi({ format: 'date-time' }),
  expires_at: z.string().nullable().openapi({ format: 'date-time' }),
}

/** A token as lists show it: never the token itself. */
export const EmbedToken = z
  .object({
    ...tokenFields,
    usage_count: z.number().int().openapi({ description: 'Accepted embed API requests (updated within seconds)' }),
    last_used_at: z.string().nullable().openapi({ format: 'date-time' }),
    revoked_at: z.string().nullable().openapi({ format: 'date-time', description: 'Set once revoked (DELETE); final' }),
  })
  .openapi('EmbedToken')
export type EmbedToken = z.infer<typeof EmbedToken>

/** The response that creates a token: the only time `token` is shown. */
export const CreatedEmbedToken = z
  .object({ ...EmbedToken.shape, token: z.string().openapi({ description: 'The full token (`emb_…`); shown only now' }) })
  .openapi('CreatedEmbedToken')
export type CreatedEmbedToken = z.infer<typeof CreatedEmbedToken>

export const EmbedTokenResponse = dataEnvelope('EmbedTokenResponse', EmbedToken)
export const CreatedEmbedTokenResponse = dataEnvelope('CreatedEmbedTokenResponse', CreatedEmbedToken)
export const EmbedTokenListResponse = pageEnvelope('EmbedTokenListResponse', EmbedToken)
