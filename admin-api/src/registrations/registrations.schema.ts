import { REGISTRATION_STATUSES } from '@event-service/db'
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
    status: z.enum(REGISTRATION_STATUSES).optional().openapi({ description: 'Only registrations in this status' }),
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
    status: z.enum(REGISTRATION_STATUSES).openapi({ description: '`registered`, `checked_in`, or `cancelled` (frees the place)' }),
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

/** The CSV export: one header row, then one row per registration (DESIGN.md). */
export const RegistrationCsv = z.string().openapi({
  description:
    "With `Accept: text/csv`: every matching registration (no pagination), one row each: id, created_at, name, email, ticket_id, status, consent_at, checked_in_at, cancelled_at, then one column per question. Cells that a spreadsheet would read as a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return) are prefixed with `'`.",
  example: 'id,created_at,name,email,ticket_id,status,consent_at,checked_in_at,cancelled_at,Dietary requirements\r\n',
})

export const UpdateRegistrationBody = z
  .object({
    status: z
      .enum(REGISTRATION_STATUSES)
      .optional()
      .openapi({ description: '`checked_in` checks in, `cancelled` cancels (frees the place), `registered` undoes either' }),
  })
  .strict()
  .openapi('UpdateRegistrationRequest')
export type UpdateRegistrationBody = z.output<typeof UpdateRegistrationBody>
