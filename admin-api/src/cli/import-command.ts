import type { Database } from '@event-service/db'
import { REMOVED_ITEM_ACTIONS } from '@event-service/db/tables/imports.ts'
import { notFound } from '@event-service/server-common/api-error.ts'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { httpUrl } from '../common/fields.ts'
import { REQUESTED_FORMATS } from '../imports/formats/imported-schedule.ts'
import { carryOutImport, createImport, type ImportProgress } from '../imports/imports.service.ts'
import { fetchSource, type SourceFetchOptions } from '../imports/source-fetch.ts'

export type { ImportProgress }

/** How an import fetches a URL: the private-address rule and time limit the servers use. */
export type SourceFetchSettings = Required<Pick<SourceFetchOptions, 'allowPrivate' | 'timeoutMs'>>

/** `import` as it travels from the command line: the file's bytes or the URL, and the import's settings. */
export const ImportCommandInput = z
  .object({
    eventId: z.uuid(),
    source: z.union([z.object({ url: httpUrl }).strict(), z.object({ fileName: z.string().min(1), contentBase64: z.base64() }).strict()]),
    format: z.enum(REQUESTED_FORMATS).default('auto'),
    dryRun: z.boolean().default(false),
    removed: z.enum(REMOVED_ITEM_ACTIONS).default('cancel'),
  })
  .strict()
export type ImportCommandInput = z.output<typeof ImportCommandInput>

/** What `import` prints: the import's id, how it ended, what it did (or would do) and why it failed. */
export interface ImportCommandResult {
  id: string
  status: string
  plan: Record<string, unknown> | null
  error: Record<string, unknown> | null
}

/**
 * Imports a schedule into an event on the operator's authority: the event's own account is the
 * account (there is no API key on the command line). A URL is fetched here, by whoever carries
 * out the command, with the same private-address rule as webhooks.
 *
 * @example
 * const input = ImportCommandInput.parse({ eventId, source: { url: 'https://example.org/schedule.json' }, dryRun: true })
 * await runImportCommand(db, input, { allowPrivate: false, timeoutMs: 30_000 }) // { id, status: 'done', plan: {…}, error: null }
 */
export async function runImportCommand(
  db: Kysely<Database>,
  input: ImportCommandInput,
  sourceFetch: SourceFetchSettings,
  onProgress?: (progress: ImportProgress) => void,
): Promise<ImportCommandResult> {
  const event = await db.selectFrom('events').select('account_id').where('id', '=', input.eventId).executeTakeFirst()
  if (!event) throw notFound('Event')
  const { source } = input
  const row = await createImport(db, {
    accountId: event.account_id,
    eventId: input.eventId,
    trigger: 'url' in source ? 'url' : 'upload',
    sourceName: 'url' in source ? source.url : source.fileName,
    format: input.format,
    dryRun: input.dryRun,
    removed: input.removed,
  })
  const read =
    'url' in source
      ? async () => {
          const fetched = await fetchSource(source.url, { etag: null, lastModified: null }, sourceFetch)
          // Asked without validators, a source has no reason to answer 304.
          if (fetched.kind !== 'body') throw new Error(`${source.url} answered 304 Not Modified to a plain GET`)
          return fetched.bytes
        }
      : async () => Buffer.from(source.contentBase64, 'base64')
  const done = await carryOutImport(db, row.id, read, onProgress)
  return { id: done.id, status: done.status, plan: done.plan, error: done.error }
}
