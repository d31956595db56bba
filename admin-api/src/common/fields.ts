import { z } from '../openapi/zod.ts'

const NUL = '\u0000'
const noNul = (v: string) => !v.includes(NUL)
const NUL_MESSAGE = 'must not contain a NUL character'

/** A UUID (any version); anything else is a 400 before it reaches the database. */
export const uuid = z.uuid('must be a UUID').openapi({ format: 'uuid', example: '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b' })

/** A required, trimmed text of 1..`max` characters (DESIGN.md length limits), without NUL. */
export const requiredText = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`).refine(noNul, NUL_MESSAGE)

/** An optional text of at most `max` characters; `null` or an empty string clears it. */
export const optionalText = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`).refine(noNul, NUL_MESSAGE).nullable().optional()

/** An ISO 8601 date-time with a time zone (`Z` or an offset). */
export const isoDateTime = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 date-time with a time zone, e.g. 2026-05-01T09:00:00Z' })
  .openapi({ format: 'date-time', example: '2026-05-01T09:00:00Z' })

/** An email address, stored as given (compared case-insensitively). */
export const email = z
  .string()
  .trim()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email('must be an email address'))
  .openapi({ type: 'string', format: 'email', example: 'ada@example.com' })

/** An absolute `http:` or `https:` URL. */
export const httpUrl = z
  .string()
  .trim()
  .max(2048, 'must be at most 2048 characters')
  .refine(noNul, NUL_MESSAGE)
  .refine((v) => {
    try {
      const u = new URL(v)
      return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== ''
    } catch {
      return false
    }
  }, 'must be an http: or https: URL')
  .openapi({ format: 'uri', example: 'https://example.com/ada.jpg' })

/** Empty strings mean "no value" in stored optional texts. */
export const emptyToNull = (v: string | null | undefined): string | null | undefined => (v === '' ? null : v)

/** Path parameter `{id}`. */
export const IdParams = z.object({ id: uuid.openapi({ param: { name: 'id', in: 'path' } }) })
