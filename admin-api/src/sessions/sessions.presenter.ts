import type { Session } from './sessions.schema.ts'
import type { SessionWithSpeakers } from './sessions.service.ts'

/** The fields of a session a client sees, with its speakers in order. */
export function presentSession(row: SessionWithSpeakers): Session {
  return {
    id: row.id,
    event_id: row.event_id,
    title: row.title,
    description: row.description,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
    track: row.track,
    room: row.room,
    format: row.format,
    level: row.level,
    language: row.language,
    tags: row.tags,
    slides_url: row.slides_url,
    recording_url: row.recording_url,
    cancelled: row.cancelled,
    speakers: row.speakers.map((s) => ({
      id: s.id,
      name: s.name,
      title: s.title,
      company: s.company,
      status: s.status,
      photo_url: s.photo_url,
    })),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}
