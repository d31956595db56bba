import { richTextAsPlain } from '@event-service/widgets/rich-text'
import ical, { escape as escapeText, foldLines, ICalEventStatus } from 'ical-generator'
import type { EventData } from '../events/events.service.ts'
import type { PublicSession } from '../events/events.schema.ts'

/**
 * The domain part of every UID: the session's UUID is unique by itself, and a fixed suffix keeps
 * UIDs the same whichever host name the feed was fetched through. A session's own file and an
 * agenda come from the same builder (`calendarOf`), so an imported session and the subscribed one
 * are the same event to a calendar app.
 */
export const UID_DOMAIN = 'event-service'

/** How often calendar apps are asked to refresh (X-PUBLISHED-TTL, REFRESH-INTERVAL; Apple honours it). */
const REFRESH_SECONDS = 60 * 60

const PRODUCT_ID = { company: 'event-service', product: 'schedule', language: 'EN' } as const

/** The stable UID of a session in every calendar. */
export const sessionUid = (sessionId: string): string => `${sessionId}@${UID_DOMAIN}`

/** Whether a session is cancelled: the feed keeps it, with STATUS:CANCELLED, so calendars strike it. */
export function isCancelled(session: PublicSession): boolean {
  return session.cancelled
}

/** "Room B, Spree Forum, Berlin": where the session is, as precisely as the data says. */
export function locationOf(room: string | null, venue: string | null): string | undefined {
  const parts = [room, venue].filter((p): p is string => Boolean(p?.trim()))
  return parts.length > 0 ? parts.join(', ') : undefined
}

/**
 * The abstract, then who speaks, then the links: plain text, as calendar apps show DESCRIPTION.
 * The abstract is the text subset of bios and abstracts, read as plain text by the widgets' own
 * parser, so a link or an emphasis never reaches a calendar as markup.
 */
function descriptionOf(session: PublicSession): string | undefined {
  const speakers = session.speakers.map((s) => {
    const role = [s.title, s.company].filter(Boolean).join(', ')
    return role ? `${s.name} (${role})` : s.name
  })
  const blocks = [
    session.description ? richTextAsPlain(session.description) : undefined,
    speakers.length > 0 ? `${speakers.length === 1 ? 'Speaker' : 'Speakers'}: ${speakers.join('; ')}` : undefined,
    [session.slides_url && `Slides: ${session.slides_url}`, session.recording_url && `Recording: ${session.recording_url}`]
      .filter(Boolean)
      .join('\n'),
  ].filter((b): b is string => Boolean(b))
  return blocks.length > 0 ? blocks.join('\n\n') : undefined
}

/**
 * The whole public schedule of an event as an iCalendar feed (RFC 5545): one VEVENT per session,
 * times in UTC, stable UIDs, SEQUENCE from the session's revision count, DTSTAMP and LAST-MODIFIED
 * from its last change, LOCATION naming room and venue, CATEGORIES from track and tags.
 * ical-generator escapes the texts and folds lines at 75 octets.
 *
 * @example
 * const text = scheduleFeed(await eventDataOf(db, cache, eventId, true))
 */
export function scheduleFeed(data: EventData): string {
  return calendarOf(data, () => true)
}

/**
 * The calendar of the event's public sessions that `pick` keeps, in schedule order: the feed
 * (all of them), one session's file, a visitor's agenda. One builder, so that every file names a
 * session alike (UID, SEQUENCE, STATUS, DESCRIPTION).
 *
 * @example
 * const text = calendarOf(data, (s) => s.id === sessionId)
 */
export function calendarOf(data: EventData, pick: (session: PublicSession) => boolean): string {
  const { event } = data
  const calendar = ical({
    prodId: PRODUCT_ID,
    // ical-generator writes the calendar's name as given; TEXT needs its commas, semicolons and
    // newlines escaped.
    name: escapeText(event.name, false),
    description: event.description ? escapeText(richTextAsPlain(event.description), false) : null,
    ttl: REFRESH_SECONDS,
  })
  data.sessions.forEach((session, i) => {
    if (!pick(session)) return
    const version = data.sessionVersions[i]
    const updatedAt = version?.updatedAt ?? new Date(session.starts_at)
    const url = session.recording_url ?? session.slides_url
    calendar.createEvent({
      id: sessionUid(session.id),
      sequence: version?.sequence ?? 0,
      stamp: updatedAt,
      lastModified: updatedAt,
      start: new Date(session.starts_at),
      end: new Date(session.ends_at),
      summary: session.title,
      description: descriptionOf(session) ?? null,
      location: locationOf(session.room, event.venue) ?? null,
      ...(url ? { url } : {}),
      categories: [...new Set([session.track, ...session.tags].filter((c): c is string => Boolean(c)))].map((name) => ({ name })),
      status: isCancelled(session) ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    })
  })
  return withTimezoneHint(calendar.toString(), event.timezone)
}

/**
 * Adds `X-WR-TIMEZONE` (the zone calendar apps show the feed in; the times themselves are UTC)
 * among the calendar's properties, before the first component, where RFC 5545's grammar puts
 * calendar properties: ical-generator writes its `x()` properties after the events, and its own
 * time zone setting would turn every time into a TZID time that needs a VTIMEZONE.
 */
function withTimezoneHint(text: string, timezone: string): string {
  const line = `${foldLines(`X-WR-TIMEZONE:${escapeText(timezone, false)}`)}\r\n`
  const firstComponent = text.indexOf('BEGIN:VEVENT')
  const end = text.lastIndexOf('END:VCALENDAR')
  const at = firstComponent >= 0 ? firstComponent : end
  // Every content line ends with CRLF, the last one too (RFC 5545 3.1).
  return `${text.slice(0, at)}${line}${text.slice(at).replace(/(?:\r\n)?$/, '\r\n')}`
}
