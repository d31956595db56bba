import { SESSION_LEVELS, SPEAKER_STATUSES } from '@event-service/db'
import {
  canonicalLanguageTag,
  emptyToNull,
  httpUrl,
  isoDateTime,
  languageTag,
  optionalText,
  requiredText,
  SOURCE,
  SOURCE_ID,
  tagsFilter,
  tags,
  uuid,
} from '../common/fields.ts'
import { dataEnvelope, pageEnvelope } from '../common/envelopes.ts'
import { listQuery } from '../common/list-query.ts'
import { z } from '../openapi/zod.ts'

export const MAX_SESSION_SPEAKERS = 50

const speakerIds = z
  .array(uuid)
  .max(MAX_SESSION_SPEAKERS, `must have at most ${MAX_SESSION_SPEAKERS} speakers`)
  .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, 'must not list a speaker twice')
  .openapi({ description: 'Speakers of the same event, in the order they are listed; replaces the whole list' })

/** The organiser's own kinds of session, as pretalx's per-event "submission types": free text. */
const format = optionalText(100).transform(emptyToNull).openapi({
  description: 'Kind of session as the organiser names it (talk, workshop, keynote, panel, …); at most 100 characters',
  example: 'Workshop',
})

const level = z
  .enum(SESSION_LEVELS)
  .nullable()
  .optional()
  .openapi('SessionLevel', { description: 'How much the session expects of its audience; null when not stated' })

const sessionFields = {
  title: requiredText(200),
  description: optionalText(20_000).transform(emptyToNull),
  starts_at: isoDateTime,
  ends_at: isoDateTime,
  track: optionalText(200).transform(emptyToNull),
  room: optionalText(200).transform(emptyToNull),
  speaker_ids: speakerIds,
  format,
  level,
  language: languageTag.nullable().optional(),
  tags: tags.openapi({
    description: 'Free-form labels (at most 50 of at most 50 characters, deduplicated); filter with `tags`',
    example: ['ai', 'hands-on'],
  }),
  slides_url: httpUrl.nullable().optional().openapi({ description: 'Slides, an http: or https: URL' }),
  recording_url: httpUrl.nullable().optional().openapi({ description: 'Recording, an http: or https: URL' }),
  cancelled: z
    .boolean()
    .optional()
    .openapi({ description: 'A cancelled session stays in the schedule, shown as cancelled (default false)' }),
}

export const CreateSessionBody = z
  .object({ event_id: uuid, ...sessionFields, speaker_ids: speakerIds.default([]), tags: sessionFields.tags.optional() })
  .strict()
  // Rules across fields and with the event are the service's, on the state the write leaves (session-rules.ts).
  .openapi('CreateSessionRequest')
export type CreateSessionBody = z.output<typeof CreateSessionBody>

export const UpdateSessionBody = z.object(sessionFields).partial().strict().openapi('UpdateSessionRequest')
export type UpdateSessionBody = z.output<typeof UpdateSessionBody>

export const SESSION_SORT_FIELDS = ['starts_at', 'title', 'created_at', 'updated_at'] as const
export const ListSessionsQuery = listQuery({ sortFields: SESSION_SORT_FIELDS, defaultSort: 'starts_at' })
  .extend({
    event_id: uuid.openapi({ description: 'Event whose sessions are listed' }),
    track: z.string().max(200).optional().openapi({ description: 'Only sessions of this track (exact match)' }),
    room: z.string().max(200).optional().openapi({ description: 'Only sessions in this room (exact match)' }),
    format: z.string().max(100).optional().openapi({ description: 'Only sessions of this format (exact match)' }),
    level: z.enum(SESSION_LEVELS).optional().openapi({ description: 'Only sessions of this level' }),
    language: z
      .string()
      .refine((v) => canonicalLanguageTag(v) !== undefined, 'must be a BCP 47 language tag such as en, de or pt-BR')
      .transform((v) => canonicalLanguageTag(v) as string)
      .optional()
      .openapi({
        description: 'Only sessions in this language or one of its variants (RFC 4647 basic filtering: `pt` matches `pt` and `pt-BR`)',
        example: 'en',
      }),
    tags: tagsFilter
      .optional()
      .openapi({ description: 'Comma-separated tags; a session matches when it has any of them', example: 'ai,hands-on' }),
  })
  .strict()
export type ListSessionsQuery = z.output<typeof ListSessionsQuery>

export const SessionSpeaker = z
  .object({
    id: uuid,
    name: z.string(),
    title: z.string().nullable(),
    company: z.string().nullable(),
    status: z.enum(SPEAKER_STATUSES),
    photo_url: z.string().nullable(),
  })
  .openapi('SessionSpeaker')
export type SessionSpeaker = z.infer<typeof SessionSpeaker>

export const Session = z
  .object({
    id: uuid,
    event_id: uuid,
    title: z.string(),
    description: z.string().nullable(),
    starts_at: z.string().openapi({ format: 'date-time' }),
    ends_at: z.string().openapi({ format: 'date-time' }),
    track: z.string().nullable(),
    room: z.string().nullable(),
    format: z.string().nullable().openapi({ example: 'Workshop' }),
    level: z.enum(SESSION_LEVELS).nullable(),
    language: z.string().nullable().openapi({ description: 'BCP 47 language tag', example: 'en' }),
    tags: z.array(z.string()),
    slides_url: z.string().nullable(),
    recording_url: z.string().nullable(),
    cancelled: z.boolean().openapi({ description: 'Shown as cancelled by the widgets and the calendar feed, not hidden' }),
    speakers: z.array(SessionSpeaker).openapi({ description: 'In the order of `speaker_ids`' }),
    source: SOURCE,
    source_id: SOURCE_ID,
    created_at: z.string().openapi({ format: 'date-time' }),
    updated_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Session')
export type Session = z.infer<typeof Session>

export const SessionResponse = dataEnvelope('SessionResponse', Session)
export const SessionListResponse = pageEnvelope('SessionListResponse', Session)
