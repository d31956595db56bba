/**
 * What an event's schedule looks like in the formats of the conference apps (Giggity, ConfClerk,
 * Fahrplan): the frab/c3voc `schedule.json` and `schedule.xml` (the public repository voc/schedule,
 * `validator/`; docs/schedule-exchange.md, "Export"). One neutral input (`ScheduleExport`), one plan
 * of it (`planSchedule`) that decides every value, and one writer per format (`c3voc-json.ts`,
 * `c3voc-xml.ts`) that only lays the plan out, so that both formats say the same of every session.
 * Pure: no database, no clock; the same input gives the same bytes.
 *
 * Decisions, each where it is made below:
 * - a session's `guid` is its id (a UUID); frab's integer `id` is its `number`;
 * - persons in pretalx's shape (`guid`, `name`, `avatar`, `biography`, `links`), never frab's
 *   `id` + `public_name`: the JSON schema's `oneOf` would match both shapes at once;
 * - rooms named by the sessions; a room's `guid` is a UUID v5 of the event id and the room name,
 *   the same on every export; sessions without a room are in one named after the venue (or event);
 * - one day per day of the event in its time zone (the widgets' `dayKey`), from its first to its
 *   last day and any day a session falls on, midnight to midnight with the zone's offset;
 * - cancelled sessions are left out: the formats have no status, so an app would show them as
 *   happening (pretalx leaves them out too); a prefixed title would be guessed at, not read;
 * - texts as plain text (`richTextAsPlain`): apps show `abstract` and `biography` as they are.
 */
import { createHash } from 'node:crypto'
import slugify from '@sindresorhus/slugify'
import { richTextAsPlain } from '@event-service/widgets/rich-text'
import { dayKey } from '@event-service/widgets/datetime'
import { DateTime } from 'luxon'
import { v5 as uuidV5 } from 'uuid'

/** A link as the event service keeps it on a speaker. */
export interface ScheduleLink {
  url: string
  label: string | null
}

/** A speaker of a session: only what the event publishes. */
export interface ScheduleSpeaker {
  id: string
  name: string
  /** The text subset of bios (rich text), or null. */
  bio: string | null
  photo_url: string | null
  links: ScheduleLink[]
}

/** One session, from the public data (embed server) or the database (admin API). */
export interface ScheduleSession {
  id: string
  /** The session's small positive number (`sessions.number`). */
  number: number
  title: string
  description: string | null
  /** Instants, as ISO strings or dates. */
  starts_at: string | Date
  ends_at: string | Date
  room: string | null
  track: string | null
  format: string | null
  language: string | null
  tags: string[]
  slides_url: string | null
  recording_url: string | null
  cancelled: boolean
  speakers: ScheduleSpeaker[]
}

/** The event around the sessions. */
export interface ScheduleEvent {
  id: string
  name: string
  description: string | null
  /** IANA time zone. */
  timezone: string
  starts_at: string | Date
  ends_at: string | Date
  venue: string | null
  /** The rooms of its sessions (`roomsAndTracksOf`), in the order the export lists them. */
  rooms: string[]
  tracks: string[]
}

/** Everything one export is made of. */
export interface ScheduleExport {
  event: ScheduleEvent
  sessions: ScheduleSession[]
  /** The address of a session in the embed API (`{embed}/v1/events/{e}/sessions/{s}`): each session's `url`. */
  sessionUrl(sessionId: string): string
}

/**
 * The fields of a session the formats carry as they are stored: what an export writes of each
 * session beside its id, number and speakers, and what an import compares and writes back.
 */
export const SCHEDULE_SESSION_FIELDS = [
  'title',
  'description',
  'starts_at',
  'ends_at',
  'room',
  'track',
  'format',
  'language',
  'tags',
  'slides_url',
  'recording_url',
  'cancelled',
] as const satisfies readonly (keyof ScheduleSession)[]

/**
 * One export of `event`'s `sessions`: the rooms and tracks they name, and each session's `url`,
 * its read in the embed API under `apiRoot` (`{embed_url}/v1`), on both servers' exports alike.
 */
