import type { AnswerValue, RegistrationRow, RegistrationStatus } from '@event-service/db'

/** A registration as the organiser sees it (the admin API's `Registration`). */
export interface RegistrationPresentation {
  id: string
  event_id: string
  name: string
  email: string
  ticket_id: string | null
  answers: Record<string, AnswerValue>
  status: RegistrationStatus
  consent_at: string | null
  hold_expires_at: string | null
  confirmed_at: string | null
  checked_in_at: string | null
  cancelled_at: string | null
  created_at: string
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/**
 * The fields of a registration the organiser sees. Here rather than in the admin API because two
 * servers present registrations: the admin API's list, and the embed server's
 * `registration.created` and `registration.confirmed` webhooks, which must carry exactly what the
 * list shows. Never a link's hash. `hold_expires_at` only while the registration is pending.
 */
export function presentRegistration(row: RegistrationRow): RegistrationPresentation {
  return {
    id: row.id,
    event_id: row.event_id,
    name: row.name,
    email: row.email,
    ticket_id: row.ticket_id,
    answers: row.answers,
    status: row.status,
    consent_at: iso(row.consent_at),
    hold_expires_at: row.status === 'pending' ? iso(row.hold_expires_at) : null,
    confirmed_at: iso(row.confirmed_at),
    checked_in_at: iso(row.checked_in_at),
    cancelled_at: iso(row.cancelled_at),
    created_at: row.created_at.toISOString(),
  }
}
