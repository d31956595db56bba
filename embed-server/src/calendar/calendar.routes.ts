import type Router from '@koa/router'
import type { RouterMiddleware } from '@koa/router'
import { type EventReadDeps, sendEventAnswer } from '../events/events.routes.ts'
import { responseKey } from '../events/events.service.ts'
import { serializeBytes } from '../events/serialized-body.ts'
import type { EmbedState } from '../tokens/token-auth.ts'
import { scheduleFeed } from './schedule-feed.ts'

/** The feed's media type (RFC 5545 8.1). */
export const CALENDAR_TYPE = 'text/calendar; charset=utf-8'

/** The path of the feed, for the route and the documents. */
export const SCHEDULE_FEED_PATH = '/v1/events/:eventId/schedule.ics'

/**
 * `GET /v1/events/{eventId}/schedule.ics`: the public schedule as an iCalendar feed that calendar
 * apps subscribe to. `guard` is the read guard with the feed's token check (`tokenVerifier(…,
 * 'feed')`): every check of a read, with the origin check replaced by the feed permission. The
 * feed is serialised once per version of the event's data and answered like the reads (ETag,
 * 304, `private, no-cache`, compression). The hot path (`fast-path.ts`) leaves it to Koa.
 *
 * @example
 * webcal://127.0.0.1:3001/v1/events/8c6d…/schedule.ics?token=emb_…
 */
export function registerCalendarRoutes(router: Router<EmbedState>, guard: RouterMiddleware<EmbedState>, deps: EventReadDeps): void {
  router.get(SCHEDULE_FEED_PATH, guard, (ctx) =>
    sendEventAnswer(ctx, deps, responseKey.scheduleFeed(), (data) => serializeBytes(Buffer.from(scheduleFeed(data)), CALENDAR_TYPE)),
  )
}
