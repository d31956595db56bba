import { QUESTION_TYPES, SESSION_LEVELS } from '@event-service/db'
import { z } from '../openapi/zod.ts'

// The public shapes of the embed API's reads (docs/embed-api.md): the one source of the
// presenters' types, of the OpenAPI document at GET /v1/openapi.json, and through it of the
// widgets' types (widgets/src/api/embed-api.generated.ts). Objects are strict: the document
// says `additionalProperties: false`, so a client may rely on nothing else being sent.

const id = z.uuid()
const instant = z.iso.datetime().openapi({ description: 'ISO 8601, UTC', example: '2031-06-10T07:00:00.000Z' })
const optionalText = z.string().nullable()

/** One kind of ticket of an event. */
export const PublicTicket = z
  .strictObject({
    id: z.string().openapi({ example: 'standard' }),
    name: z.string(),
    description: optionalText,
    price: optionalText.openapi({ description: 'As the organiser wrote it', example: '€350' }),
    sold_out: z.boolean().openapi({ description: 'Every place is taken: a registration for it is answered 409 `SOLD_OUT`' }),
    remaining: z
      .number()
      .int()
      .optional()
      .openapi({ description: 'Places left; present only when the organiser chose to show it', example: 12 }),
  })
  .openapi('PublicTicket')
export type PublicTicket = z.infer<typeof PublicTicket>

/** A question of the registration form, in the order the form asks them. */
export const PublicQuestion = z
  .strictObject({
    id: z.string().openapi({ description: 'Key of the answer in the registration’s `answers`', example: 'diet' }),
    label: z.string().openapi({ example: 'Dietary requirements' }),
    type: z.enum(QUESTION_TYPES).openapi('PublicQuestionType', {
      description:
        '`text`: one line; `textarea`: several; `choice`: one of `options` (a string); `multi`: any of `options` (a list); `checkbox`: true or false (when required: true)',
    }),
    required: z.boolean(),
    options: z.array(z.string()).nullable().openapi({ description: 'The choices of `choice` and `multi`; null for the others' }),
    ticket_ids: z.array(z.string()).nullable().openapi({ description: 'Asked only with one of these tickets; null: asked of everyone' }),
  })
  .openapi('PublicQuestion')
export type PublicQuestion = z.infer<typeof PublicQuestion>

/** What a registrant agrees to; when the event has one, registrations must carry `consent: true`. */
export const PublicPrivacyNotice = z
  .strictObject({
    text: z.string().openapi({ example: 'We use your name and email to run the event.' }),
    url: optionalText.openapi({ description: 'The full privacy policy (http: or https:)', example: 'https://example.com/privacy' }),
  })
  .openapi('PublicPrivacyNotice')
export type PublicPrivacyNotice = z.infer<typeof PublicPrivacyNotice>

/** `GET /v1/events/{eventId}`. */
export const PublicEvent = z
  .strictObject({
    id,
    name: z.string(),
    description: optionalText,
    timezone: z.string().openapi({ description: 'IANA time zone the times are shown in', example: 'Europe/Berlin' }),
    starts_at: instant,
    ends_at: instant,
    venue: optionalText,
    tickets: z.array(PublicTicket),
    questions: z.array(PublicQuestion).openapi({ description: 'The registration form’s questions, in order' }),
    privacy_notice: PublicPrivacyNotice.nullable(),
  })
  .openapi('PublicEvent')
export type PublicEvent = z.infer<typeof PublicEvent>

/** How much a session expects of its audience: a closed list, so widgets can translate it. */
const level = z
  .enum(SESSION_LEVELS)
  .nullable()
  .openapi('PublicSessionLevel', { description: 'How much the session expects of its audience; null when not stated' })
const format = optionalText.openapi({
  description: 'Kind of session as the organiser names it (talk, workshop, keynote, panel, …): free text in the event’s language',
  example: 'Workshop',
})
const language = optionalText.openapi({ description: 'BCP 47 language tag (`en`, `de`, `pt-BR`)', example: 'en' })
const plainText = (what: string) =>
  optionalText.openapi({
    description: `${what}: plain text, never HTML; widgets render the small markup of docs/embed-api.md ("Text in bios and abstracts")`,
  })

/** A speaker's website or profile elsewhere. */
export const PublicLink = z
  .strictObject({
    url: z.string().openapi({ description: 'An http: or https: URL', example: 'https://ada.example.com' }),
    label: optionalText.openapi({ description: 'What the link is, as the organiser wrote it; null: show the host', example: 'Website' }),
  })
  .openapi('PublicLink')
export type PublicLink = z.infer<typeof PublicLink>

/** A speaker as shown inside a session. */
export const PublicSessionSpeaker = z
  .strictObject({
    id,
    name: z.string(),
    title: optionalText,
    company: optionalText,
    photo_url: optionalText,
  })
  .openapi('PublicSessionSpeaker')
export type PublicSessionSpeaker = z.infer<typeof PublicSessionSpeaker>

/** `GET /v1/events/{eventId}/sessions` items, and `GET …/sessions/{sessionId}`. */
export const PublicSession = z
  .strictObject({
    id,
    title: z.string(),
    description: plainText('The abstract'),
    starts_at: instant,
    ends_at: instant,
    track: optionalText,
    room: optionalText,
    format,
    level,
    language,
    tags: z.array(z.string()).openapi({ description: 'Free-form labels, in the organiser’s order', example: ['ai', 'hands-on'] }),
    slides_url: optionalText.openapi({ description: 'Slides, an http: or https: URL' }),
    recording_url: optionalText.openapi({ description: 'Recording, an http: or https: URL' }),
    cancelled: z.boolean().openapi({ description: 'Cancelled: show it as cancelled (struck through), do not hide it' }),
    speakers: z.array(PublicSessionSpeaker).openapi({ description: 'Public speakers only, in their listed order' }),
  })
  .openapi('PublicSession')
export type PublicSession = z.infer<typeof PublicSession>

/** A session as shown inside a speaker. */
export const PublicSpeakerSession = z
  .strictObject({
    id,
    title: z.string(),
    starts_at: instant,
    ends_at: instant,
    track: optionalText,
    room: optionalText,
    format,
    level,
    language,
  })
  .openapi('PublicSpeakerSession')
export type PublicSpeakerSession = z.infer<typeof PublicSpeakerSession>

/** `GET /v1/events/{eventId}/speakers` items, and `GET …/speakers/{speakerId}`. */
export const PublicSpeaker = z
  .strictObject({
    id,
    name: z.string(),
    title: optionalText,
    company: optionalText,
    bio: plainText('The biography'),
    photo_url: optionalText,
    links: z.array(PublicLink).openapi({ description: 'Website and profiles elsewhere, at most 10, in order' }),
    sessions: z.array(PublicSpeakerSession),
  })
  .openapi('PublicSpeaker')
export type PublicSpeaker = z.infer<typeof PublicSpeaker>
