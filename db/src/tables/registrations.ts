import type { ColumnType, Generated, Insertable, Selectable } from 'kysely'

export interface RegistrationsTable {
  id: Generated<string>
  account_id: string
  event_id: string
  name: string
  email: string
  ticket_id: string | null
  answers: ColumnType<Record<string, string>, string | undefined, string>
  created_at: Generated<Date>
}

export type RegistrationRow = Selectable<RegistrationsTable>
export type NewRegistration = Insertable<RegistrationsTable>
