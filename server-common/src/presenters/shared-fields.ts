import type { Question, SessionRow, Ticket } from '@event-service/db'

// What both APIs show of a session, a ticket and a question, as both show them. Each API builds
// its objects from these and adds its own: the admin API a session's event and times of record,
// a ticket's capacity; the embed API a ticket's availability. So a field added here, or its
// default, reaches both alike.

/** The columns of a session both APIs show: the embed API's allow-list (docs/embed-api.md). */
export type SessionFields = Pick<
  SessionRow,
  | 'id'
  | 'title'
  | 'description'
  | 'starts_at'
  | 'ends_at'
  | 'track'
  | 'room'
  | 'format'
  | 'level'
  | 'language'
  | 'tags'
  | 'slides_url'
  | 'recording_url'
  | 'cancelled'
>

export const presentSessionFields = (row: SessionFields) => ({
  id: row.id,
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
})

/** A ticket's name and price; what is unstated in the stored JSON is null. */
export const presentTicketFields = (t: Ticket) => ({
  id: t.id,
  name: t.name,
  description: t.description ?? null,
  price: t.price ?? null,
})

/** A registration question; unstated, it is optional, with no choices, asked of every ticket. */
export const presentQuestion = (q: Question) => ({
  id: q.id,
  label: q.label,
  type: q.type,
  required: q.required ?? false,
  options: q.options ?? null,
  ticket_ids: q.ticket_ids ?? null,
})
