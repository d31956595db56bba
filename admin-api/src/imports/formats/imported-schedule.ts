import type { SpeakerLink } from '@event-service/db'

/** The formats an import reads (docs/schedule-exchange.md#formats); `auto` tells them apart by content. */
export const SOURCE_FORMATS = ['frab-json', 'frab-xml', 'pretalx', 'sessionize'] as const
export type SourceFormat = (typeof SOURCE_FORMATS)[number]
/** What a request may ask for: a format, or `auto`. */
export const REQUESTED_FORMATS = ['auto', ...SOURCE_FORMATS] as const
export type RequestedFormat = (typeof REQUESTED_FORMATS)[number]

/**
 * The system whose ids an item keeps (`sessions.source`, `speakers.source`): the frab family
 * (frab, pretalx and the c3voc tools share event guids, so a pretalx event read as JSON or as XML
 * is one source) or Sessionize.
 */
export type SourceSystem = 'frab' | 'sessionize'

/** A day of the source's conference, in its time zone. */
export interface ImportedDay {
  /** `YYYY-MM-DD`. */
  date: string
  starts_at: Date
  ends_at: Date
}

export interface ImportedSpeaker {
  /** The speaker's id in the source (a guid, a code or a number, as text). */
  source_id: string
  name: string
  /** Only Sessionize exports with emails and hand-written files have one. */
  email: string | null
  bio: string | null
  photo_url: string | null
  links: SpeakerLink[]
  /** Where the speaker is in the file, e.g. `schedule.conference.days[0].rooms.Saal 1[2].persons[0]`. */
  place: string
}

export interface ImportedSession {
  source_id: string
  title: string
  description: string | null
  starts_at: Date
  ends_at: Date
  room: string | null
  track: string | null
  /** The source's type of session (`talk`, `workshop`, …). */
  format: string | null
  /** A BCP 47 tag as the source writes it; the importer keeps only what the API would accept. */
  language: string | null
  tags: string[]
  slides_url: string | null
  recording_url: string | null
  cancelled: boolean
  /** Source ids of its speakers, in order. */
  speaker_ids: string[]
  /** Where the session is in the file, for messages. */
  place: string
}

/** What a format may say of a speaker beside the name: a format without one says nothing of it. */
export const SPEAKER_DETAILS = ['bio', 'photo_url', 'links'] as const
export type SpeakerDetail = (typeof SPEAKER_DETAILS)[number]

/**
 * A schedule read from any source format: what an import compares with the event and writes. Each
 * reader (`formats/*.ts`) makes one; nothing after the reader knows which format it came from.
 */
export interface ImportedSchedule {
  format: SourceFormat
  system: SourceSystem
  /**
   * The speaker details the format carries (frab's XML: none, its persons are names): a re-import
   * compares and writes only these, so reading the XML after the JSON keeps the biographies.
   */
  speakerDetails: readonly SpeakerDetail[]
  conference: {
    title: string | null
    /** IANA zone, when the source states one. */
    timezone: string | null
    /** Empty when the source does not list its days (Sessionize): they follow from the sessions. */
    days: ImportedDay[]
  }
  /** In the source's order. */
  rooms: string[]
  tracks: string[]
  speakers: ImportedSpeaker[]
  sessions: ImportedSession[]
  /** What the reader left out, and why (e.g. a Sessionize service session without times). */
  skipped: { item: string; reason: string }[]
}
