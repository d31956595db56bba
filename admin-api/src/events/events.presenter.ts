import { presentQuestion, presentTicketFields } from '@event-service/server-common'
import type { EventRow, EventSyncRow } from '@event-service/db'
import { presentSync } from '../event-sync/sync.presenter.ts'
import type { Event } from './events.schema.ts'

/** The fields of an event's own row a client sees (`account_id` stays inside); webhooks present events by it. */
export function presentEvent(row: EventRow): Omit<Event, 'sync' | 'sync_status'> {
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

/** An event as the admin API answers it: its row and the source it follows (`sync`, `sync_status`). */
export function presentEventWithSync(row: EventRow, sync: EventSyncRow | undefined): Event {
  return { ...presentEvent(row), ...presentSync(sync) }
}
