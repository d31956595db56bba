import type { Migration } from 'kysely/migration'
import * as initialSchema from './2026-11-22T00-00-initial-schema.ts'
import * as speakerCounts from './2026-11-22T02-00-speaker-counts.ts'
import * as speakerLinksSessionFieldsCalendarFeed from './2026-11-23T09-00-speaker-links-session-fields-calendar-feed.ts'
import * as webhooks from './2026-11-23T12-00-webhooks.ts'
import * as sessionCancelled from './2026-11-26T10-00-session-cancelled.ts'
import * as registrationCapacityQuestions from './2026-11-26T11-00-registration-capacity-questions.ts'
import * as registrationDoubleOptIn from './2026-11-27T09-00-registration-double-opt-in.ts'
import * as consoleUsers from './2026-11-27T12-00-console-users.ts'
import * as eventRoomsTracks from './2026-11-27T12-10-event-rooms-tracks.ts'
import * as changeRecords from './2026-11-27T15-00-change-records.ts'
import * as scheduleExchange from './2026-11-27T21-00-schedule-exchange.ts'
import * as changeRecordsForBulkWrites from './2026-11-27T22-30-change-records-for-bulk-writes.ts'

/**
 * Every migration, by name. Names sort by date, so Kysely's Migrator applies them in order.
 * Listed here rather than read from disk so that migrations work from any working directory.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22T00-00-initial-schema': initialSchema,
  '2026-11-22T02-00-speaker-counts': speakerCounts,
  '2026-11-23T09-00-speaker-links-session-fields-calendar-feed': speakerLinksSessionFieldsCalendarFeed,
  '2026-11-23T12-00-webhooks': webhooks,
  '2026-11-26T10-00-session-cancelled': sessionCancelled,
  '2026-11-26T11-00-registration-capacity-questions': registrationCapacityQuestions,
  '2026-11-27T09-00-registration-double-opt-in': registrationDoubleOptIn,
  '2026-11-27T12-00-console-users': consoleUsers,
  '2026-11-27T12-10-event-rooms-tracks': eventRoomsTracks,
  '2026-11-27T15-00-change-records': changeRecords,
  '2026-11-27T21-00-schedule-exchange': scheduleExchange,
  '2026-11-27T22-30-change-records-for-bulk-writes': changeRecordsForBulkWrites,
}
