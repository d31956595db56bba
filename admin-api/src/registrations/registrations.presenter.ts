import type { RegistrationRow } from '@event-service/db'
import type { Registration } from './registrations.schema.ts'

/** The fields of a registration the organiser sees. */
export function presentRegistration(row: RegistrationRow): Registration {
  return {
    id: row.id,
    event_id: row.event_id,
    name: row.name,
    email: row.email,
    ticket_id: row.ticket_id,
    answers: row.answers,
    created_at: row.created_at.toISOString(),
  }
}
