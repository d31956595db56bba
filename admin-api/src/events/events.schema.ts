import { emptyToNull, isoDateTime, optionalText, requiredText, uuid } from '../common/fields.ts'
import { dataEnvelope, pageEnvelope } from '../common/envelopes.ts'
import { listQuery } from '../common/list-query.ts'
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
  })
  .strict()
  .openapi('Ticket')

const tickets = z
  .array(Ticket)
  .max(100, 'must have at most 100 tickets')
  .refine((list) => new Set(list.map((t) => t.id)).size === list.length, 'must not repeat a ticket id')

const eventFields = {
  name: requiredText(200),
  description: optionalText(20_000).transform(emptyToNull),
  timezone,
  starts_at: isoDateTime,
  ends_at: isoDateTime,
  venue: optionalText(200).transform(emptyToNull),
  tickets,
}

const endsAfterStart = (e: { starts_at?: string | undefined; ends_at?: string | undefined }) =>
  !e.starts_at || !e.ends_at || Date.parse(e.ends_at) >= Date.parse(e.starts_at)
const ENDS_MESSAGE = { path: ['ends_at'], message: 'must not be before starts_at' }

export const CreateEventBody = z
  .object({ ...eventFields, timezone: timezone.default('UTC'), tickets: tickets.default([]) })
  .strict()
  .refine(endsAfterStart, ENDS_MESSAGE)
  .openapi('CreateEventRequest')
export type CreateEventBody = z.output<typeof CreateEventBody>

export const UpdateEventBody = z.object(eventFields).partial().strict().refine(endsAfterStart, ENDS_MESSAGE).openapi('UpdateEventRequest')
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
    tickets: z.array(Ticket),
    created_at: z.string().openapi({ format: 'date-time' }),
    updated_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Event')
export type Event = z.infer<typeof Event>

export const EventResponse = dataEnvelope('EventResponse', Event)
export const EventListResponse = pageEnvelope('EventListResponse', Event)
