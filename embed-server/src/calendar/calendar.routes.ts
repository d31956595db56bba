import type { RouterContext, RouterMiddleware } from '@koa/router'
import { notFound } from '@event-service/server-common'
import type { ApiBuilder, RouteSpec } from '@event-service/server-common/openapi.ts'
import { type EventReadDeps, sendEventAnswer } from '../events/events.routes.ts'
import { responseKey } from '../events/events.service.ts'
import { type SerializedBody, serializeBytes } from '../events/serialized-body.ts'
import { EventParams, READ_ERRORS, readResponses, SessionParams } from '../openapi/embed-api.ts'
import { z } from '../openapi/zod.ts'
import type { EmbedState } from '../tokens/token-auth.ts'
import { attachmentOf, calendarFileName } from './calendar-file-name.ts'
import { MAX_AGENDA_SESSIONS, sessionIdsQuery } from './sessions-query.ts'
import { calendarOf } from './schedule-feed.ts'

/** The feed's media type (RFC 5545 8.1). */
export const CALENDAR_TYPE = 'text/calendar; charset=utf-8'

const calendarAnswer = readResponses('The calendar', {
  alternatives: { 'text/calendar': z.string().openapi({ description: 'An iCalendar object (`BEGIN:VCALENDAR` … `END:VCALENDAR`)' }) },
})

/** The feed (and, with `?sessions=`, an agenda). */
export const SCHEDULE_FEED_ROUTE: RouteSpec = {
  method: 'get',
  path: '/events/{eventId}/schedule.ics',
  operationId: 'getScheduleFeed',
  summary: 'The whole public schedule as an iCalendar feed (RFC 5545) that calendar apps subscribe to',
  description:
    'One VEVENT per session: UID `<session id>@event-service` (stable), SEQUENCE counting the session’s changes, ' +
    'DTSTAMP and LAST-MODIFIED from its last change, times in UTC, LOCATION naming room and venue, CATEGORIES from ' +
    'track and tags, STATUS:CANCELLED for cancelled sessions. Calendar apps send no Origin, so the token’s origin ' +
    'check is replaced here by its feed permission: a token without allowed origins serves the feed, a token with ' +
    'allowed origins only when the feed is allowed on it (`allowCalendarFeed` in the admin API); otherwise 403 ' +
    '`ORIGIN_NOT_ALLOWED`. Every other token check applies. Put the token in the query (`?token=`): calendar apps ' +
    'cannot send headers. CORS is granted only to origins the token allows.',
  tag: 'Calendar',
  request: { params: EventParams },
  documentedQuery: z.object({
    sessions: z
      .string()
      .optional()
      .openapi({
        description: `Only these sessions (a visitor's agenda): at most ${MAX_AGENDA_SESSIONS} session ids, separated by commas`,
      }),
  }),
  responses: calendarAnswer,
  errors: READ_ERRORS,
}

/** One session's calendar file. */
export const SESSION_CALENDAR_ROUTE: RouteSpec = {
  method: 'get',
  path: '/events/{eventId}/sessions/{sessionId}/calendar.ics',
  operationId: 'getSessionCalendar',
  summary: 'One session as an iCalendar file, to add to a calendar',
  description: 'The VEVENT of the feed for this session alone, behind the feed’s token checks; 404 when the event does not publish it.',
  tag: 'Calendar',
  request: { params: SessionParams },
  responses: calendarAnswer,
  errors: READ_ERRORS,
}

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
export function registerCalendarRoutes(api: ApiBuilder<EmbedState>, guard: RouterMiddleware<EmbedState>, deps: EventReadDeps): void {
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

  api.route(
    SCHEDULE_FEED_ROUTE,
    (ctx) => {
      const ids = sessionIdsQuery(ctx.query)
      if (!ids) return sendCalendar(ctx, responseKey.scheduleFeed(), (data) => [calendarOf(data, () => true), data.event.name])
      const asked = new Set(ids)
      // A starred session the event no longer publishes is left out: the rest of the agenda stands.
      return sendCalendar(ctx, responseKey.agendaCalendar(ids), (data) => [
        calendarOf(data, (s) => asked.has(s.id)),
        `${data.event.name} agenda`,
      ])
    },
    { before: [guard] },
  )

  api.route(
    SESSION_CALENDAR_ROUTE,
    (ctx) => {
      const id = ctx.params.sessionId!
      return sendCalendar(ctx, responseKey.sessionCalendar(id), (data) => {
        const session = data.sessionsById.get(id)
        if (!session) throw notFound('Session')
        return [calendarOf(data, (s) => s.id === id), session.title]
      })
    },
    { before: [guard] },
  )
}
