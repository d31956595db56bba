import type { Speaker } from './speakers.schema.ts'
import type { SpeakerRecord } from './speakers.service.ts'

/** The fields of a speaker the (keyed) admin API shows; `search_text` and `account_id` stay inside. */
export function presentSpeaker(row: SpeakerRecord): Speaker {
  return {
    id: row.id,
    event_id: row.event_id,
    email: row.email,
    name: row.name,
    title: row.title,
    company: row.company,
    bio: row.bio,
    status: row.status,
    tags: row.tags,
    photo_url: row.photo_url,
    links: (Array.isArray(row.links) ? row.links : []).map((l) => ({ url: l.url, label: l.label ?? null })),
    source: row.source,
    source_id: row.source_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}
