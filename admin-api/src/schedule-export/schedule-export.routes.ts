import type { Database } from '@event-service/db'
import { acronymOf, C3VOC_JSON_TYPE, C3VOC_XML_TYPE, c3vocJson, c3vocXml } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import { IdParams } from '../common/fields.ts'
import type { ApiBuilder } from '../openapi/api-builder.ts'
import { z } from '../openapi/zod.ts'
import { scheduleExportInput } from './schedule-export.service.ts'

/** `?format=`: which of the c3voc formats; JSON unless asked. */
export const ScheduleExportQuery = z.object({
  format: z
    .enum(['json', 'xml'], { error: 'must be json or xml' })
    .default('json')
    .openapi({ description: '`json` (schedule.json, the default) or `xml` (schedule.xml)', example: 'xml' }),
})

const ScheduleJson = z.looseObject({ schedule: z.looseObject({}) }).openapi('C3vocSchedule', {
  description: 'A c3voc `schedule.json` (https://c3voc.de/schedule/schema.json); not in the `{success, data}` envelope',
})

const WRITERS = {
  json: { write: c3vocJson, type: C3VOC_JSON_TYPE },
  xml: { write: c3vocXml, type: C3VOC_XML_TYPE },
} as const

/**
 * `GET /events/{id}/export?format=json|xml` (docs/admin-api.md, docs/schedule-exchange.md "Export"):
 * the event's schedule in the frab/c3voc formats, made by server-common's one builder (the embed
 * server's `schedule.json`/`schedule.xml` use it too) from the database, with every session and
 * every assigned speaker. A read: any key or role. Sessions' `url`s are their addresses in the embed
 * API, whose origin `embedUrl` gives (as the console learns it).
 */
export function scheduleExportRoutes(api: ApiBuilder, db: Kysely<Database>, embedUrl: () => string): void {
  api.route(
    {
      method: 'get',
      path: '/events/{id}/export',
      operationId: 'exportEventSchedule',
      summary: 'Export the event’s schedule as frab/c3voc schedule.json or schedule.xml',
      description:
        'For conference apps (Giggity, ConfClerk, Fahrplan) and other schedule tools. Every session of the event and every speaker ' +
        'assigned to one, whatever their status; cancelled sessions are left out, as the formats have no status. A session’s `guid` ' +
        'is its id, its `id` its `number`, its `url` its address in the embed API; speakers are pretalx-style persons ' +
        '(`guid`, `name`, `avatar`, `biography`, `links`). Answered as a download (`Content-Disposition: attachment`).',
      tag: 'Events',
      request: { params: IdParams, query: ScheduleExportQuery },
      responses: {
        200: {
          description: 'The schedule: `application/json` for `format=json`, `application/xml` for `format=xml`',
          schema: ScheduleJson,
          alternatives: { 'application/xml': z.string().openapi({ description: 'A c3voc `schedule.xml` (`<schedule>` … `</schedule>`)' }) },
        },
      },
      errors: [404],
    },
    async (ctx, { params, query }) => {
      const input = await scheduleExportInput(db, ctx.state.account.id, params.id, embedUrl())
      const { write, type } = WRITERS[query.format]
      ctx.type = type
      // The acronym's alphabet is ASCII: the name needs no RFC 6266 `filename*`.
      ctx.set('Content-Disposition', `attachment; filename="${acronymOf(input.event)}-schedule.${query.format}"`)
      ctx.body = write(input)
    },
  )
}
