import { SPEAKER_STATUSES } from '@event-service/db'
import {
  email,
  emptyToNull,
  httpUrl,
  Link,
  links,
  optionalText,
  requiredText,
  SOURCE,
  SOURCE_ID,
  tagsFilter,
  tags as tagsSchema,
  uuid,
} from '../common/fields.ts'
import { dataEnvelope, pageEnvelope } from '../common/envelopes.ts'
import { listQuery } from '../common/list-query.ts'
import { z } from '../openapi/zod.ts'

const status = z.enum(SPEAKER_STATUSES).openapi('SpeakerStatus', { description: 'Speaker state' })

const tags = tagsSchema.openapi({
  description: 'Free-form labels (deduplicated, order kept); filter lists with `tags`',
  example: ['keynote', 'ai'],
})

const speakerFields = {
  email,
  name: requiredText(200),
  title: optionalText(200).transform(emptyToNull),
  company: optionalText(200).transform(emptyToNull),
  bio: optionalText(10_000).transform(emptyToNull),
  status,
  tags,
  photo_url: httpUrl.nullable().optional().openapi({ description: 'Portrait, an http: or https: URL' }),
  links: links.openapi({
    description: 'Website and profiles elsewhere: at most 10 `{url, label?}` (http or https); replaces the whole list',
  }),
}

export const UpsertSpeakerBody = z
  .object({ event_id: uuid, ...speakerFields, status: status.optional(), tags: tags.optional(), links: speakerFields.links.optional() })
  .strict()
  .openapi('UpsertSpeakerRequest')
export type UpsertSpeakerBody = z.output<typeof UpsertSpeakerBody>

export const UpdateSpeakerBody = z.object(speakerFields).partial().strict().openapi('UpdateSpeakerRequest')
export type UpdateSpeakerBody = z.output<typeof UpdateSpeakerBody>

export const SPEAKER_SORT_FIELDS = ['name', 'email', 'company', 'status', 'created_at', 'updated_at'] as const

export const ListSpeakersQuery = listQuery({ sortFields: SPEAKER_SORT_FIELDS, defaultSort: 'created_at' })
  .extend({
    event_id: uuid.openapi({ description: 'Event whose speakers are listed' }),
    status: status.optional(),
    tags: tagsFilter
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
    email: z.string().nullable().openapi({ description: 'Null for a speaker imported from a source that publishes no addresses' }),
    name: z.string(),
    title: z.string().nullable(),
    company: z.string().nullable(),
    bio: z.string().nullable(),
    status,
    tags: z.array(z.string()),
    photo_url: z.string().nullable(),
    links: z.array(Link).openapi({ description: 'Website and profiles elsewhere, in order' }),
    source: SOURCE,
    source_id: SOURCE_ID,
    created_at: z.string().openapi({ format: 'date-time' }),
    updated_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Speaker')
export type Speaker = z.infer<typeof Speaker>

export const SpeakerResponse = dataEnvelope('SpeakerResponse', Speaker)
export const SpeakerListResponse = pageEnvelope('SpeakerListResponse', Speaker)
