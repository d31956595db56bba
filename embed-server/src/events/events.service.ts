import { PUBLIC_SPEAKER_STATUSES, placesTaken, type Database, type Question, type Ticket } from '@event-service/db'
import { notFound } from '@event-service/server-common'
import { dayKey } from '@event-service/widgets/datetime'
import type { Kysely } from 'kysely'
import type { EmbedCache } from '../cache/embed-cache.ts'
import type { TokenLookup } from '../tokens/token-store.ts'
import {
  presentEvent,
  presentSession,
  presentSessionSpeaker,
  presentSpeaker,
  presentSpeakerSession,
  type PublicEvent,
  type PublicSession,
  type PublicSessionSpeaker,
  type PublicSpeaker,
} from './events.presenter.ts'
import type { SerializedBody } from './serialized-body.ts'

/**
 * Everything public about one event, loaded at once and cached until the event, its sessions or
 * its speakers change. Answers are serialised once per variant (`responses`), so a cached read
 * only writes bytes.
 */
export interface EventData {
  /** Owner of the event, for registrations; never presented. */
  accountId: string
  event: PublicEvent
  /** Ordered by start, room, title. */
  sessions: PublicSession[]
  /** `YYYY-MM-DD` of each session's start in the event's time zone (same index as `sessions`). */
  sessionDays: string[]
  /** What the calendar feed says of each session beyond its public fields (same index as `sessions`). */
  sessionVersions: SessionVersion[]
  /**
   * Each session's `number` (same index as `sessions`): frab's integer `id` in the schedule exports
   * (`schedule.json`, `schedule.xml`). Never presented: `PublicSession` is strict and has no such field.
   */
  sessionNumbers: number[]
  sessionsById: Map<string, PublicSession>
  /** Public speakers only, ordered by name. */
  speakers: PublicSpeaker[]
  speakersById: Map<string, PublicSpeaker>
  ticketIds: Set<string>
  /** The tickets and questions as stored, for validating registrations (capacity is checked under a lock, not here). */
  tickets: Ticket[]
  questions: Question[]
  responses: Map<string, SerializedBody>
}

/** How far a session has changed, for the calendar feed's SEQUENCE, DTSTAMP and LAST-MODIFIED. */
export interface SessionVersion {
  /** Grows by one with each change of the session's own fields (a database trigger keeps it). */
  sequence: number
  updatedAt: Date
}

/** A filter of the session list: each given one must match. */
export interface SessionFilter {
  /** `YYYY-MM-DD` of the start in the event's time zone. */
  day?: string | undefined
  /** Exact track. */
  track?: string | undefined
  /** One of the session's tags, exactly. */
  tag?: string | undefined
  /** Lower-cased BCP 47 language range: matches it and its variants (`pt` matches `pt-BR`, RFC 4647 basic filtering). */
  language?: string | undefined
}

/** Keys of the serialised answers in `EventData.responses`, for the routes and the hot path alike. */
export const responseKey = {
  event: () => 'event',
  sessions: (filter: SessionFilter = {}) =>
    `sessions\n${filter.day ?? ''}\n${filter.track ?? '\u0000'}\n${filter.tag ?? '\u0000'}\n${filter.language ?? ''}`,
  session: (sessionId: string) => `session\n${sessionId}`,
  speakers: () => 'speakers',
  speaker: (speakerId: string) => `speaker\n${speakerId}`,
  scheduleFeed: () => 'schedule.ics',
  /** An element's first screen, by the API root its links point at and its attributes as validated (those not given left out). */
  firstScreen: (element: string, apiRoot: string, attrs: Record<string, string | undefined>) =>
    `first-screen\n${element}\n${apiRoot}\n${JSON.stringify(Object.entries(attrs).filter((entry) => entry[1] !== undefined))}`,
  sessionCalendar: (sessionId: string) => `session.ics\n${sessionId}`,
  /** A visitor's agenda: the ids asked, sorted and unique, so that one agenda is one answer. */
  agendaCalendar: (sessionIds: readonly string[]) => `agenda.ics\n${sessionIds.join(',')}`,
  /** The c3voc schedule export (`json` or `xml`), by the embed API root its session URLs name. */
  scheduleExport: (format: 'json' | 'xml', apiRoot: string) => `schedule.${format}\n${apiRoot}`,
}

/**
 * The event's public data: from the cache when it is known to hold every change committed before
 * this request (`cacheCurrent`), else loaded (and cached when still current).
 */
export function eventDataOf(
  db: Kysely<Database>,
  cache: EmbedCache<TokenLookup, EventData>,
  eventId: string,
  cacheCurrent: boolean,
): EventData | Promise<EventData> {
  return (cacheCurrent && cache.events.get(eventId)) || cache.events.getOrLoad(eventId, () => loadEventData(db, eventId), cacheCurrent)
}

