import type Router from '@koa/router'
import type { RouterContext, RouterMiddleware } from '@koa/router'
import { notFound } from '@event-service/server-common'
import { type EventReadDeps, sendEventAnswer } from '../events/events.routes.ts'
import { responseKey } from '../events/events.service.ts'
import { type SerializedBody, serializeBytes } from '../events/serialized-body.ts'
import type { EmbedState } from '../tokens/token-auth.ts'
import { attachmentOf, calendarFileName } from './calendar-file-name.ts'
import { sessionIdsQuery } from './sessions-query.ts'
import { calendarOf } from './schedule-feed.ts'

/** The feed's media type (RFC 5545 8.1). */
export const CALENDAR_TYPE = 'text/calendar; charset=utf-8'

/** The path of the feed (and, with `?sessions=`, of an agenda), for the route and the documents. */
export const SCHEDULE_FEED_PATH = '/v1/events/:eventId/schedule.ics'

/** The path of one session's calendar file. */
export const SESSION_CALENDAR_PATH = '/v1/events/:eventId/sessions/:sessionId/calendar.ics'

/** The file name each calendar answer was made with, to name the download on every answer of it. */
const fileNames = new WeakMap<SerializedBody, string>()

/**
 * The calendar files, all made by one builder (`calendarOf`) behind the feed's guard: the read
 * guard with the feed's token check (`tokenVerifier(…, 'feed')`), every check of a read with the
 * origin check replaced by the feed permission, because calendar apps (and a browser's download)
 * send no Origin. Each file is serialised once per version of the event's data and answered like
 * the reads (ETag, 304, `private, no-cache`, compression), named by `Content-Disposition`. The hot
 * path (`fast-path.ts`) leaves them to Koa.
 *
 * - `GET /v1/events/{eventId}/schedule.ics`: the public schedule, for calendar apps to subscribe
 *   to; with `?sessions=<id>,<id>…` only those sessions (a visitor's agenda).
 * - `GET /v1/events/{eventId}/sessions/{sessionId}/calendar.ics`: one session, 404 when the event
 *   does not publish it.
 *
 * @example
 * webcal://127.0.0.1:3001/v1/events/8c6d…/schedule.ics?token=emb_…
 */
export function registerCalendarRoutes(router: Router<EmbedState>, guard: RouterMiddleware<EmbedState>, deps: EventReadDeps): void {
  /** Sends the calendar of `key`, made by `make` (the text and the file's title) the first time. */
  const sendCalendar = async (
    ctx: RouterContext<EmbedState>,
    key: string,
    make: (data: Parameters<typeof calendarOf>[0]) => [string, string],
  ) => {
    const body = await sendEventAnswer(ctx, deps, key, (data) => {
      const [text, title] = make(data)
      const made = serializeBytes(Buffer.from(text), CALENDAR_TYPE)
      fileNames.set(made, calendarFileName(title))
      return made
    })
    ctx.set('Content-Disposition', attachmentOf(fileNames.get(body) ?? calendarFileName('')))
  }

  router.get(SCHEDULE_FEED_PATH, guard, (ctx) => {
    const ids = sessionIdsQuery(ctx.query)
    if (!ids) return sendCalendar(ctx, responseKey.scheduleFeed(), (data) => [calendarOf(data, () => true), data.event.name])
    const asked = new Set(ids)
    // A starred session the event no longer publishes is left out: the rest of the agenda stands.
    return sendCalendar(ctx, responseKey.agendaCalendar(ids), (data) => [
      calendarOf(data, (s) => asked.has(s.id)),
      `${data.event.name} agenda`,
    ])
  })

  router.get(SESSION_CALENDAR_PATH, guard, (ctx) => {
    const id = ctx.params.sessionId!
    return sendCalendar(ctx, responseKey.sessionCalendar(id), (data) => {
      const session = data.sessionsById.get(id)
      if (!session) throw notFound('Session')
      return [calendarOf(data, (s) => s.id === id), session.title]
    })
  })
}
