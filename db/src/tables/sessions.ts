import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

/** How much a session expects of its audience; a closed list, so that widgets can translate it. */
export const SESSION_LEVELS = ['beginner', 'intermediate', 'advanced'] as const
export type SessionLevel = (typeof SESSION_LEVELS)[number]

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
  /** The organiser's own kind of session (talk, workshop, keynote, panel, …): free text. */
  format: string | null
  level: SessionLevel | null
  /** A BCP 47 language tag in its canonical spelling (`en`, `pt-BR`). */
  language: string | null
  tags: Generated<string[]>
  slides_url: string | null
  recording_url: string | null
  /** iCalendar SEQUENCE: grows by one with each change of the session's own fields (a trigger keeps it). */
  sequence: Generated<number>
  /** A cancelled session stays listed (shown as cancelled) rather than deleted. */
  cancelled: Generated<boolean>
  /** The system it was imported from (`frab`, `sessionize`); null when made here. */
  source: ColumnType<string | null, string | null | undefined, string | null>
  /** Its id in that system: a re-import of the same source updates it in place. */
  source_id: ColumnType<string | null, string | null | undefined, string | null>
  /**
   * A small positive number of its own, for formats that identify sessions by one (frab's `id`). A
   * bigint identity the database assigns; both dialects read int8 as a number (`createDb`).
   */
  number: ColumnType<number, never, never>
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
