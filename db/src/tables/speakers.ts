import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

/** docs/admin-api.md#speaker. */
export const SPEAKER_STATUSES = ['invited', 'applied', 'accepted', 'confirmed', 'scheduled', 'checked_in', 'declined', 'withdrawn'] as const
export type SpeakerStatus = (typeof SPEAKER_STATUSES)[number]

/** Statuses whose speakers the public embed API may show. */
export const PUBLIC_SPEAKER_STATUSES = ['accepted', 'confirmed', 'scheduled', 'checked_in'] as const satisfies readonly SpeakerStatus[]

/** A speaker's website or profile elsewhere. */
export interface SpeakerLink {
  url: string
  /** What the link is, as the organiser wrote it (`Website`, `Mastodon`); null shows the host. */
  label: string | null
}

export interface SpeakersTable {
  id: Generated<string>
  account_id: string
  event_id: string
  /** Null for a speaker imported from a source that publishes no addresses. */
  email: string | null
  name: string
  title: string | null
  company: string | null
  bio: string | null
  photo_url: string | null
  status: Generated<SpeakerStatus>
  tags: Generated<string[]>
  /** jsonb; written as JSON text. */
  links: ColumnType<SpeakerLink[], string | undefined, string>
  /** Lower-cased name, email and company, maintained by Postgres for trigram search. */
  search_text: Generated<string>
  /** The system it was imported from (`frab`, `sessionize`); null when made here. */
  source: ColumnType<string | null, string | null | undefined, string | null>
  /** Its id in that system: a re-import of the same source updates it in place. */
  source_id: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

export type SpeakerRow = Selectable<SpeakersTable>
export type NewSpeaker = Insertable<SpeakersTable>
export type SpeakerUpdate = Updateable<SpeakersTable>
