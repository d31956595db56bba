import { z } from 'zod'

const noNul = (s: string) => !s.includes('\u0000')
const text = (max: number) => z.string().max(max).refine(noNul, 'Must not contain NUL characters')

/**
 * `POST /v1/events/{eventId}/registrations` (docs/embed-api.md). Strict: unknown fields are
 * refused. `website` is a honeypot: the form hides it from people, so only bots fill it in.
 */
export const RegistrationBody = z.strictObject({
  name: text(200)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, 'Enter a name')),
  email: z.string().trim().max(254).pipe(z.email('Enter a valid email address')),
  ticket_id: text(100).optional(),
  answers: z
    .record(text(100), text(2000))
    .refine((a) => Object.keys(a).length <= 20, 'At most 20 answers')
    .optional(),
  website: z.string().max(0, 'Must be empty').optional(),
})
export type RegistrationBody = z.output<typeof RegistrationBody>

/** The largest registration body accepted: a name, an email and a few answers fit many times over. */
export const REGISTRATION_BODY_LIMIT = '16kb'
