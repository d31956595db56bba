import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

/** A kind of ticket a visitor can choose when registering. */
export interface Ticket {
  id: string
  name: string
  description?: string | null
  price?: string | null
  /** Places on sale; null or absent: unlimited. Cancelled registrations free their place. */
  capacity?: number | null
  /** Whether the embed API tells visitors how many places are left. */
  show_remaining?: boolean
}

/** The kinds of question a form can ask (docs/admin-api.md#events-sessions-registrations). */
export const QUESTION_TYPES = ['text', 'textarea', 'choice', 'multi', 'checkbox'] as const
export type QuestionType = (typeof QUESTION_TYPES)[number]

/** A question the registration form asks, defined by the organiser. */
export interface Question {
  id: string
  label: string
  type: QuestionType
  /** Absent in rows written by other means than the admin API: not required. */
  required?: boolean
  /** The choices of a `choice` or `multi` question. */
  options?: string[] | null
  /** Asked only of those who choose one of these tickets; absent or null: of everyone. */
  ticket_ids?: string[] | null
}

/** What registrants must agree to when the event has it. */
export interface PrivacyNotice {
  text: string
  url?: string | null
}

/**
 * How a registration is confirmed: `email` (double opt-in: `pending` until the link in its email
 * is followed) or `none` (registered at once).
 */
export const REGISTRATION_CONFIRMATIONS = ['email', 'none'] as const
export type RegistrationConfirmation = (typeof REGISTRATION_CONFIRMATIONS)[number]

export interface EventsTable {
  id: Generated<string>
  account_id: string
  name: string
  description: string | null
  /** IANA time zone the event is held in, e.g. `Europe/Berlin`. */
  timezone: string
  starts_at: Date
  ends_at: Date
  venue: string | null
  /** Room names in the organiser's order (sessions name theirs as free text). */
  rooms: Generated<string[]>
  /** Track names in the organiser's order. */
  tracks: Generated<string[]>
  tickets: ColumnType<Ticket[], string | undefined, string>
  questions: ColumnType<Question[], string | undefined, string>
  privacy_notice: ColumnType<PrivacyNotice | null, string | null | undefined, string | null>
  registration_confirmation: ColumnType<RegistrationConfirmation, RegistrationConfirmation | undefined, RegistrationConfirmation>
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

export type EventRow = Selectable<EventsTable>
export type NewEvent = Insertable<EventsTable>
export type EventUpdate = Updateable<EventsTable>
