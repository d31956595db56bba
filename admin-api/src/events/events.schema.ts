import { QUESTION_TYPES, REGISTRATION_CONFIRMATIONS } from '@event-service/db'
import { emptyToNull, httpUrl, isoDateTime, optionalText, requiredText, uuid } from '../common/fields.ts'
import { dataEnvelope, pageEnvelope } from '../common/envelopes.ts'
import { listQuery } from '../common/list-query.ts'
import { SyncSettings, SyncSettingsInput, SyncStatus } from '../event-sync/sync.schema.ts'
import { z } from '../openapi/zod.ts'

/** Whether the runtime knows `name` as an IANA time zone (`Europe/Berlin`, `UTC`). */
export function isIanaTimeZone(name: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(name)) return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}

const timezone = z
  .string()
  .max(64, 'must be an IANA time zone such as Europe/Berlin')
  .refine(isIanaTimeZone, 'must be an IANA time zone such as Europe/Berlin')
  .openapi({ example: 'Europe/Berlin', description: 'IANA time zone the event is held in' })

/** A kind of ticket, chosen by visitors when they register. */
export const Ticket = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,49}$/, 'must be a slug: lower-case letters, digits and dashes, at most 50 characters')
      .openapi({ example: 'early-bird' }),
    name: requiredText(200),
    description: optionalText(20_000).transform(emptyToNull),
    price: optionalText(50).transform(emptyToNull).openapi({ description: 'Display price, e.g. `€ 99`', example: '€ 99' }),
    capacity: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(1_000_000, 'must be at most 1000000')
      .nullable()
      .optional()
      .openapi({ description: 'Places on sale; null or absent: unlimited. Cancelled registrations free their place.', example: 100 }),
    show_remaining: z
      .boolean()
      .optional()
      .openapi({ description: 'Whether the embed API shows visitors how many places are left (`remaining`); default false' }),
  })
  .strict()
  .openapi('Ticket')

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,49}$/, 'must be a slug: lower-case letters, digits and dashes, at most 50 characters')

/** A question of the registration form (docs/admin-api.md#events-sessions-registrations). */
export const Question = z
  .object({
    id: slug.openapi({ description: 'Key of the answer in `answers`', example: 'diet' }),
    label: requiredText(200).openapi({ example: 'Dietary requirements' }),
    type: z.enum(QUESTION_TYPES).openapi({
      description:
        '`text` (one line), `textarea`, `choice` (one of `options`), `multi` (any of `options`), `checkbox` (yes/no; required: must be ticked)',
    }),
    required: z.boolean().optional().openapi({ description: 'Default false' }),
    options: z
      .array(requiredText(200))
      .min(1, 'must have at least 1 option')
      .max(50, 'must have at most 50 options')
      .refine((o) => new Set(o).size === o.length, 'must not repeat an option')
      .nullable()
      .optional()
      .openapi({ description: 'The choices of a `choice` or `multi` question (required for them, refused for the others)' }),
    ticket_ids: z
      .array(slug)
      .min(1, 'must name at least 1 ticket')
      .max(100)
      .nullable()
      .optional()
      .openapi({ description: 'Ask only those who choose one of these tickets; null: everyone' }),
  })
  .strict()
  .superRefine((q, ctx) => {
    const hasOptions = q.type === 'choice' || q.type === 'multi'
    if (hasOptions && !q.options) ctx.addIssue({ code: 'custom', path: ['options'], message: `is required for a ${q.type} question` })
    if (!hasOptions && q.options) ctx.addIssue({ code: 'custom', path: ['options'], message: `is only for choice and multi questions` })
  })
  .openapi('Question')

const questions = z
  .array(Question)
  .max(50, 'must have at most 50 questions')
  .refine((list) => new Set(list.map((q) => q.id)).size === list.length, 'must not repeat a question id')

/** What registrants agree to; when set, the form requires `consent: true`. */
export const PrivacyNotice = z
  .object({
    text: requiredText(2000).openapi({ example: 'We use your data to run the event.' }),
    url: httpUrl
      .nullable()
      .optional()
      .transform((v) => v ?? null)
      .openapi({ description: 'The full privacy policy' }),
  })
  .strict()
  .openapi('PrivacyNotice')

const tickets = z
  .array(Ticket)
  .max(100, 'must have at most 100 tickets')
  .refine((list) => new Set(list.map((t) => t.id)).size === list.length, 'must not repeat a ticket id')

