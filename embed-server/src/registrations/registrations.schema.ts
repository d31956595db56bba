import { z } from '../openapi/zod.ts'

const noNul = (s: string) => !s.includes('\u0000')
const text = (max: number) => z.string().max(max).refine(noNul, 'must not contain a NUL character')

/**
 * `POST /v1/events/{eventId}/registrations` (docs/embed-api.md). Strict: unknown fields are
 * refused. `website` is a honeypot: the form hides it from people, so only bots fill it in.
 */
export const RegistrationBody = z
  .strictObject({
    name: text(200)
      .transform((s) => s.trim())
      .pipe(z.string().min(1, 'Enter a name'))
      .openapi({ description: '1 to 200 characters (trimmed)', example: 'Ada Lovelace' }),
    email: z
      .string()
      .trim()
      .max(254)
      .pipe(z.email('Enter a valid email address'))
      .openapi({ description: 'At most 254 characters; one registration per email and event', example: 'ada@example.com' }),
    ticket_id: text(100).optional().openapi({ description: 'One of the event’s ticket ids; required when the event has tickets' }),
    answers: z
      .record(text(100), text(2000))
      .refine((a) => Object.keys(a).length <= 20, 'must have at most 20 answers')
      .optional()
      .openapi({ description: 'At most 20 answers of at most 2,000 characters' }),
    website: z.string().max(0, 'must be empty').optional().openapi({ description: 'Honeypot: always empty' }),
  })
  .openapi('RegistrationRequest')
export type RegistrationBody = z.output<typeof RegistrationBody>

/**
 * The answer to a registration, new or a repeat of an email already registered alike: built from
 * what was sent, with nothing stored (no id, no time) that would tell the two apart.
 */
export const RegistrationAnswer = z
  .strictObject({
    event_id: z.uuid(),
    name: z.string().openapi({ description: 'The name sent, trimmed' }),
    ticket_id: z.string().nullable().openapi({ description: 'The ticket sent, or null' }),
  })
  .openapi('RegistrationAnswer')
export type RegistrationAnswer = z.infer<typeof RegistrationAnswer>

/** The largest registration body accepted: a name, an email and a few answers fit many times over. */
export const REGISTRATION_BODY_LIMIT = '16kb'
