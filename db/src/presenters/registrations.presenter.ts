import type { RegistrationRow } from '../tables/registrations.ts'

/** A registration as the organiser sees it (the admin API's `Registration`). */
export interface RegistrationPresentation {
  id: string
  event_id: string
  name: string
  email: string
  ticket_id: string | null
  answers: Record<string, string>
  created_at: string
}

/**
 * The fields of a registration the organiser sees. Here rather than in the admin API because two
 * servers present registrations: the admin API's list, and the embed server's
 * `registration.created` webhook, which must carry exactly what the list shows.
 */
export function presentRegistration(row: RegistrationRow): RegistrationPresentation {
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
