import type { Database, ImportRow, ImportTrigger, RemovedItemAction } from '@event-service/db'
import { ApiError, type FieldError, notFound } from '@event-service/server-common'
import { type Kysely, sql } from 'kysely'
import { assertEventVisible } from '../events/events.service.ts'
import { sessionIssues } from '../sessions/session-rules.ts'
import { fitSchedule } from './fit-schedule.ts'
import type { RequestedFormat } from './formats/imported-schedule.ts'
import { readSchedule } from './formats/read-schedule.ts'
import { sourceError } from './import-errors.ts'
import { type ImportPlan, planImport } from './import-plan.ts'
import { readCurrent, writeImport } from './write-import.ts'

/** What to import, and how (docs/schedule-exchange.md#import). */
export interface ImportRequest {
  accountId: string
  eventId: string
  trigger: ImportTrigger
  /** The file's name or the URL. */
  sourceName: string | null
  format: RequestedFormat
  dryRun: boolean
  removed: RemovedItemAction
}

/** How far a running import is: items done of the phase's total. */
export interface ImportProgress {
  phase: 'reading' | 'planning' | 'writing'
  done: number
  total: number
}

/**
 * Progress of the imports running in this process, read by `GET …/imports/{id}` while the
 * import's transaction holds its writes (the row itself says the phase only: a write to it from
 * inside the transaction would show nobody anything until the end).
 */
const running = new Map<string, ImportProgress>()

/**
 * Imports an event keeps: a sync every 5 minutes from a source without validators makes one each
 * time, and only the recent ones tell anyone anything.
 */
export const KEPT_IMPORTS = 100

/**
 * Creates the import's row (`pending`), and lets the event's oldest imports beyond
 * {@link KEPT_IMPORTS} go; 404 `NOT_FOUND` unless the event is the account's.
 */
