import { IMPORT_STATUSES, IMPORT_TRIGGERS, REMOVED_ITEM_ACTIONS } from '@event-service/db'
import { dataEnvelope } from '../common/envelopes.ts'
import { httpUrl, uuid } from '../common/fields.ts'
import { z } from '../openapi/zod.ts'
import { REQUESTED_FORMATS } from './formats/imported-schedule.ts'

const format = z
  .enum(REQUESTED_FORMATS)
  .default('auto')
  .openapi('ImportFormat', {
    description:
      'The source’s format: `frab-json` / `frab-xml` (c3voc schedule.json / schedule.xml, as frab, pretalx and the c3voc tools export it), ' +
      '`pretalx` (a pretalx event’s `schedule/export/schedule.json`), `sessionize` (Sessionize “All data” JSON); `auto` (default) tells them apart by content',
  })

const removed = z
  .enum(REMOVED_ITEM_ACTIONS)
  .default('cancel')
  .openapi('RemovedItemAction', {
    description:
      'What happens to sessions and speakers imported from this source earlier that it no longer has: `cancel` (default: sessions stay, ' +
      'shown as cancelled; speakers are withdrawn) or `delete`. Items made by hand are never touched.',
  })

/** A multipart field or a JSON flag: `true`/`false` as text or as a boolean. */
const dryRun = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
  .default(false)
  .openapi({ type: 'boolean', description: 'Plan only: answer what the import would do, and write nothing (default false)' })

/** `POST /events/{id}/imports` with JSON: a source to fetch. */
export const ImportFromUrlBody = z
  .object({
    url: httpUrl.openapi({
      description: 'Where the schedule is: http: or https:, resolving to a public address (the webhooks’ rule)',
      example: 'https://pretalx.example.org/democon/schedule/export/schedule.json',
    }),
    format,
    dry_run: dryRun,
    removed,
  })
  .strict()
  .openapi('ImportFromUrlRequest')
export type ImportFromUrlBody = z.output<typeof ImportFromUrlBody>

/** `POST /events/{id}/imports` with `multipart/form-data`: the file, and the same settings as fields. */
export const ImportUploadFields = z
  .object({
    file: z.any().openapi({ type: 'string', format: 'binary', description: 'The schedule file, at most 20 MiB' }),
    format,
    dry_run: dryRun,
    removed,
  })
  .strict()
  .openapi('ImportUploadRequest')

/** The settings of an upload, read from its text fields. */
export const ImportUploadSettings = ImportUploadFields.omit({ file: true })
export type ImportUploadSettings = z.output<typeof ImportUploadSettings>

const counts = z.object({ sessions: z.number().int(), speakers: z.number().int() }).openapi('ImportCounts')

export const ImportPlan = z
  .object({
    created: counts,
    updated: counts,
    cancelled: counts.openapi({ description: 'Sessions cancelled and speakers withdrawn because the source no longer has them' }),
    deleted: counts,
    unchanged: counts,
    event: z
      .object({ fields: z.array(z.string()) })
      .openapi({ description: 'The event’s own fields the import changes (timezone, starts_at, ends_at, rooms, tracks)' }),
    changes: z
      .array(
        z.object({
          action: z.enum(['created', 'updated', 'cancelled', 'deleted']),
          kind: z.enum(['session', 'speaker']),
          id: uuid.nullable().openapi({ description: 'Null for an item a dry run would create' }),
          source_id: z.string(),
          title: z.string().openapi({ description: 'The session’s title or the speaker’s name' }),
          fields: z.array(z.string()).openapi({ description: 'The fields an update changes' }),
        }),
      )
      .openapi({ description: 'Every item the import creates, changes or removes; unchanged ones are only counted' }),
    skipped: z.array(z.object({ item: z.string(), reason: z.string() })).openapi({
      description: 'What the import left out, and why (an item, or a value our rules do not take, such as an unknown language)',
    }),
  })
  .openapi('ImportPlan')

export const Import = z
  .object({
    id: uuid,
    event_id: uuid,
    status: z.enum(IMPORT_STATUSES).openapi({ description: '`pending`, `running`, then `done` or `failed`' }),
    trigger: z.enum(IMPORT_TRIGGERS).openapi({ description: 'A file sent (`upload`), a URL given (`url`), or the event’s `sync`' }),
    source_name: z.string().nullable().openapi({ description: 'The file’s name or the URL' }),
    format: z.string().openapi({ description: 'The format asked for, then the one read' }),
    dry_run: z.boolean(),
    removed: z.enum(REMOVED_ITEM_ACTIONS),
    progress: z
      .object({ phase: z.enum(['reading', 'planning', 'writing']), done: z.number().int(), total: z.number().int() })
      .nullable()
      .openapi({ description: 'While running: the phase and how many items of it are done' }),
    plan: ImportPlan.nullable().openapi({ description: 'What the import does (a dry run: would do); null until planned' }),
    error: z
      .object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()) })
      .nullable()
      .openapi({
        description:
          'Why it failed, as the error envelope says it: `SOURCE_UNREADABLE`, `SOURCE_INVALID` (with `details.fields`: each place in the file and what is wrong there), ' +
          '`SOURCE_TOO_LARGE`, `SOURCE_UNAVAILABLE`; nothing was written',
      }),
    created_at: z.string().openapi({ format: 'date-time' }),
    finished_at: z.string().nullable().openapi({ format: 'date-time' }),
  })
  .openapi('Import')
export type Import = z.infer<typeof Import>

export const ImportResponse = dataEnvelope('ImportResponse', Import)

export const ImportParams = z.object({
  id: uuid.openapi({ param: { name: 'id', in: 'path' } }),
  importId: uuid.openapi({ param: { name: 'importId', in: 'path' } }),
})