export function scheduleExport(
  event: Omit<ScheduleEvent, 'rooms' | 'tracks'>,
  sessions: ScheduleSession[],
  apiRoot: string,
): ScheduleExport {
  const { id, name, description, timezone, starts_at, ends_at, venue } = event
  return {
    event: { id, name, description, timezone, starts_at, ends_at, venue, ...roomsAndTracksOf(sessions) },
    sessions,
    sessionUrl: (sessionId) => `${apiRoot}/events/${id}/sessions/${sessionId}`,
  }
}

/** Who wrote the file: both formats name it. */
export const GENERATOR_NAME = 'event-service'

/** The JSON schema's `$id`, which every JSON export names as its `$schema`. */
export const C3VOC_JSON_SCHEMA = 'https://c3voc.de/schedule/schema.json'

/** The grid's step as frab writes it; the event service has no grid of its own, and apps only use it to draw. */
const TIMESLOT_DURATION = '00:05'

/** A fixed namespace for the rooms' UUIDs (v5 of the URL namespace and this name), never to change. */
const ROOM_NAMESPACE = uuidV5('https://event-service/schedule-export/rooms', uuidV5.URL)

/**
 * The JSON schema's pattern of `time_zone_name`, as it is written there (`Region/City` or `UTC`): a
 * zone it does not take is left out rather than written invalid; the times carry their offsets anyway.
 */
const ZONE_NAME = /^([A-Z][a-z]+\/[A-Z][a-z]+)|UTC$/

/** Lengths that keep acronyms and slugs readable; the schemas set no upper bound. */
const MAX_ACRONYM = 32
const MAX_TITLE_SLUG = 50
/** The longest duration the XSD's `HH:MM` holds (two digits of hours). */
const MAX_DURATION_MINUTES = 99 * 60 + 59

/** A link of the formats (`Reference` of the JSON schema; `<link href type>title</link>` in XML). */
export interface PlannedLink {
  url: string
  title?: string
  /** One of the JSON schema's kinds (`slides`, `media`, …). */
  type?: 'slides' | 'media'
}

export interface PlannedPerson {
  guid: string
  name: string
  avatar: string | null
  biography: string | null
  links: PlannedLink[]
}

/** A session as both formats write it (frab calls it an event). */
export interface PlannedSession {
  guid: string
  id: number
  /** Start with the zone's offset. */
  date: string
  end: string
  /** Local `HH:MM`. */
  start: string
  duration: string
  room: string
  slug: string
  url: string
  title: string
  type: string
  track: string | null
  language: string | null
  abstract: string | null
  persons: PlannedPerson[]
  links: PlannedLink[]
}

export interface PlannedRoom {
  name: string
  guid: string
}

export interface PlannedDay {
  /** From 1, as frab and the XSD (`positiveInteger`) count. */
  index: number
  date: string
  day_start: string
  day_end: string
  /** Every room, with the day's sessions in it (maybe none), in the order of `PlannedSchedule.rooms`. */
  rooms: { room: PlannedRoom; sessions: PlannedSession[] }[]
}

/** The whole export, format-neutral: what `c3voc-json.ts` and `c3voc-xml.ts` lay out. */
export interface PlannedSchedule {
  /** Changes whenever anything exported changes (a hash of the input), as frab's release name does. */
  version: string
  acronym: string
  title: string
  description: string | null
  /** First and last day (`YYYY-MM-DD`). */
  start: string
  end: string
  timeslot_duration: string
  /** The event's zone, when the JSON schema's pattern takes its name (`Etc/GMT+2` it does not); null otherwise. */
  time_zone_name: string | null
  tracks: string[]
  rooms: PlannedRoom[]
  days: PlannedDay[]
}

const instant = (value: string | Date): Date => (value instanceof Date ? value : new Date(value))

/** A time with its offset in the zone, to the second: `2030-05-01T09:00:00+02:00`. */
const zoned = (at: DateTime): string => at.toISO({ suppressMilliseconds: true }) as string

