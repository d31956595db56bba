import { SPEAKER_STATUSES } from '@event-service/db'
import { email, emptyToNull, httpUrl, optionalText, requiredText, uuid } from '../common/fields.ts'
import { dataEnvelope, pageEnvelope } from '../common/envelopes.ts'
import { listQuery } from '../common/list-query.ts'
import { z } from '../openapi/zod.ts'

export const MAX_TAGS = 50
export const MAX_TAG_LENGTH = 50

const status = z
  .enum(SPEAKER_STATUSES, { error: `must be one of ${SPEAKER_STATUSES.join(', ')}` })
  .openapi('SpeakerStatus', { description: 'Speaker state (SPEC.md 3.1)' })

const tag = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_TAG_LENGTH, `must be at most ${MAX_TAG_LENGTH} characters`)
  .refine((t) => !t.includes(',') && !t.includes('\u0000'), 'must not contain a comma or a NUL character')

const tags = z
  .array(tag)
  .max(MAX_TAGS, `at most ${MAX_TAGS} tags`)
  .transform((list) => [...new Set(list)])
  .openapi({ description: 'Free-form labels (deduplicated, order kept); filter lists with `tags`', example: ['keynote', 'ai'] })

const speakerFields = {
  email,
  name: requiredText(200),
  title: optionalText(200).transform(emptyToNull),
  company: optionalText(200).transform(emptyToNull),
  bio: optionalText(10_000).transform(emptyToNull),
  status,
  tags,
  photo_url: httpUrl.nullable().optional().openapi({ description: 'Portrait, an http: or https: URL' }),
}

export const UpsertSpeakerBody = z
  .object({ event_id: uuid, ...speakerFields, status: status.optional(), tags: tags.optional() })
  .strict()
  .openapi('UpsertSpeakerRequest')
export type UpsertSpeakerBody = z.output<typeof UpsertSpeakerBody>

export const UpdateSpeakerBody = z.object(speakerFields).partial().strict().openapi('UpdateSpeakerRequest')
export type UpdateSpeakerBody = z.output<typeof UpdateSpeakerBody>

export const SPEAKER_SORT_FIELDS = ['name', 'email', 'company', 'status', 'created_at', 'updated_at'] as const

/** Splits `?tags=a,b` into distinct, trimmed, non-empty tags. */
export const splitTags = (value: string): string[] => [
  ...new Set(
    value
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  ),
]

export const ListSpeakersQuery = listQuery({ sortFields: SPEAKER_SORT_FIELDS, defaultSort: 'created_at' })
  .extend({
    event_id: uuid.openapi({ description: 'Event whose speakers are listed' }),
    status: status.optional(),
    tags: z
      .string()
      .max(MAX_TAGS * (MAX_TAG_LENGTH + 1), 'is too long')
      .refine((v) => splitTags(v).length <= MAX_TAGS, `at most ${MAX_TAGS} tags`)
      .refine((v) => splitTags(v).every((t) => t.length <= MAX_TAG_LENGTH), `each tag must be at most ${MAX_TAG_LENGTH} characters`)
      .optional()
      .openapi({ description: 'Comma-separated tags; a speaker matches when it has any of them', example: 'keynote,ai' }),
    search: z
      .string()
      .max(200, 'must be at most 200 characters')
      .refine((v) => !v.includes('\u0000'), 'must not contain a NUL character')
      .optional()
      .openapi({ description: 'Case-insensitive substring of name, email or company', example: 'ada' }),
  })
  .strict()
export type ListSpeakersQuery = z.output<typeof ListSpeakersQuery>

export const Speaker = z
  .object({
    id: uuid,
    event_id: uuid,
    email: z.string(),
    name: z.string(),
    title: z.string().nullable(),
    company: z.string().nullable(),
    bio: z.string().nullable(),
    status,
    tags: z.array(z.string()),
    photo_url: z.string().nullable(),
    created_at: z.string().openapi({ format: 'date-time' }),
    updated_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Speaker')
export type Speaker = z.infer<typeof Speaker>

export const SpeakerResponse = dataEnvelope('SpeakerResponse', Speaker)
export const SpeakerListResponse = pageEnvelope('SpeakerListResponse', Speaker)
