import type { FieldError } from '@event-service/server-common/api-error.ts'
import type { SpeakerLink } from '@event-service/db'
import { IANAZone } from 'luxon'
import { checkSchedule } from './check-schedule.ts'
import {
  type ImportedDay,
  type ImportedSchedule,
  type ImportedSession,
  type ImportedSpeaker,
  SPEAKER_DETAILS,
  type SourceFormat,
} from './imported-schedule.ts'
import { childPlace, invalidSource } from './source-problems.ts'
import { textOrNull, uniqueValues } from './text-values.ts'

// What frab's JSON and XML (and pretalx's, and the c3voc tools') schedules say, once each reader has
// validated its own shape: the two readers differ in syntax only, so the rules (times, days, ids,
// links) live here once.

/** A link or attachment of an event or person. */
export interface FrabReference {
  url: string
  title: string | null
  /** c3voc `type` (`slides`, `related`, …), when given. */
  type: string | null
}

export interface FrabPerson {
  /** Where it is in the file. */
  place: string
  guid: string | null
  id: string | null
  code: string | null
  name: string
  biography: string | null
  avatar: string | null
  email: string | null
  links: FrabReference[]
}

export interface FrabEvent {
  place: string
  guid: string | null
  id: string | null
  /** ISO date-time with an offset. */
  date: string
  /** ISO date-time with an offset (c3voc JSON from pretalx 2025 on); wins over `duration`. */
  end: string | null
  duration: string
  room: string
  title: string
  abstract: string | null
  description: string | null
  track: string | null
  type: string | null
  language: string | null
  links: FrabReference[]
  attachments: FrabReference[]
  /** A recording's URL the source states outside its links (XML `recording/url`, `video_download_url`). */
  recording_url: string | null
  persons: FrabPerson[]
}

export interface FrabDay {
  place: string
  /** `YYYY-MM-DD`. */
  date: string
  /** ISO date-times with offsets; null when the source leaves them out. */
  start: string | null
  end: string | null
  events: FrabEvent[]
}

export interface FrabSource {
  format: SourceFormat
  /** What the messages call the file: `frab JSON schedule`. */
  what: string
  title: string | null
  time_zone_name: string | null
  /** Base for relative URLs (c3voc `base_url`). */
  base_url: string | null
  /** Rooms and tracks the conference lists, before those its events name. */
  rooms: string[]
  tracks: string[]
  days: FrabDay[]
}

/**
 * `HH:MM`, or `D:HH:MM` for events of a day or more: pretalx writes three parts as days, hours and
 * minutes (`serialize_duration`), frab and the c3voc tools write two. The c3voc XSD's three-part
 * pattern reads like `HH:MM:SS`, but no exporter we know writes seconds, so three parts are read as
 * pretalx means them. Minutes, or null when it is not a duration.
 */
function durationMinutes(duration: string): number | null {
  const match = /^(?:(\d+):)?(\d+):(\d{2})$/.exec(duration.trim())
  if (!match) return null
  const [, days, hours, minutes] = match
  return Number(days ?? 0) * 24 * 60 + Number(hours) * 60 + Number(minutes)
}

/** `HH:MM` or `D:HH:MM`, as the schemas check it. */
export const DURATION_PATTERN = /^\s*(?:\d+:)?\d+:\d{2}\s*$/

/** An ISO date-time with an offset or `Z`, seconds optional (what `Date` reads exactly). */
export const OFFSET_DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/
export const OFFSET_DATE_TIME_MESSAGE = 'must be a date-time with an offset, e.g. 2026-05-01T09:00:00+02:00'

/**
 * Whether a link is the session's slides, or its recording, by its c3voc type (`slides`; `media`,
 * which our own export and media.ccc.de links use for recordings) or its title.
 */
const SLIDES = /\bslides?\b|folien/i
const RECORDING = /^media$|\brecording\b|\bvideo\b|aufzeichnung/i

/**
 * A URL as the source writes it, or resolved against `base_url` when relative (frab attachments are
 * `/system/…`); null when neither gives a URL. Absolute ones are kept as written, so that a re-import
 * compares equal.
 */
function absoluteUrl(url: string | null, base: string | null): string | null {
  const written = url?.trim()
  if (!written) return null
  if (/^[a-z][a-z0-9+.-]*:/i.test(written)) return written
  try {
    return new URL(written, base ?? undefined).href
  } catch {
    return null
  }
}

/**
 * The id a person keeps: its `guid` (frab, c3voc tools, pretalx JSON since 2025), else its numeric
 * `id` as text, else its pretalx `code`. `id` comes before `code` on purpose: pretalx's XML names a
 * speaker by `<person id>` only, and its JSON up to 2024 carries the same `id` beside `code`, so the
 * same pretalx event read as JSON or as XML gives the same speaker ids. (pretalx JSON since 2025 has
 * `guid` and `code` but no `id`, and its XML no guid: those two cannot agree on speakers; the events'
 * guids agree in every version.)
 */
