import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

/**
 * Where a registration stands (docs/decisions.md "Registration is confirmed by email"): `pending`
 * until the link in its email is followed (holding its place until `hold_expires_at`), then
 * `registered` and `checked_in`; `cancelled` and `expired` (a hold that ran out) free the place.
 */
export const REGISTRATION_STATUSES = ['pending', 'registered', 'checked_in', 'cancelled', 'expired'] as const
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number]

/** The statuses of a confirmed registration: at most one per email address and event. */
export const ACTIVE_REGISTRATION_STATUSES = ['registered', 'checked_in'] as const satisfies readonly RegistrationStatus[]

/** An answer to a question: text, the choices made, or a checkbox's state. */
export type AnswerValue = string | string[] | boolean

export interface RegistrationsTable {
  id: Generated<string>
  account_id: string
  event_id: string
  name: string
  email: string
  ticket_id: string | null
  answers: ColumnType<Record<string, AnswerValue>, string | undefined, string>
  status: ColumnType<RegistrationStatus, RegistrationStatus | undefined, RegistrationStatus>
  consent_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  checked_in_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  cancelled_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  /** SHA-256 (hex) of the cancel link's secret; null once used or when cancelled otherwise. */
  cancel_token_hash: ColumnType<string | null, string | null | undefined, string | null>
  /** SHA-256 (hex) of the confirm link's secret while `pending` (kept when `expired`, so the link can say so); null once used, and when no link was sent. */
  confirm_token_hash: ColumnType<string | null, string | null | undefined, string | null>
  /** A `pending` registration holds its place until then (`REGISTRATION_HOLD` after it was made). */
  hold_expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  /** When it left `pending` (its link followed, or the organiser confirmed it); null if never pending. */
  confirmed_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  /** The form's language (`en`, `de`, …): the email and the cancel page speak it. */
  locale: ColumnType<string, string | undefined, string>
  created_at: Generated<Date>
}

export type RegistrationRow = Selectable<RegistrationsTable>
export type NewRegistration = Insertable<RegistrationsTable>
export type RegistrationUpdate = Updateable<RegistrationsTable>
