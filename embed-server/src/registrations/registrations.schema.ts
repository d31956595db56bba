import { z } from '../openapi/zod.ts'

const noNul = (s: string) => !s.includes('\u0000')
const text = (max: number) => z.string().max(max).refine(noNul, 'must not contain a NUL character')

/**
 * Control characters (C0, DEL, C1: line feeds, carriage returns, tabs…) and the Unicode line and
 * paragraph separators. A name is one line: it is shown in emails and pages, where a line break
 * would let it write lines that look like ours.
 */
const LINE_BREAKING = /[\p{Cc}\u2028\u2029]/u

/** One answer: text, the options chosen, or whether a checkbox was ticked. */
const AnswerValue = z
  .union([text(2000), z.array(text(200)).max(50, 'must have at most 50 choices'), z.boolean()], {
    error: 'must be text, a list of options, or true or false',
  })
  .openapi('RegistrationAnswerValue')

/**
 * `POST /v1/events/{eventId}/registrations` (docs/embed-api.md). Strict: unknown fields are
 * refused. `website` is a honeypot: the form hides it from people, so only bots fill it in.
 */
export const RegistrationBody = z
  .strictObject({
    name: text(200)
      .refine((s) => !LINE_BREAKING.test(s), 'must be one line, without control characters')
      .transform((s) => s.trim())
      .pipe(z.string().min(1, 'Enter a name'))
      .openapi({ description: '1 to 200 characters (trimmed), one line: no control characters', example: 'Ada Lovelace' }),
    email: z
      .string()
      .trim()
      .max(254)
      .pipe(z.email('Enter a valid email address'))
      .openapi({ description: 'At most 254 characters; one registration per email and event', example: 'ada@example.com' }),
    ticket_id: text(100).optional().openapi({ description: 'One of the event’s ticket ids; required when the event has tickets' }),
    answers: z
      .record(text(100), AnswerValue)
      .refine((a) => Object.keys(a).length <= 50, 'must have at most 50 answers')
      .optional()
      .openapi({
        description:
          'Answers to the event’s `questions` by question id: text for `text`, `textarea` and `choice`, a list of options for `multi`, true or false for `checkbox`. Checked against the questions: an unknown question, a wrong choice or a missing required answer is 400 at `answers.<questionId>`.',
      }),
    consent: z
      .boolean()
      .optional()
      .openapi({ description: 'Must be true when the event has a `privacy_notice`; the time of consent is stored' }),
    locale: z
      .string()
      .max(35)
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, 'must be a language tag such as de or en-GB')
      .optional()
      .openapi({
        description:
          'The form’s language (BCP 47): the confirmation email and the cancel page speak it (en, de, fr, es, nl; others get English)',
        example: 'de',
      }),
    website: z.string().max(0, 'must be empty').optional().openapi({ description: 'Honeypot: always empty' }),
  })
  .openapi('RegistrationRequest')
export type RegistrationBody = z.output<typeof RegistrationBody>

/**
 * The answer to a registration, new or a repeat of an email already registered alike: built from
 * what was sent and the event's way of confirming, with nothing stored (no id, no time) that would
 * tell the two apart.
 */
export const RegistrationAnswer = z
  .strictObject({
    event_id: z.uuid(),
    name: z.string().openapi({ description: 'The name sent, trimmed' }),
    ticket_id: z.string().nullable().openapi({ description: 'The ticket sent, or null' }),
    status: z.enum(['pending', 'registered']).openapi({
      description:
        '`pending` when the event confirms registrations by email (`registration_confirmation: "email"`): the registrant must follow the link in the email; `registered` when it does not. The same for every address, new or known.',
    }),
  })
  .openapi('RegistrationAnswer')
export type RegistrationAnswer = z.infer<typeof RegistrationAnswer>

/** The largest registration body accepted: a name, an email and a few answers fit many times over. */
export const REGISTRATION_BODY_LIMIT = '16kb'
