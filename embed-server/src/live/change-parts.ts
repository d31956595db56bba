import type { ChangeTable } from '@event-service/db/tables/changes.ts'

/** The parts of an event's reads that a live `changed` names (docs/embed-api.md). */
export const LIVE_PARTS = ['event', 'sessions', 'speakers'] as const
export type LivePart = (typeof LIVE_PARTS)[number]

/**
 * Which reads change when a row of `table` changes. Sessions carry their public speakers and
 * speakers their sessions, so either table changes both lists. An unknown or missing table (a
 * notification from before the `table` field, a flush) changes everything.
 */
export function partsOfTable(table: ChangeTable | undefined): readonly LivePart[] {
  switch (table) {
    case 'events':
    // A place taken or freed changes the event's tickets (`sold_out`, `remaining`), nothing else.
    case 'registrations':
      return ['event']
    case 'sessions':
    case 'session_speakers':
    case 'speakers':
      return ['sessions', 'speakers']
    // Token changes arrive as `token` notifications, never as an event's.
    case 'embed_tokens':
    case undefined:
      return LIVE_PARTS
  }
}
