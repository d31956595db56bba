import { REMOVED_ITEM_ACTIONS, SYNC_RESULTS } from '@event-service/db'
import { DURATION_EXAMPLES, parseDuration } from '@event-service/server-common'
import { httpUrl, uuid } from '../common/fields.ts'
import { SOURCE_FORMATS } from '../imports/formats/imported-schedule.ts'
import { z } from '../openapi/zod.ts'

/** The shortest and longest wait between two syncs of an event (docs/schedule-exchange.md#sync). */
export const MIN_SYNC_EVERY_SECONDS = 60
export const MAX_SYNC_EVERY_SECONDS = 24 * 60 * 60
/** How often an event follows its source when the setting does not say. */
export const DEFAULT_SYNC_EVERY = '5m'

/** The formats a sync reads: each import format, or `auto` to tell them apart by content. */
const SYNC_FORMATS = ['auto', ...SOURCE_FORMATS] as const

/** `5m`, `1h`, `1d`: whole seconds between one and the other bound; read into seconds. */
const every = z
  .string()
  .transform((text, ctx) => {
    const ms = parseDuration(text)
    if (ms === undefined) {
      ctx.addIssue({ code: 'custom', message: `must be a duration (${DURATION_EXAMPLES})` })
      return z.NEVER
    }
    if (ms % 1000 !== 0) {
      ctx.addIssue({ code: 'custom', message: 'must be a whole number of seconds' })
      return z.NEVER
    }
    const seconds = ms / 1000
    if (seconds < MIN_SYNC_EVERY_SECONDS || seconds > MAX_SYNC_EVERY_SECONDS) {
      ctx.addIssue({ code: 'custom', message: 'must be at least 1m and at most 1d' })
      return z.NEVER
    }
    return seconds
  })
  .openapi({
    type: 'string',
    example: '5m',
    description: `How often the source is fetched: a duration from \`1m\` to \`1d\` (${DURATION_EXAMPLES}); default \`${DEFAULT_SYNC_EVERY}\``,
  })

const format = z.enum(SYNC_FORMATS).openapi({ description: 'The source’s format, or `auto` to tell it by its content' })
const removed = z.enum(REMOVED_ITEM_ACTIONS).openapi({
  description: 'What becomes of sessions (and speakers) the source no longer has: `cancel` (kept, marked cancelled) or `delete`',
})

/** The source an event follows, as a request sets it: the whole setting at once. */
export const SyncSettingsInput = z
  .object({
    url: httpUrl.openapi({
      description: 'A pretalx `schedule.json`, a frab `schedule.xml` or a Sessionize "All data" URL; it must point to a public address',
      example: 'https://pretalx.example.com/conf/schedule/export/schedule.json',
    }),
    format: format.default('auto'),
    // A default skips the parse: it is the parsed value, seconds.
    every: every.optional().transform((seconds) => seconds ?? (parseDuration(DEFAULT_SYNC_EVERY) as number) / 1000),
    removed: removed.default('cancel'),
  })
  .strict()
  .openapi('SyncSettingsInput', { description: 'Follow a source: an import of it on a schedule. null stops following.' })
export type SyncSettingsInput = z.output<typeof SyncSettingsInput>

/** The source an event follows, as presented. */
export const SyncSettings = z
  .object({
    url: z.string(),
    format,
    every: z.string().openapi({ example: '5m', description: 'How often the source is fetched' }),
    removed,
  })
  .openapi('SyncSettings')

/** How the event's syncs went, and when the next one is. */
export const SyncStatus = z
  .object({
    last_run_at: z.string().nullable().openapi({ format: 'date-time', description: 'When the last sync ended; null before the first' }),
    result: z.enum(SYNC_RESULTS).nullable().openapi({
      description:
        '`changed`: the import changed sessions or speakers; `unchanged`: it found nothing to change; `not_modified`: the source answered 304; `failed`: see `error`',
    }),
    error: z
      .object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()) })
      .nullable()
      .openapi({ description: 'Why the last sync failed, as the error envelope’s `error`; null unless `failed`' }),
    last_import_id: uuid.nullable().openapi({ description: 'The last import a sync made (`GET /v1/events/{id}/imports/{importId}`)' }),
    next_run_at: z.string().openapi({ format: 'date-time', description: 'When the next sync is due' }),
  })
  .openapi('SyncStatus')
export type SyncStatus = z.infer<typeof SyncStatus>