/**
 * The rooms and tracks of the sessions an export shows (cancelled ones are left out, as their
 * sessions are), sorted, each once: the `rooms` and `tracks` of `ScheduleEvent`.
 */
export function roomsAndTracksOf(sessions: readonly Pick<ScheduleSession, 'room' | 'track' | 'cancelled'>[]): {
  rooms: string[]
  tracks: string[]
} {
  const shown = sessions.filter((s) => !s.cancelled)
  const sorted = (values: (string | null)[]) =>
    [...new Set(values.filter((v): v is string => Boolean(v?.trim())))].sort((a, b) => a.localeCompare(b))
  return { rooms: sorted(shown.map((s) => s.room)), tracks: sorted(shown.map((s) => s.track)) }
}

/**
 * The event's short name in both schemas' alphabets: lowercase ASCII letters, digits and `_`, at
 * least four of them (JSON `^[a-z0-9_-][a-z0-9_]{3,}…`, XSD `[a-z0-9_-]{4,}`, and the session slug's
 * first part `[a-z0-9_]{4,}`). A name with too few such letters ("AI", "基調講演") gets the start of
 * the event's id appended, so that it stays the same from export to export.
 */
export function acronymOf(event: Pick<ScheduleEvent, 'id' | 'name'>): string {
  const base = slugify(event.name, { separator: '_', decamelize: false }).slice(0, MAX_ACRONYM).replace(/_+$/, '')
  if (base.length >= 4) return base
  return `${base || 'event'}_${event.id.replace(/-/g, '').slice(0, 8).toLowerCase()}`
}

/**
 * `<acronym>-<number>-<title>`: JSON `^[a-z0-9_-]+[a-z0-9]$` and XSD `[a-z0-9_]{4,}-[a-z0-9\-_]{4,}`.
 * A title with fewer than two ASCII letters or digits left ("基調講演") is written `session`, so that the
 * part after the acronym keeps its four characters.
 */
export function sessionSlugOf(acronym: string, number: number, title: string): string {
  const titleSlug = slugify(title, { decamelize: false }).slice(0, MAX_TITLE_SLUG).replace(/-+$/, '')
  return `${acronym}-${number}-${titleSlug.length >= 2 ? titleSlug : 'session'}`
}

/** A room's stable UUID: v5 of the event id and the room's name. */
export const roomGuidOf = (eventId: string, roomName: string): string => uuidV5(`${eventId}\n${roomName}`, ROOM_NAMESPACE)

/** `HH:MM` of a length in minutes. */
const hoursAndMinutes = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