/** Loads the public data of an event (five queries); 404 `NOT_FOUND` when there is no such event. */
export async function loadEventData(db: Kysely<Database>, eventId: string): Promise<EventData> {
  const [event, sessions, speakers, links, taken] = await Promise.all([
    db
      .selectFrom('events')
      .select([
        'id',
        'account_id',
        'name',
        'description',
        'timezone',
        'starts_at',
        'ends_at',
        'venue',
        'tickets',
        'questions',
        'privacy_notice',
      ])
      .where('id', '=', eventId)
      .executeTakeFirst(),
    db
      .selectFrom('sessions')
      .select([
        'id',
        'title',
        'description',
        'starts_at',
        'ends_at',
        'track',
        'room',
        'format',
        'level',
        'language',
        'tags',
        'slides_url',
        'recording_url',
        'cancelled',
        'sequence',
        'updated_at',
        'number',
      ])
      .where('event_id', '=', eventId)
      .orderBy('starts_at')
      .orderBy('room')
      .orderBy('title')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('speakers')
      .select(['id', 'name', 'title', 'company', 'bio', 'photo_url', 'links'])
      .where('event_id', '=', eventId)
      .where('status', 'in', PUBLIC_SPEAKER_STATUSES)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('session_speakers as ss')
      .innerJoin('sessions as s', 's.id', 'ss.session_id')
      .select(['ss.session_id', 'ss.speaker_id'])
      .where('s.event_id', '=', eventId)
      .orderBy('ss.position')
      .orderBy('ss.speaker_id')
      .execute(),
    // Registrations notify the cache too (a migration's trigger), so `sold_out` is never stale.
    placesTaken(db, eventId),
  ])
  if (!event) throw notFound('Event')

  // Only public speakers are known here, so a non-public one cannot appear even as an id.
  const speakerCards = new Map<string, PublicSessionSpeaker>(speakers.map((s) => [s.id, presentSessionSpeaker(s)]))
  const speakersOfSession = new Map<string, PublicSessionSpeaker[]>()
  for (const link of links) {
    const card = speakerCards.get(link.speaker_id)
    if (!card) continue
    const list = speakersOfSession.get(link.session_id)
    if (list) list.push(card)
    else speakersOfSession.set(link.session_id, [card])
  }
  const publicSessions = sessions.map((row) => presentSession(row, speakersOfSession.get(row.id) ?? []))
  const sessionsById = new Map(publicSessions.map((s) => [s.id, s]))

  const sessionsOfSpeaker = new Map<string, PublicSession[]>()
  for (const session of publicSessions) {
    for (const sp of session.speakers) {
      const list = sessionsOfSpeaker.get(sp.id)
      if (list) list.push(session)
      else sessionsOfSpeaker.set(sp.id, [session])
    }
  }
  const publicSpeakers = speakers.map((row) => presentSpeaker(row, (sessionsOfSpeaker.get(row.id) ?? []).map(presentSpeakerSession)))

  const presented = presentEvent(event, taken)
  return {
    accountId: event.account_id,
    event: presented,
    sessions: publicSessions,
    // The day tabs' own key, so that `?day=` finds what the widgets show on that tab.
    sessionDays: sessions.map((s) => dayKey(s.starts_at.getTime(), event.timezone)),
    sessionVersions: sessions.map((s) => ({ sequence: s.sequence, updatedAt: s.updated_at })),
    sessionNumbers: sessions.map((s) => s.number),
    sessionsById,
    speakers: publicSpeakers,
    speakersById: new Map(publicSpeakers.map((s) => [s.id, s])),
    ticketIds: new Set(presented.tickets.map((t) => t.id)),
    tickets: Array.isArray(event.tickets) ? event.tickets : [],
    questions: Array.isArray(event.questions) ? event.questions : [],
    responses: new Map(),
  }
}

/** Whether a session's language tag falls in a lower-cased language range (RFC 4647 basic filtering). */
const inLanguage = (tag: string | null, range: string) => {
  const t = tag?.toLowerCase()
  return t !== undefined && (t === range || t.startsWith(`${range}-`))
}

/** Sessions of one day (`YYYY-MM-DD` in the event's zone), track, tag and/or language. */
export function filterSessions(data: EventData, filter: SessionFilter): PublicSession[] {
  const { day, track, tag, language } = filter
  if (!day && track === undefined && tag === undefined && !language) return data.sessions
  return data.sessions.filter(
    (s, i) =>
      (!day || data.sessionDays[i] === day) &&
      (track === undefined || s.track === track) &&
      (tag === undefined || s.tags.includes(tag)) &&
      (!language || inLanguage(s.language, language)),
  )
}
