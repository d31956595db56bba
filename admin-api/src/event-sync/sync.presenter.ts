import type { EventSyncRow } from '@event-service/db'
import type { z } from '../openapi/zod.ts'
import type { SyncSettings, SyncStatus } from './sync.schema.ts'

/** The largest unit that divides `seconds` evenly: `300` → `5m`, `90` → `90s`, `86400` → `1d`. */
export function presentEvery(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400}d`
  if (seconds % 3_600 === 0) return `${seconds / 3_600}h`
  if (seconds % 60 === 0) return `${seconds / 60}m`
  return `${seconds}s`
}

/** The setting and the status of an event's sync; both null when the event follows no source. */
export function presentSync(row: EventSyncRow | undefined): { sync: z.infer<typeof SyncSettings> | null; sync_status: SyncStatus | null } {
  if (!row) return { sync: null, sync_status: null }
  return {
    sync: {
      url: row.url,
      format: row.format as z.infer<typeof SyncSettings>['format'],
      every: presentEvery(row.every_seconds),
      removed: row.removed,
    },
    sync_status: presentSyncStatus(row),
  }
}

export function presentSyncStatus(row: EventSyncRow): SyncStatus {
  return {
    last_run_at: row.last_run_at?.toISOString() ?? null,
    result: row.last_result,
    error: row.last_error as SyncStatus['error'],
    last_import_id: row.last_import_id,
    next_run_at: row.next_run_at.toISOString(),
  }
}