/** How the event's registrations are confirmed (docs/decisions.md "Registration is confirmed by email"). */
const registrationConfirmation = z.enum(REGISTRATION_CONFIRMATIONS, { error: 'must be email or none' }).openapi({
  description:
    '`email` (double opt-in): a registration is `pending`, holding its place for a while, until the registrant follows the link in the email it sends; `none`: registered at once, with no proof that the address is the registrant’s (and a repeat of a registered address then takes no place, which `remaining` shows)',
  example: 'email',
})

/** Names of rooms or tracks, in order: at most 100 of 1..100 characters, no repeats. */
const names = (what: string) =>
  z
    .array(requiredText(100))
    .max(100, `must have at most 100 ${what}`)
    .refine((list) => new Set(list.map((n) => n.toLowerCase())).size === list.length, `must not name one of the ${what} twice`)
    .openapi({
      description: `The event's ${what}, in the order the schedule shows them`,
      example: what === 'rooms' ? ['Hall A', 'Hall B'] : ['Frontend'],
    })

const eventFields = {
  name: requiredText(200),
  description: optionalText(20_000).transform(emptyToNull),
  timezone,
  starts_at: isoDateTime,
  ends_at: isoDateTime,
  venue: optionalText(200).transform(emptyToNull),
  rooms: names('rooms'),
  tracks: names('tracks'),
  tickets,
  questions,
  privacy_notice: PrivacyNotice.nullable(),
  registration_confirmation: registrationConfirmation,
  sync: SyncSettingsInput.nullable().openapi({
    description:
      'The source the event follows (docs/schedule-exchange.md#sync): replaced whole; a new or changed one runs at once; null stops following',
  }),
}

export const CreateEventBody = z
  .object({
    ...eventFields,
    timezone: timezone.default('UTC'),
    rooms: names('rooms').optional().openapi({ description: 'The event’s rooms, in the order the schedule shows them (default none)' }),
    tracks: names('tracks').optional().openapi({ description: 'The event’s tracks, in order (default none)' }),
    tickets: tickets.default([]),
    questions: questions.optional().openapi({ description: 'The registration form’s questions, in order (default none)' }),
    privacy_notice: PrivacyNotice.nullable().optional().openapi({ description: 'Default null: no consent asked' }),
    registration_confirmation: registrationConfirmation
      .optional()
      .openapi({ description: 'How registrations are confirmed (see `Event`); default `email`' }),
    sync: SyncSettingsInput.nullable()
      .optional()
      .openapi({ description: 'A source to follow (see `sync` of `UpdateEventRequest`); default none' }),
  })
  .strict()
  // Rules across fields are the service's, on the state the write leaves (event-rules.ts).
  .openapi('CreateEventRequest')
export type CreateEventBody = z.output<typeof CreateEventBody>

export const UpdateEventBody = z.object(eventFields).partial().strict().openapi('UpdateEventRequest')
export type UpdateEventBody = z.output<typeof UpdateEventBody>

export const EVENT_SORT_FIELDS = ['name', 'starts_at', 'created_at', 'updated_at'] as const
export const ListEventsQuery = listQuery({ sortFields: EVENT_SORT_FIELDS, defaultSort: 'starts_at' }).strict()
export type ListEventsQuery = z.output<typeof ListEventsQuery>

export const Event = z
  .object({
    id: uuid,
    name: z.string(),
    description: z.string().nullable(),
    timezone: z.string(),
    starts_at: z.string().openapi({ format: 'date-time' }),
    ends_at: z.string().openapi({ format: 'date-time' }),
    venue: z.string().nullable(),
    rooms: z.array(z.string()),
    tracks: z.array(z.string()),
    tickets: z.array(Ticket),
    questions: z.array(Question),
    privacy_notice: PrivacyNotice.nullable(),
    registration_confirmation: registrationConfirmation,
    sync: SyncSettings.nullable().openapi({ description: 'The source the event follows; null: none' }),
    sync_status: SyncStatus.nullable().openapi({ description: 'How its syncs went; null when it follows no source' }),
    created_at: z.string().openapi({ format: 'date-time' }),
    updated_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Event')
export type Event = z.infer<typeof Event>

export const EventResponse = dataEnvelope('EventResponse', Event)
export const EventListResponse = pageEnvelope('EventListResponse', Event)
