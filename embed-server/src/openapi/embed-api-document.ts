import type { RouteSpec } from '@event-service/server-common/openapi.ts'
import { SCHEDULE_FEED_ROUTE, SESSION_CALENDAR_ROUTE } from '../calendar/calendar.routes.ts'
import { PUBLIC_READS } from '../events/events.routes.ts'
import { FIRST_SCREEN_ROUTE } from '../first-screen/first-screen.routes.ts'
import { LIVE_ROUTE } from '../live/live.routes.ts'
import { CANCEL_PAGE_ROUTES, CONFIRM_PAGE_ROUTES } from '../registrations/link-page-routes.ts'
import { REGISTER_ROUTE } from '../registrations/registrations.routes.ts'
import { SCHEDULE_JSON_ROUTE, SCHEDULE_XML_ROUTE } from '../schedule-export/schedule-export.routes.ts'
import { ACCESS_ROUTE } from '../tokens/access.routes.ts'
import { createEmbedApi } from './embed-api.ts'
import { OPENAPI_ROUTE } from './openapi.routes.ts'

/**
 * Every route of the embed API, as each `*.routes.ts` declares it. The app serves each with its
 * handler; the document below describes the same declarations without an app (a test checks
 * that the app's document is this one).
 */
export const EMBED_ROUTES: readonly RouteSpec[] = [
  ...PUBLIC_READS.map((read) => read.route),
  SCHEDULE_FEED_ROUTE,
  SESSION_CALENDAR_ROUTE,
  SCHEDULE_JSON_ROUTE,
  SCHEDULE_XML_ROUTE,
  FIRST_SCREEN_ROUTE,
  LIVE_ROUTE,
  REGISTER_ROUTE,
  CONFIRM_PAGE_ROUTES.show,
  CONFIRM_PAGE_ROUTES.act,
  CANCEL_PAGE_ROUTES.show,
  CANCEL_PAGE_ROUTES.act,
  ACCESS_ROUTE,
  OPENAPI_ROUTE,
]

let built: object | undefined

/**
 * The OpenAPI 3.0 document of the embed API (docs/embed-api.md), built once from the routes'
 * declarations; the widgets' types (widgets/src/api/embed-api.generated.ts) are generated from it.
 *
 * @example
 * const doc = embedApiDocument() // { openapi: '3.0.3', paths: { '/events/{eventId}': … }, … }
 */
export function embedApiDocument(): object {
  if (!built) {
    const api = createEmbedApi()
    for (const route of EMBED_ROUTES) api.describe(route)
    built = api.document()
  }
  return built
}
