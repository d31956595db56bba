import type { ColumnType, Generated, Insertable, Selectable } from 'kysely'

/** Where an import stands: `pending` until a worker takes it, `running`, then `done` or `failed`. */
export const IMPORT_STATUSES = ['pending', 'running', 'done', 'failed'] as const
export type ImportStatus = (typeof IMPORT_STATUSES)[number]

/** How an import came: a file sent to the API, a URL given once, or the event's sync. */
export const IMPORT_TRIGGERS = ['upload', 'url', 'sync'] as const
export type ImportTrigger = (typeof IMPORT_TRIGGERS)[number]

/** What a re-import does with what the source no longer has: sessions cancelled (speakers withdrawn), or deleted. */
export const REMOVED_ITEM_ACTIONS = ['cancel', 'delete'] as const
export type RemovedItemAction = (typeof REMOVED_ITEM_ACTIONS)[number]

/** An import into an event (docs/schedule-exchange.md): its request, progress, plan and result. */
export interface ImportsTable {
  id: Generated<string>
  account_id: string
  event_id: string
  status: ColumnType<ImportStatus, ImportStatus | undefined, ImportStatus>
  trigger: ImportTrigger
  /** The file's name or the URL it was read from. */
  source_name: string | null
  /** The format asked for (`auto`, …) until parsed, then the one read. */
  format: string
  dry_run: boolean
  removed: RemovedItemAction
  /** jsonb `{phase, done, total}` while running. */
  progress: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>
  /** jsonb: what the import does (or did), see the admin API's `ImportPlan`. */
  plan: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>
  /** jsonb: the error envelope's `error` when it failed. */
  error: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>
  created_at: Generated<Date>
  finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}

export type ImportRow = Selectable<ImportsTable>
export type NewImport = Insertable<ImportsTable>

/** How the last sync of an event went. */
export const SYNC_RESULTS = ['changed', 'unchanged', 'not_modified', 'failed'] as const
export type SyncResult = (typeof SYNC_RESULTS)[number]

/** The source an event follows (docs/schedule-exchange.md#sync), and how its last fetch went. */
export interface EventSyncsTable {
  event_id: string
  account_id: string
  url: string
  format: string
  every_seconds: number
  removed: RemovedItemAction
  next_run_at: ColumnType<Date, Date | undefined, Date>
  /** The source's validators from its last answer, sent back as If-None-Match / If-Modified-Since. */
  etag: ColumnType<string | null, string | null | undefined, string | null>
  last_modified: ColumnType<string | null, string | null | undefined, string | null>
  last_run_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  last_result: ColumnType<SyncResult | null, SyncResult | null | undefined, SyncResult | null>
  last_error: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>
  last_import_id: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

export type EventSyncRow = Selectable<EventSyncsTable>
