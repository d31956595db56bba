import { uuid } from '../common/fields.ts'
import { pageEnvelope } from '../common/envelopes.ts'
import { listQuery } from '../common/list-query.ts'
import { z } from '../openapi/zod.ts'

export const REGISTRATION_SORT_FIELDS = ['created_at', 'name', 'email'] as const
export const ListRegistrationsQuery = listQuery({ sortFields: REGISTRATION_SORT_FIELDS, defaultSort: 'created_at' })
  .extend({ event_id: uuid.openapi({ description: 'Event whose registrations are listed' }) })
  .strict()
export type ListRegistrationsQuery = z.output<typeof ListRegistrationsQuery>

export const Registration = z
  .object({
    id: uuid,
    event_id: uuid,
    name: z.string(),
    email: z.string(),
    ticket_id: z.string().nullable().openapi({ description: 'Id of one of the event’s `tickets`' }),
    answers: z.record(z.string(), z.string()),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Registration')
export type Registration = z.infer<typeof Registration>

export const RegistrationListResponse = pageEnvelope('RegistrationListResponse', Registration)
