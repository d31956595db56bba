import type { Generated, Insertable, Selectable, Updateable } from 'kysely'

export interface SessionsTable {
  id: Generated<string>
  account_id: string
  event_id: string
  title: string
  description: string | null
  starts_at: Date
  ends_at: Date
  track: string | null
  room: string | null
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

/** Which speakers present a session, in the order they are listed. */
export interface SessionSpeakersTable {
  session_id: string
  speaker_id: string
  position: number
}

export type SessionRow = Selectable<SessionsTable>
export type NewSession = Insertable<SessionsTable>
export type SessionUpdate = Updateable<SessionsTable>
export type SessionSpeakerRow = Selectable<SessionSpeakersTable>