function personSourceId(person: Pick<FrabPerson, 'guid' | 'id' | 'code'>): string | null {
  return textOrNull(person.guid) ?? textOrNull(person.id) ?? textOrNull(person.code)
}

/** An event's id: its `guid`, which frab and pretalx give every event in both JSON and XML, else its `id` as text. */
function eventSourceId(event: Pick<FrabEvent, 'guid' | 'id'>): string | null {
  return textOrNull(event.guid) ?? textOrNull(event.id)
}

function speakerOf(person: FrabPerson, base: string | null): ImportedSpeaker {
  return {
    source_id: personSourceId(person) ?? '',
    name: person.name.trim(),
    email: textOrNull(person.email),
    bio: textOrNull(person.biography),
    photo_url: absoluteUrl(person.avatar, base),
    links: person.links.flatMap((link): SpeakerLink[] => {
      const url = absoluteUrl(link.url, base)
      return url ? [{ url, label: textOrNull(link.title) }] : []
    }),
    place: person.place,
  }
}

/** A person seen again in a later event fills what its first appearance left out (frab XML persons have names only). */
function mergeSpeaker(first: ImportedSpeaker, again: ImportedSpeaker): void {
  first.email ??= again.email
  first.bio ??= again.bio
  first.photo_url ??= again.photo_url
  if (first.links.length === 0) first.links = again.links
}

/** Abstract and description, both kept (frab and pretalx show them as two paragraphs), once when they repeat. */
function descriptionOf(event: FrabEvent): string | null {
  const parts = uniqueValues([textOrNull(event.abstract), textOrNull(event.description)])
  return parts.length > 0 ? parts.join('\n\n') : null
}

function linkUrl(event: FrabEvent, pattern: RegExp, base: string | null): string | null {
  const link = [...event.attachments, ...event.links].find((l) => pattern.test(l.type ?? '') || pattern.test(l.title ?? ''))
  return link ? absoluteUrl(link.url, base) : null
}

/** Whether an instant lies within a day's hours, ends included (pretalx ends days at 03:59, frab at 04:00). */
const within = (at: number, day: FrabDay) =>
  day.start === null || day.end === null || (at >= Date.parse(day.start) && at <= Date.parse(day.end))

/**
 * The neutral schedule of a frab-family source, or SOURCE_INVALID naming the places of events whose
 * times make no sense: a start outside its day's `day_start`…`day_end`, an end before its start.
 */
export function buildFrabSchedule(source: FrabSource): ImportedSchedule {
  const problems: FieldError[] = []
  const speakers = new Map<string, ImportedSpeaker>()
  const sessions: ImportedSession[] = []

  for (const day of source.days) {
    for (const event of day.events) {
      const start = Date.parse(event.date)
      const minutes = durationMinutes(event.duration)
      const end = event.end ? Date.parse(event.end) : start + (minutes ?? 0) * 60_000
      if (!within(start, day)) {
        problems.push({
          path: childPlace(event.place, 'date'),
          message: `starts ${event.date}, outside its day ${day.date} (${day.start} … ${day.end})`,
        })
      }
      for (const person of event.persons) {
        const speaker = speakerOf(person, source.base_url)
        const known = speakers.get(speaker.source_id)
        if (known) mergeSpeaker(known, speaker)
        else speakers.set(speaker.source_id, speaker)
      }
      sessions.push({
        source_id: eventSourceId(event) ?? '',
        title: event.title.trim(),
        description: descriptionOf(event),
        starts_at: new Date(start),
        ends_at: new Date(end),
        room: textOrNull(event.room),
        track: textOrNull(event.track),
        format: textOrNull(event.type),
        language: textOrNull(event.language),
        tags: [],
        slides_url: linkUrl(event, SLIDES, source.base_url),
        recording_url: absoluteUrl(event.recording_url, source.base_url) ?? linkUrl(event, RECORDING, source.base_url),
        // frab and pretalx publish scheduled events only; a cancelled talk leaves the schedule.
        cancelled: false,
        speaker_ids: uniqueValues(event.persons.map(personSourceId)),
        place: event.place,
      })
    }
  }

  const days: ImportedDay[] = source.days.flatMap((day) =>
    day.start && day.end ? [{ date: day.date, starts_at: new Date(day.start), ends_at: new Date(day.end) }] : [],
  )
  const schedule: ImportedSchedule = {
    format: source.format,
    system: 'frab',
    speakerDetails: source.format === 'frab-xml' ? [] : SPEAKER_DETAILS,
    conference: {
      title: textOrNull(source.title),
      timezone: source.time_zone_name && IANAZone.isValidZone(source.time_zone_name) ? source.time_zone_name : null,
      days,
    },
    rooms: uniqueValues([...source.rooms.map(textOrNull), ...sessions.map((s) => s.room)]),
    tracks: uniqueValues([...source.tracks.map(textOrNull), ...sessions.map((s) => s.track)]),
    speakers: [...speakers.values()],
    sessions,
    skipped: [],
  }
  problems.push(...checkSchedule(schedule))
  if (problems.length > 0) throw invalidSource(source.what, problems)
  return schedule
}
