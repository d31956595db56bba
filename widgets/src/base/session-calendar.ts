import type { EventInfo, Session } from '../api/types.js'
import { buildIcs, downloadIcs, icsFileName, type IcsEntry } from '../format/ics.js'
import { affiliation } from './templates.js'

type EntrySession = Pick<Session, 'id' | 'title' | 'starts_at' | 'ends_at' | 'room'> &
  Partial<Pick<Session, 'description' | 'speakers' | 'slides_url' | 'recording_url'>>

/**
 * One session as a calendar entry, worded like the event's calendar feed (docs/embed-api.md,
 * "Calendar feed"): the same UID, LOCATION "Room, Venue", and the abstract, speakers and links in
 * DESCRIPTION, so that a downloaded session and a subscribed one read alike.
 */
export function sessionEntry(s: EntrySession, venue?: string | null): IcsEntry {
  const speakers = (s.speakers ?? []).map((p) => (affiliation(p) ? `${p.name} (${affiliation(p)})` : p.name)).join('; ')
  const description = [
    s.description,
    speakers && `Speakers: ${speakers}`,
    s.slides_url && `Slides: ${s.slides_url}`,
    s.recording_url && `Recording: ${s.recording_url}`,
  ]
    .filter(Boolean)
    .join('\n\n')
  return {
    uid: s.id,
    title: s.title,
    description: description || null,
    location: [s.room, venue].filter(Boolean).join(', ') || null,
    start: s.starts_at,
    end: s.ends_at,
  }
}

/** Downloads one or more sessions as an .ics file named after `fileTitle`. */
export function downloadSessions(sessions: EntrySession[], event: Pick<EventInfo, 'name' | 'venue'>, fileTitle: string): void {
  downloadIcs(
    icsFileName(fileTitle),
    buildIcs(
      sessions.map((s) => sessionEntry(s, event.venue)),
      event.name,
    ),
  )
}
