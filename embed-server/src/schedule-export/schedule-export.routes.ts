import type { RouterContext, RouterMiddleware } from '@koa/router'
import { acronymOf, C3VOC_JSON_TYPE, C3VOC_XML_TYPE, type Config, c3vocJson, c3vocXml } from '@event-service/server-common'
import type { ApiBuilder, RouteSpec } from '@event-service/server-common/openapi.ts'
import { type EventReadDeps, sendEventAnswer } from '../events/events.routes.ts'
import { responseKey } from '../events/events.service.ts'
import { type SerializedBody, serializeBytes } from '../events/serialized-body.ts'
import { EMBED_API_OPTIONS, EventParams, READ_ERRORS, readResponses } from '../openapi/embed-api.ts'
import { z } from '../openapi/zod.ts'
import { publicBaseOf } from '../registrations/registrations.routes.ts'
import type { EmbedState } from '../tokens/token-auth.ts'
import { scheduleExportOf } from './schedule-export-input.ts'

const ACCESS =
  'Behind the calendar feed’s token checks: conference apps send no Origin, so a token without allowed origins serves it, ' +
  'a token with allowed origins only when the feed is allowed on it (`allowCalendarFeed` in the admin API); otherwise 403 ' +
  '`ORIGIN_NOT_ALLOWED`. Every other token check applies. Put the token in the query (`?token=`).'

const CONTENTS =
  'Only what the embed API publishes: the sessions that are not cancelled (the format has no status), their public ' +
  'speakers as pretalx-style persons (`guid`, `name`, `avatar`, `biography`, `links`), one day per event day in its ' +
  'time zone, every session’s `guid` its id and `id` its number, its `url` its address in this API ' +
  '(docs/schedule-exchange.md, "Export").'

/** `schedule.json` of the c3voc format (JSON Schema draft-06 of voc/schedule). */
export const SCHEDULE_JSON_ROUTE: RouteSpec = {
  method: 'get',
  path: '/events/{eventId}/schedule.json',
  operationId: 'getScheduleJson',
  summary: 'The public schedule as the frab/c3voc schedule.json that conference apps (Giggity, ConfClerk, Fahrplan) read',
  description: `${CONTENTS} ${ACCESS}`,
  tag: 'Calendar',
  request: { params: EventParams },
  responses: readResponses('The schedule', {
    alternatives: {
      'application/json': z
        .looseObject({ schedule: z.looseObject({}) })
        .openapi({ description: 'A c3voc `schedule.json` (https://c3voc.de/schedule/schema.json); not in the `{success, data}` envelope' }),
    },
  }),
  errors: READ_ERRORS,
}

/** `schedule.xml` of the c3voc format (the XSD of voc/schedule). */
export const SCHEDULE_XML_ROUTE: RouteSpec = {
  method: 'get',
  path: '/events/{eventId}/schedule.xml',
  operationId: 'getScheduleXml',
  summary: 'The public schedule as the frab/c3voc schedule.xml that conference apps (Giggity, ConfClerk, Fahrplan) read',
  description: `The same schedule as \`schedule.json\`, as XML. ${CONTENTS} ${ACCESS}`,
  tag: 'Calendar',
  request: { params: EventParams },
  responses: readResponses('The schedule', {
    alternatives: { 'application/xml': z.string().openapi({ description: 'A c3voc `schedule.xml` (`<schedule>` … `</schedule>`)' }) },
  }),
  errors: READ_ERRORS,
}

/** The file name each export was made with, to name the download on every answer of it. */
const fileNames = new WeakMap<SerializedBody, string>()

const WRITERS = {
  json: { write: c3vocJson, type: C3VOC_JSON_TYPE },
  xml: { write: c3vocXml, type: C3VOC_XML_TYPE },
} as const

/**
 * The schedule in the frab/c3voc formats, for conference apps, behind the calendar feed's guard
 * (the read guard with `tokenVerifier(…, 'feed')`: the feed permission instead of the origin check,
 * as apps send no Origin). Made by server-common's one builder (`c3vocJson`, `c3vocXml`) from the
 * event's public data, serialised once per version of that data and per API root (the sessions'
 * `url`s name it), and answered like the reads (ETag, 304, `private, no-cache`, compression), named
 * by `Content-Disposition`. The hot path leaves them to Koa.
 *
 * - `GET /v1/events/{eventId}/schedule.json`
 * - `GET /v1/events/{eventId}/schedule.xml`
 *
 * @example
 * https://embed.example/v1/events/8c6d…/schedule.json?token=emb_…
 */
export function registerScheduleExportRoutes(
  api: ApiBuilder<EmbedState>,
  guard: RouterMiddleware<EmbedState>,
  deps: EventReadDeps & { config: Pick<Config, 'embedPublicUrl' | 'host'> },
): void {
  const send = async (ctx: RouterContext<EmbedState>, format: keyof typeof WRITERS) => {
    const apiRoot = `${publicBaseOf(deps.config, ctx)}${EMBED_API_OPTIONS.prefix}`
    const { write, type } = WRITERS[format]
    const body = await sendEventAnswer(ctx, deps, responseKey.scheduleExport(format, apiRoot), (data) => {
      const made = serializeBytes(Buffer.from(write(scheduleExportOf(data, apiRoot))), type)
      fileNames.set(made, `${acronymOf(data.event)}-schedule.${format}`)
      return made
    })
    // The name is ASCII by construction (the acronym's alphabet).
    ctx.set('Content-Disposition', `attachment; filename="${fileNames.get(body) ?? `schedule.${format}`}"`)
  }
  api.route(SCHEDULE_JSON_ROUTE, (ctx) => send(ctx, 'json'), { before: [guard] })
  api.route(SCHEDULE_XML_ROUTE, (ctx) => send(ctx, 'xml'), { before: [guard] })
}
