import { TOKEN_REFUSAL_CODES } from '@event-service/server-common'
import { z } from '../openapi/zod.ts'

/** Codes an access verdict may carry: the token refusals (`TOKEN_REFUSAL_CODES`), and a malformed event id. */
export const ACCESS_REFUSAL_CODES = [...TOKEN_REFUSAL_CODES, 'VALIDATION_ERROR'] as const
export type AccessRefusalCode = (typeof ACCESS_REFUSAL_CODES)[number]

const REFUSALS = new Set<string>(ACCESS_REFUSAL_CODES)
/** Whether an error's code is one an access verdict explains. */
export const isAccessRefusal = (code: string): code is AccessRefusalCode => REFUSALS.has(code)

/** `GET /v1/events/{eventId}/access`: whether the token may be used from the requesting page, and if not, why. */
export const AccessVerdict = z
  .discriminatedUnion('allowed', [
    z.strictObject({
      allowed: z.literal(true),
      calendar_feed: z.boolean().openapi({
        description:
          'Whether calendar apps may subscribe to GET /v1/events/{eventId}/schedule.ics with this token (the token has no allowed origins, or allows the feed): whether to offer the link',
      }),
    }),
    z.strictObject({
      allowed: z.literal(false),
      code: z.enum(ACCESS_REFUSAL_CODES).openapi('AccessRefusalCode'),
      message: z.string().openapi({ example: 'This embed token has been disabled' }),
    }),
  ])
  .openapi('AccessVerdict')
export type AccessVerdict = z.infer<typeof AccessVerdict>
