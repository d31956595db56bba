import type { ImportRow } from '@event-service/db'
import type { Import } from './imports.schema.ts'

/** An import as the admin API shows it; `account_id` stays inside. */
export function presentImport(row: ImportRow): Import {
  return {
    id: row.id,
    event_id: row.event_id,
    status: row.status,
    trigger: row.trigger,
    source_name: row.source_name,
    format: row.format,
    dry_run: row.dry_run,
    removed: row.removed,
    progress: (row.progress as Import['progress']) ?? null,
    plan: (row.plan as Import['plan']) ?? null,
    error: (row.error as Import['error']) ?? null,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
  }
}
