import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

/** Where a registration stands (DESIGN.md "Registration"); a cancelled one frees its place. */
export const REGISTRATION_STATUSES = ['registered', 'cancelled', 'checked_in'] as const
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number]

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
  /** The form's language (`en`, `de`, …): the email and the cancel page speak it. */
  locale: ColumnType<string, string | undefined, string>
  created_at: Generated<Date>
}

export type RegistrationRow = Selectable<RegistrationsTable>
export type NewRegistration = Insertable<RegistrationsTable>
export type RegistrationUpdate = Updateable<RegistrationsTable>
