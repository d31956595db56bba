import { OUTBOX_STATUSES, REGISTRATION_STATUSES } from '@event-service/db'
import { uuid } from '../common/fields.ts'
import { dataEnvelope, pageEnvelope } from '../common/envelopes.ts'
import { listQuery } from '../common/list-query.ts'
import { z } from '../openapi/zod.ts'

export const REGISTRATION_SORT_FIELDS = ['created_at', 'name', 'email', 'status'] as const
export const ListRegistrationsQuery = listQuery({ sortFields: REGISTRATION_SORT_FIELDS, defaultSort: 'created_at' })
  .extend({
    event_id: uuid.openapi({ description: 'Event whose registrations are listed' }),
    ticket_id: z
      .string()
      .max(50, 'must be at most 50 characters')
      .optional()
      .openapi({ description: 'Only this ticket', example: 'standard' }),
    status: z
      .enum(REGISTRATION_STATUSES)
      .optional()
      .openapi({ description: 'Only registrations in this status (`pending`: waiting for the registrant to follow the confirm link)' }),
    search: z
      .string()
      .max(200, 'must be at most 200 characters')
      .refine((v) => !v.includes('\u0000'), 'must not contain a NUL character')
      .optional()
      .openapi({ description: 'Case-insensitive substring of name or email', example: 'ada' }),
  })
  .strict()
export type ListRegistrationsQuery = z.output<typeof ListRegistrationsQuery>

const answer = z.union([z.string(), z.array(z.string()), z.boolean()]).openapi({
  description: 'Text (`text`, `textarea`, `choice`), the choices made (`multi`) or whether it was ticked (`checkbox`)',
})

export const Registration = z
  .object({
    id: uuid,
    event_id: uuid,
    name: z.string(),
    email: z.string(),
    ticket_id: z.string().nullable().openapi({ description: 'Id of one of the event’s `tickets`' }),
    answers: z.record(z.string(), answer).openapi({ description: 'Answers to the event’s `questions`, by question id' }),
    status: z.enum(REGISTRATION_STATUSES).openapi({
      description:
        '`pending` (the event confirms registrations by email and the registrant has not followed the link yet: the place is held until `hold_expires_at`), `registered`, `checked_in`, `cancelled` (frees the place) or `expired` (a pending one whose hold ran out: the place is free again)',
    }),
    hold_expires_at: z
      .string()
      .nullable()
      .openapi({ format: 'date-time', description: 'While `pending`: when the held place is freed unless confirmed; otherwise null' }),
    confirmed_at: z.string().nullable().openapi({
      format: 'date-time',
      description: 'When it was confirmed (its link followed, or by the organiser); null if it never was pending',
    }),
    consent_at: z
      .string()
      .nullable()
      .openapi({ format: 'date-time', description: 'When the registrant accepted the event’s `privacy_notice`; null when it had none' }),
    checked_in_at: z.string().nullable().openapi({ format: 'date-time' }),
    cancelled_at: z.string().nullable().openapi({ format: 'date-time' }),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Registration')
export type Registration = z.infer<typeof Registration>

export const RegistrationListResponse = pageEnvelope('RegistrationListResponse', Registration)
export const RegistrationResponse = dataEnvelope('RegistrationResponse', Registration)

/** The CSV export: one header row, then one row per registration (docs/admin-api.md#events-sessions-registrations). */
export const RegistrationCsv = z.string().openapi({
  description:
    "With `Accept: text/csv`: every matching registration (no pagination), one row each: id, created_at, name, email, ticket_id, status (`pending` included), confirmed_at, consent_at, checked_in_at, cancelled_at, then one column per question (an answer of any shape is written; a row that cannot be written ends the download with an error rather than being left out). Cells that a spreadsheet would read as a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return) are prefixed with `'`.",
  example: 'id,created_at,name,email,ticket_id,status,confirmed_at,consent_at,checked_in_at,cancelled_at,Dietary requirements\r\n',
})

/** What the organiser can set: `pending` and `expired` only the registrant's email and the clock lead to. */
const SETTABLE_STATUSES = ['registered', 'checked_in', 'cancelled'] as const

export const UpdateRegistrationBody = z
  .object({
    status: z.enum(SETTABLE_STATUSES, { error: 'must be registered, checked_in or cancelled' }).optional().openapi({
      description:
        '`registered` confirms a pending registration (as its link would) or undoes a check-in or cancellation; `checked_in` checks in (a pending one is confirmed too); `cancelled` cancels (frees the place)',
    }),
  })
  .strict()
  .openapi('UpdateRegistrationRequest')
export type UpdateRegistrationBody = z.output<typeof UpdateRegistrationBody>

/** An email of the mail outbox sent about a registration, without its text (it holds the registrant's links). */
export const RegistrationEmail = z
  .object({
    id: uuid,
    kind: z.string().openapi({ description: 'What it is, e.g. `registration.confirmation`', example: 'registration.confirmation' }),
    to: z.string(),
    subject: z.string(),
    status: z
      .enum(OUTBOX_STATUSES)
      .openapi({ description: '`delivered`: handed to the SMTP server; `pending` also while no `SMTP_URL` is set' }),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    created_at: z.string().openapi({ format: 'date-time' }),
    delivered_at: z.string().nullable().openapi({ format: 'date-time' }),
  })
  .openapi('RegistrationEmail')
export const RegistrationEmailListResponse = dataEnvelope('RegistrationEmailListResponse', z.array(RegistrationEmail))