export async function createImport(db: Kysely<Database>, request: ImportRequest): Promise<ImportRow> {
  await assertEventVisible(db, request.accountId, request.eventId)
  await db
    .deleteFrom('imports')
    .where('event_id', '=', request.eventId)
    .where('status', 'in', ['done', 'failed'])
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('imports')
        .select('id')
        .where('event_id', '=', request.eventId)
        .orderBy('created_at', 'desc')
        .limit(KEPT_IMPORTS - 1),
    )
    .execute()
  return db
    .insertInto('imports')
    .values({
      account_id: request.accountId,
      event_id: request.eventId,
      trigger: request.trigger,
      source_name: request.sourceName,
      format: request.format,
      dry_run: request.dryRun,
      removed: request.removed,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** The import with its live progress, if it runs here. */
export async function getImport(db: Kysely<Database>, accountId: string, eventId: string, importId: string): Promise<ImportRow> {
  const row = await db
    .selectFrom('imports')
    .selectAll()
    .where('id', '=', importId)
    .where('event_id', '=', eventId)
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  if (!row) throw notFound('Import')
  const progress = running.get(row.id)
  return progress ? { ...row, progress: { ...progress } } : row
}

/** The error envelope's `error` of a failure, as the import keeps it. */
function errorOf(err: unknown): Record<string, unknown> {
  if (err instanceof ApiError) return { code: err.code, message: err.message, details: err.details }
  return { code: 'INTERNAL_ERROR', message: 'The import failed on an unexpected error; nothing was written', details: {} }
}

/** Every imported session on a day of the event as the import leaves it: the API's own rule. */
function assertSessionsWithinEvent(
  planned: ReturnType<typeof planImport>,
  event: { timezone: string; starts_at: Date; ends_at: Date },
): void {
  const errors: FieldError[] = []
  for (const write of planned.sessions) {
    if (write.kind === 'remove') continue
    for (const issue of sessionIssues(write.values, event))
      errors.push({ path: `${write.values.place}.${issue.path}`, message: issue.message })
  }
  if (errors.length > 0) throw sourceError('SOURCE_INVALID', 'Sessions of the schedule fall outside the event’s days', errors)
}

/**
 * Reads `source()`, plans the import and, unless it is a dry run, writes it in one transaction
 * (all or nothing), keeping the row up to date. A problem with the source or with the rules ends
 * the import `failed` with its error, and nothing is written; an unexpected error does the same
 * and is thrown on for the caller to log. Resolves to the final row.
 */
export async function carryOutImport(
  db: Kysely<Database>,
  importId: string,
  source: () => Promise<Uint8Array>,
  onProgress: (progress: ImportProgress) => void = () => {},
): Promise<ImportRow> {
  const started = await db
    .updateTable('imports')
    .set({ status: 'running', progress: JSON.stringify({ phase: 'reading', done: 0, total: 0 }) })
    .where('id', '=', importId)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst()
  if (!started) throw new Error(`Import ${importId} is not pending`)
  const report = (progress: ImportProgress) => {
    running.set(importId, progress)
    onProgress(progress)
  }
  const finish = (fields: { status: 'done' | 'failed'; plan?: ImportPlan; error?: Record<string, unknown>; format?: string }) =>
    db
      .updateTable('imports')
      .set({
        status: fields.status,
        progress: null,
        ...(fields.plan && { plan: JSON.stringify(fields.plan) }),
        ...(fields.error && { error: JSON.stringify(fields.error) }),
        ...(fields.format && { format: fields.format }),
        finished_at: new Date(),
      })
      .where('id', '=', importId)
      .returningAll()
      .executeTakeFirstOrThrow()
  try {
    report({ phase: 'reading', done: 0, total: 0 })
    const bytes = await source()
    const event = await db.selectFrom('events').select('timezone').where('id', '=', started.event_id).executeTakeFirstOrThrow()
    const schedule = readSchedule(bytes, {
      format: started.format as RequestedFormat,
      name: started.source_name ?? undefined,
      timezone: event.timezone,
    })
    const fitted = fitSchedule(schedule)
    const total = fitted.sessions.length + fitted.speakers.length
    report({ phase: 'planning', done: 0, total })
    const plan = await db.transaction().execute(async (trx) => {
      const current = await readCurrent(trx, started.account_id, started.event_id)
      if (!current) throw notFound('Event')
      const planned = planImport(current, fitted, schedule.system, started.removed)
      assertSessionsWithinEvent(planned, { ...current.event, ...planned.event })
      if (started.dry_run) return planned.plan
      const writes = planned.speakers.length + planned.sessions.length
      let done = 0
      report({ phase: 'writing', done, total: writes })
      await writeImport(trx, { accountId: started.account_id, eventId: started.event_id, system: schedule.system }, planned, (count) => {
        done += count
        report({ phase: 'writing', done, total: writes })
      })
      return planned.plan
    })
    return await finish({ status: 'done', plan, format: schedule.format })
  } catch (err) {
    const failed = await finish({ status: 'failed', error: errorOf(err) })
    if (!(err instanceof ApiError)) throw Object.assign(err as Error, { importRow: failed })
    return failed
  } finally {
    running.delete(importId)
  }
}

/** Longer than any import takes (a fetch times out in 30 s, a 20 MiB file is read in seconds). */
const INTERRUPTED_AFTER = '15 minutes'

/**
 * Imports left `pending` or `running` by a server that stopped never finish: the admin server
 * marks them failed when it starts (their transaction, if any, was rolled back). Only old ones,
 * so that another instance's running import is left alone.
 */
export async function failInterruptedImports(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable('imports')
    .set({
      status: 'failed',
      progress: null,
      error: JSON.stringify({
        code: 'SERVICE_UNAVAILABLE',
        message: 'The server stopped before the import finished; nothing was written',
        details: {},
      }),
      finished_at: new Date(),
    })
    .where('status', 'in', ['pending', 'running'])
    .where('created_at', '<', sql<Date>`now() - ${INTERRUPTED_AFTER}::interval`)
    .execute()
}
