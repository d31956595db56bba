import type { EmbedClient } from './client.js'
import type { AccessVerdict } from './types.js'

/** What names the event and the token: the element's client. */
type EventApi = Pick<EmbedClient, 'root' | 'eventId' | 'token'>

/** Each token's verdict, asked once per page: the question, then its answer once known. */
const verdicts = new Map<string, { asked: Promise<boolean>; known?: boolean }>()

/** Test hook: forget the verdicts asked. */
export function clearCalendarVerdicts(): void {
  verdicts.clear()
}

/** `…/v1/events/{eventId}{path}?token=…`: the token in the query, as calendar apps cannot send headers. */
function eventUrl(api: EventApi, path: string): URL {
  const url = new URL(`events/${encodeURIComponent(api.eventId)}${path}`, api.root)
  url.searchParams.set('token', api.token)
  return url
}

/**
 * A calendar file the embed server writes (docs/embed-api.md, "Calendar feed"): the whole
 * schedule (the feed calendar apps subscribe to), one session, or a visitor's agenda.
 */
export function calendarUrl(api: EventApi, of: 'schedule' | { session: string } | { agenda: readonly string[] }): string {
  if (of !== 'schedule' && 'session' in of) return eventUrl(api, `/sessions/${encodeURIComponent(of.session)}/calendar.ics`).href
  const url = eventUrl(api, '/schedule.ics')
  if (of !== 'schedule') url.searchParams.set('sessions', of.agenda.join(','))
  return url.href
}

function verdictOf(api: EventApi) {
  const url = eventUrl(api, '/access')
  let verdict = verdicts.get(url.href)
  if (!verdict) {
    const entry: { asked: Promise<boolean>; known?: boolean } = {
      asked: fetch(url, { credentials: 'omit', cache: 'no-store' })
        .then(async (res) => ((await res.json()) as { data?: AccessVerdict }).data)
        .then((v) => v?.allowed === true && v.calendar_feed === true)
        .catch(() => false)
        .then((served) => {
          entry.known = served
          return served
        }),
    }
    verdict = entry
    verdicts.set(url.href, verdict)
  }
  return verdict
}

/**
 * Whether this token serves calendar files (the feed, a session's file, an agenda): the access
 * verdict's `calendar_feed` (a token without allowed origins, or one with `allowCalendarFeed`).
 * Calendar apps and a browser's download send no `Origin`, so a link the token does not serve
 * would only show the visitor an error: when in doubt (no answer), no link is offered. One
 * question per page and token, however many elements ask.
 */
export function calendarsServed(api: EventApi): Promise<boolean> {
  return verdictOf(api).asked
}

/**
 * Where a calendar file is, and whether the token serves it: the link shows once the token is
 * known to serve calendar files, at once when that is known already.
 */
export interface CalendarLink {
  href: string
  served: () => Promise<boolean>
  servedNow: () => boolean | undefined
}

/** The link to one session's calendar file on the embed server. */
export function sessionCalendarLink(api: EventApi, sessionId: string): CalendarLink {
  return {
    href: calendarUrl(api, { session: sessionId }),
    served: () => calendarsServed(api),
    servedNow: () => verdictOf(api).known,
  }
}
