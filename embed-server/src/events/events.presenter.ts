import type { EventRow, SessionRow, SpeakerRow, Ticket } from '@event-service/db'

// Allow-lists: every public object is built field by field from a row, so a column added to a
// table never reaches the public API by accident (and a speaker's email never does).

/** `GET /v1/events/{eventId}`. */
export interface PublicEvent {
  id: string
  name: string
  description: string | null
  timezone: string
  starts_at: string
  ends_at: string
  venue: string | null
  tickets: { id: string; name: string; description: string | null; price: string | null }[]
}

/** A speaker as shown inside a session. */
export interface PublicSessionSpeaker {
  id: string
  name: string
  title: string | null
  company: string | null
  photo_url: string | null
}

/** `GET /v1/events/{eventId}/sessions` items. */
export interface PublicSession {
  id: string
  title: string
  description: string | null
  starts_at: string
  ends_at: string
  track: string | null
  room: string | null
  speakers: PublicSessionSpeaker[]
}

/** A session as shown inside a speaker. */
export interface PublicSpeakerSession {
  id: string
  title: string
  starts_at: string
  ends_at: string
  track: string | null
  room: string | null
}

/** `GET /v1/events/{eventId}/speakers` items. */
export interface PublicSpeaker {
  id: string
  name: string
  title: string | null
  company: string | null
  bio: string | null
  photo_url: string | null
  sessions: PublicSpeakerSession[]
}

export type PublicEventFields = Pick<EventRow, 'id' | 'name' | 'description' | 'timezone' | 'starts_at' | 'ends_at' | 'venue' | 'tickets'>
export type PublicSessionFields = Pick<SessionRow, 'id' | 'title' | 'description' | 'starts_at' | 'ends_at' | 'track' | 'room'>
export type PublicSpeakerFields = Pick<SpeakerRow, 'id' | 'name' | 'title' | 'company' | 'bio' | 'photo_url'>

const presentTicket = (t: Ticket) => ({ id: t.id, name: t.name, description: t.description ?? null, price: t.price ?? null })

export const presentEvent = (row: PublicEventFields): PublicEvent => ({
  id: row.id,
  name: row.name,
  description: row.description,
  timezone: row.timezone,
  starts_at: row.starts_at.toISOString(),
  ends_at: row.ends_at.toISOString(),
  venue: row.venue,
  tickets: (Array.isArray(row.tickets) ? row.tickets : []).map(presentTicket),
})

export const presentSessionSpeaker = (row: PublicSpeakerFields): PublicSessionSpeaker => ({
  id: row.id,
  name: row.name,
  title: row.title,
  company: row.company,
  photo_url: row.photo_url,
})

export const presentSession = (row: PublicSessionFields, speakers: PublicSessionSpeaker[]): PublicSession => ({
  id: row.id,
  title: row.title,
  description: row.description,
  starts_at: row.starts_at.toISOString(),
  ends_at: row.ends_at.toISOString(),
  track: row.track,
  room: row.room,
  speakers,
})

export const presentSpeakerSession = (s: PublicSession): PublicSpeakerSession => ({
  id: s.id,
  title: s.title,
  starts_at: s.starts_at,
  ends_at: s.ends_at,
  track: s.track,
  room: s.room,
})

export const presentSpeaker = (row: PublicSpeakerFields, sessions: PublicSpeakerSession[]): PublicSpeaker => ({
  id: row.id,
  name: row.name,
  title: row.title,
  company: row.company,
  bio: row.bio,
  photo_url: row.photo_url,
  sessions,
})
