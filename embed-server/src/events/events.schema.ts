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
  })
  .openapi('PublicTicket')
export type PublicTicket = z.infer<typeof PublicTicket>

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
  })
  .openapi('PublicEvent')
export type PublicEvent = z.infer<typeof PublicEvent>

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
    description: optionalText,
    starts_at: instant,
    ends_at: instant,
    track: optionalText,
    room: optionalText,
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
    bio: optionalText,
    photo_url: optionalText,
    sessions: z.array(PublicSpeakerSession),
  })
  .openapi('PublicSpeaker')
export type PublicSpeaker = z.infer<typeof PublicSpeaker>
