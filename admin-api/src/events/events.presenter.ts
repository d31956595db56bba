import { presentQuestion, presentTicketFields } from '@event-service/server-common'
import type { EventRow } from '@event-service/db'
import type { Event } from './events.schema.ts'

/** The fields of an event a client sees (`account_id` stays inside). */
export function presentEvent(row: EventRow): Event {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    timezone: row.timezone,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
    venue: row.venue,
    rooms: row.rooms,
    tracks: row.tracks,
    tickets: row.tickets.map((t) => ({
      ...presentTicketFields(t),
      capacity: t.capacity ?? null,
      show_remaining: t.show_remaining ?? false,
    })),
    questions: (row.questions ?? []).map(presentQuestion),
    privacy_notice: row.privacy_notice ? { text: row.privacy_notice.text, url: row.privacy_notice.url ?? null } : null,
    registration_confirmation: row.registration_confirmation,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}
