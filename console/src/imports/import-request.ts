// Starting an import and following it to its end: the request (a file as multipart, a URL as
// JSON), then GET of the import until it is done or failed, its progress passed on meanwhile.
import { apiGet, apiSend } from '../api/client.ts'
import type { Import, ImportFormat, RemovedItemAction } from './import-types.ts'

/** What the organiser asked for: where the schedule is, how to read it, what to do with removals. */
export interface ImportChoice {
  source: { file: File } | { url: string }
  format: ImportFormat
  removed: RemovedItemAction
  dryRun: boolean
}

/**
 * The body of `POST /events/{id}/imports`: multipart with the file, or JSON with the URL.
 *
 * @example
 * importBody({ source: { url: 'https://…/schedule.json' }, format: 'auto', removed: 'cancel', dryRun: true })
 * // { url: 'https://…/schedule.json', format: 'auto', removed: 'cancel', dry_run: true }
 */
export function importBody(choice: ImportChoice): FormData | Record<string, unknown> {
  if ('url' in choice.source) {
    return { url: choice.source.url, format: choice.format, removed: choice.removed, dry_run: choice.dryRun }
  }
  const form = new FormData()
  form.set('file', choice.source.file, choice.source.file.name)
  form.set('format', choice.format)
  form.set('removed', choice.removed)
  form.set('dry_run', String(choice.dryRun))
  return form
}

/** Whether the import has ended (its plan or error is final). */
export function isFinished(item: Pick<Import, 'status'>): boolean {
  return item.status === 'done' || item.status === 'failed'
}

/** How long to wait before asking again: quick at first (small files finish at once), then every 2 s. */
export function pollDelayMs(attempt: number): number {
  return Math.min(250 * 2 ** attempt, 2000)
}

const importPath = (eventId: string, importId?: string) =>
  `/events/${encodeURIComponent(eventId)}/imports${importId ? `/${encodeURIComponent(importId)}` : ''}`

/** Reads one import. */
export function readImport(eventId: string, importId: string): Promise<Import> {
  return apiGet<Import>(importPath(eventId, importId))
}

/**
 * Starts an import and resolves it once finished, calling `onUpdate` with each state read on the
 * way (for the progress bar). A signal that aborts stops the asking (the import itself goes on).
 */
export async function runImport(
  eventId: string,
  choice: ImportChoice,
  onUpdate: (item: Import) => void,
  signal?: AbortSignal,
): Promise<Import> {
  let item = await apiSend<Import>('POST', importPath(eventId), importBody(choice))
  onUpdate(item)
  for (let attempt = 0; !isFinished(item); attempt++) {
    await pause(pollDelayMs(attempt), signal)
    item = await readImport(eventId, item.id)
    onUpdate(item)
  }
  return item
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        reject(signal.reason)
      },
      { once: true },
    )
  })
}
