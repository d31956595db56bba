import { presentSessionFields } from '@event-service/server-common'
import type { Session } from './sessions.schema.ts'
import type { SessionWithSpeakers } from './sessions.service.ts'

/** The fields of a session a client sees, with its speakers in order. */
export function presentSession(row: SessionWithSpeakers): Session {
  return {
    ...presentSessionFields(row),
    event_id: row.event_id,
    speakers: row.speakers.map((s) => ({
      id: s.id,
      name: s.name,
      title: s.title,
      company: s.company,
      status: s.status,
      photo_url: s.photo_url,
    })),
    source: row.source,
    source_id: row.source_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}
