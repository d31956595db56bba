// The admin API's imports and syncs as the console reads them (docs/schedule-exchange.md): the
// generated types of `Import` and the event's `sync` / `sync_status`, and names for their parts.
import type { Event, Import, ImportFormat } from '../api/types.ts'

export type { Import, ImportFormat, SyncSettings as EventSync, SyncStatus } from '../api/types.ts'
export { REMOVED_ITEM_ACTIONS, type RemovedItemAction, type SyncResult } from '@event-service/db/tables/imports.ts'

/** What an import may be asked to read, in the order the form offers them; `auto` tells the formats apart by content. */
export const IMPORT_FORMATS = ['auto', 'frab-json', 'frab-xml', 'pretalx', 'sessionize'] as const satisfies readonly ImportFormat[]

export type ImportPlan = NonNullable<Import['plan']>
export type PlanChange = ImportPlan['changes'][number]
export type PlanAction = PlanChange['action'] | 'unchanged'
export type PlanKind = keyof ImportPlan['created']
export type ImportError = NonNullable<Import['error']>

/** A place in the source file and what is wrong there (an entry of a source error's `details.fields`). */
export interface SourcePlace {
  path: string
  message: string
}

/** The event as the import page reads it (its name, its sync and how that went). */
export type SyncedEvent = Event
