import { availabilityOf, type EventRow, type SpeakerLink, type SpeakerRow, type Ticket } from '@event-service/db'
import { presentQuestion, presentSessionFields, presentTicketFields, type SessionFields } from '@event-service/server-common'
import type {
  PublicEvent,
  PublicLink,
  PublicSession,
  PublicSessionSpeaker,
  PublicSpeaker,
  PublicSpeakerSession,
  PublicTicket,
} from './events.schema.ts'

export type { PublicEvent, PublicSession, PublicSessionSpeaker, PublicSpeaker, PublicSpeakerSession, PublicTicket }

// Allow-lists: every public object is built field by field from a row, so a column added to a
// table never reaches the public API by accident (and a speaker's email never does). Their
// shapes are the schemas of events.schema.ts.

export type PublicEventFields = Pick<
  EventRow,
  'id' | 'name' | 'description' | 'timezone' | 'starts_at' | 'ends_at' | 'venue' | 'tickets' | 'questions' | 'privacy_notice'
>
export type PublicSessionFields = SessionFields
export type PublicSpeakerFields = Pick<SpeakerRow, 'id' | 'name' | 'title' | 'company' | 'bio' | 'photo_url' | 'links'>

const presentLink = (l: SpeakerLink): PublicLink => ({ url: l.url, label: l.label ?? null })

/**
 * Only http: and https: links are public. The admin API stores no other, but a row written by
 * other means (a seed, a manual fix) must not put a `javascript:` URL in front of a visitor.
 */
const isWebLink = (l: SpeakerLink): boolean => {
  try {
    const { protocol } = new URL(l.url)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}

const presentTicket = (t: Ticket, taken: number): PublicTicket => ({ ...presentTicketFields(t), ...availabilityOf(t, taken) })

const isWebUrl = (url: string): boolean => isWebLink({ url, label: null })

/** The event's public fields; `taken` counts the places taken per ticket (for `sold_out` and `remaining`). */
export const presentEvent = (row: PublicEventFields, taken: ReadonlyMap<string, number> = new Map()): PublicEvent => ({
  id: row.id,
  name: row.name,
  description: row.description,
  timezone: row.timezone,
  starts_at: row.starts_at.toISOString(),
  ends_at: row.ends_at.toISOString(),
  venue: row.venue,
  tickets: (Array.isArray(row.tickets) ? row.tickets : []).map((t) => presentTicket(t, taken.get(t.id) ?? 0)),
  questions: (Array.isArray(row.questions) ? row.questions : []).map(presentQuestion),
  privacy_notice: row.privacy_notice
    ? { text: row.privacy_notice.text, url: row.privacy_notice.url && isWebUrl(row.privacy_notice.url) ? row.privacy_notice.url : null }
    : null,
})

export const presentSessionSpeaker = (row: PublicSpeakerFields): PublicSessionSpeaker => ({
  id: row.id,
  name: row.name,
  title: row.title,
  company: row.company,
  photo_url: row.photo_url,
})

export const presentSession = (row: PublicSessionFields, speakers: PublicSessionSpeaker[]): PublicSession => ({
  ...presentSessionFields(row),
  speakers,
})

export const presentSpeakerSession = (s: PublicSession): PublicSpeakerSession => ({
  id: s.id,
  title: s.title,
  starts_at: s.starts_at,
  ends_at: s.ends_at,
  track: s.track,
  room: s.room,
  format: s.format,
  level: s.level,
  language: s.language,
})

export const presentSpeaker = (row: PublicSpeakerFields, sessions: PublicSpeakerSession[]): PublicSpeaker => ({
  id: row.id,
  name: row.name,
  title: row.title,
  company: row.company,
  bio: row.bio,
  photo_url: row.photo_url,
  links: (Array.isArray(row.links) ? row.links : []).filter(isWebLink).map(presentLink),
  sessions,
})