/** Only web addresses: the formats want absolute `http(s)` URIs (JSON `format: uri`, XSD `httpURI`). */
const isWebUrl = (url: string | null): url is string => {
  if (!url) return false
  try {
    const { protocol } = new URL(url)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}

const plainOrNull = (text: string | null): string | null => (text?.trim() ? richTextAsPlain(text) : null)

function personOf(speaker: ScheduleSpeaker): PlannedPerson {
  return {
    guid: speaker.id,
    name: speaker.name,
    avatar: isWebUrl(speaker.photo_url) ? speaker.photo_url : null,
    biography: plainOrNull(speaker.bio),
    links: speaker.links.filter((l) => isWebUrl(l.url)).map((l) => ({ url: l.url, ...(l.label ? { title: l.label } : {}) })),
  }
}

function sessionLinksOf(session: ScheduleSession): PlannedLink[] {
  return [
    ...(isWebUrl(session.slides_url) ? [{ url: session.slides_url, title: 'Slides', type: 'slides' as const }] : []),
    ...(isWebUrl(session.recording_url) ? [{ url: session.recording_url, title: 'Recording', type: 'media' as const }] : []),
  ]
}

/** The days from `first` to `last` (`YYYY-MM-DD`), each once. */
function daysBetween(first: string, last: string, zone: string): string[] {
  const days: string[] = []
  for (
    let day = DateTime.fromISO(first, { zone });
    day.toISODate() !== null && (day.toISODate() as string) <= last;
    day = day.plus({ days: 1 })
  )
    days.push(day.toISODate() as string)
  return days
}

/**
 * Everything both formats write, decided once.
 *
 * @example
 * const plan = planSchedule({ event, sessions, sessionUrl: (id) => `${embed}/v1/events/${event.id}/sessions/${id}` })
 */
export function planSchedule(input: ScheduleExport): PlannedSchedule {
  const { event } = input
  const zone = event.timezone
  const acronym = acronymOf(event)
  // Frab has a room for every event; a session the organiser put in no room is at the venue.
  const defaultRoom = event.venue?.trim() || event.name
  const shown = input.sessions
    .filter((s) => !s.cancelled)
    .map((s) => ({ session: s, starts: instant(s.starts_at), ends: instant(s.ends_at), room: s.room?.trim() ? s.room : defaultRoom }))
    .sort(
      (a, b) => a.starts.getTime() - b.starts.getTime() || a.room.localeCompare(b.room) || a.session.title.localeCompare(b.session.title),
    )

  const roomNames = [...event.rooms]
  for (const { room } of shown) if (!roomNames.includes(room)) roomNames.push(room)
  const rooms = roomNames.map((name) => ({ name, guid: roomGuidOf(event.id, name) }))

  const dayOf = (at: Date) => dayKey(at.getTime(), zone)
  const sessionDays = shown.map(({ starts }) => dayOf(starts))
  const first = [dayOf(instant(event.starts_at)), ...sessionDays].sort()[0] as string
  const last = [dayOf(instant(event.ends_at)), ...sessionDays].sort().at(-1) as string

  const days: PlannedDay[] = daysBetween(first, last, zone).map((date, i) => {
    const midnight = DateTime.fromISO(date, { zone }).startOf('day')
    return {
      index: i + 1,
      date,
      day_start: zoned(midnight),
      day_end: zoned(midnight.plus({ days: 1 })),
      rooms: rooms.map((room) => ({ room, sessions: [] as PlannedSession[] })),
    }
  })
  const dayByDate = new Map(days.map((d) => [d.date, d]))

  shown.forEach(({ session, starts, ends, room }, i) => {
    const { number } = session
    const local = DateTime.fromJSDate(starts, { zone })
    const minutes = Math.max(0, Math.round((ends.getTime() - starts.getTime()) / 60_000))
    const planned: PlannedSession = {
      guid: session.id,
      id: number,
      date: zoned(local),
      end: zoned(DateTime.fromJSDate(ends, { zone })),
      start: local.toFormat('HH:mm'),
      // `end` says how long a longer session really is; the XSD's `HH:MM` stops at 99:59.
      duration: hoursAndMinutes(Math.min(minutes, MAX_DURATION_MINUTES)),
      room,
      slug: sessionSlugOf(acronym, number, session.title),
      url: input.sessionUrl(session.id),
      title: session.title,
      type: session.format?.trim() || 'talk',
      track: session.track,
      language: session.language,
      abstract: plainOrNull(session.description),
      persons: session.speakers.map(personOf),
      links: sessionLinksOf(session),
    }
    const day = dayByDate.get(sessionDays[i] as string)
    day?.rooms.find((r) => r.room.name === room)?.sessions.push(planned)
  })

  return {
    version: versionOf(input),
    acronym,
    title: event.name,
    description: plainOrNull(event.description),
    start: first,
    end: last,
    timeslot_duration: TIMESLOT_DURATION,
    time_zone_name: ZONE_NAME.test(zone) ? zone : null,
    tracks: event.tracks,
    rooms,
    days,
  }
}

/** A short hash of what the export says, so that an app sees a new `version` exactly when something changed. */
function versionOf(input: ScheduleExport): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([input.event, input.sessions, input.sessions.map((s) => input.sessionUrl(s.id))]))
    .digest('hex')
  return hash.slice(0, 12)
}
