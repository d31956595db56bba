import type { Database, EventSyncRow, SyncResult } from '@event-service/db'
import { ApiError } from '@event-service/server-common'
import { type Kysely, sql } from 'kysely'
import { carryOutImport, createImport, type ImportRequest } from '../imports/imports.service.ts'
import { fetchSource, type SourceFetchOptions, type SourceValidators } from '../imports/source-fetch.ts'

/** What one run of an event's sync came to. */
export interface SyncOutcome {
  result: SyncResult
  /** The error envelope's `error` when `failed`. */
  error: Record<string, unknown> | null
  /** The import the run made; none when the source was not modified or could not be fetched. */
  importId: string | null
  /** The validators of the answer imported, kept only when the import succeeded. */
  validators: SourceValidators | null
}

/** The kinds of change an import's plan counts (`ImportRow.plan`); any of them makes a sync `changed`. */
const CHANGE_KINDS = ['created', 'updated', 'cancelled', 'deleted'] as const

/** Whether an import's plan changed any session or speaker. */
export function planChangedAnything(plan: Record<string, unknown> | null): boolean {
  if (!plan) return false
  return CHANGE_KINDS.some((kind) => {
    const counts = plan[kind] as Record<string, number> | undefined
    return Object.values(counts ?? {}).some((n) => n > 0)
  })
}

/** An error as the envelope's `error` stores it; an unexpected one says no more than the API would. */
export function storedError(err: unknown): Record<string, unknown> {
  if (err instanceof ApiError) return { code: err.code, message: err.message, details: err.details }
  return { code: 'INTERNAL_ERROR', message: 'The sync failed on our side; the server log has the cause', details: {} }
}

/**
 * One sync of an event: fetches its source with the validators of the last import (a 304 is
 * `not_modified`), and imports a new answer as a re-import of the event (trigger `sync`). Source
 * and rule problems end as `failed` with the error; an unexpected error is thrown for the worker
 * to log.
 */
export async function runSync(db: Kysely<Database>, row: EventSyncRow, options: SourceFetchOptions): Promise<SyncOutcome> {
  let fetched: Awaited<ReturnType<typeof fetchSource>>
  try {
    fetched = await fetchSource(row.url, { etag: row.etag, lastModified: row.last_modified }, options)
  } catch (err) {
    if (!(err instanceof ApiError)) throw err
    return { result: 'failed', error: storedError(err), importId: null, validators: null }
  }
  if (fetched.kind === 'not-modified') return { result: 'not_modified', error: null, importId: null, validators: null }

  const request: ImportRequest = {
    accountId: row.account_id,
    eventId: row.event_id,
    trigger: 'sync',
    sourceName: row.url,
    format: row.format as ImportRequest['format'],
    dryRun: false,
    removed: row.removed,
  }
  const pending = await createImport(db, request)
  const { bytes } = fetched
  const done = await carryOutImport(db, pending.id, async () => bytes)
  if (done.status !== 'done') return { result: 'failed', error: done.error, importId: done.id, validators: null }
  return {
    result: planChangedAnything(done.plan) ? 'changed' : 'unchanged',
    error: null,
    importId: done.id,
    validators: { etag: fetched.etag, lastModified: fetched.lastModified },
  }
}

/**
 * Stores how a run went. The validators are kept only while the setting is the one the run
 * used: a setting changed meanwhile is due again at once, and must read the whole source.
 */
export async function recordSync(db: Kysely<Database>, row: EventSyncRow, outcome: SyncOutcome): Promise<void> {
  await db
    .updateTable('event_syncs')
    .set((eb) => ({
      last_run_at: sql<Date>`now()`,
      last_result: outcome.result,
      last_error: outcome.error === null ? null : JSON.stringify(outcome.error),
      last_import_id: outcome.importId ?? eb.ref('last_import_id'),
    }))
    .where('event_id', '=', row.event_id)
    .execute()
  const { validators } = outcome
  if (!validators) return
  await db
    .updateTable('event_syncs')
    .set({ etag: validators.etag, last_modified: validators.lastModified })
    .where('event_id', '=', row.event_id)
    .where('url', '=', row.url)
    .where('format', '=', row.format)
    .where('removed', '=', row.removed)
    .execute()
}
