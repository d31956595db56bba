import type { RemovedItemAction, SessionRow, SpeakerLink, SpeakerRow } from '@event-service/db'
import { SCHEDULE_SESSION_FIELDS } from '@event-service/server-common'
import { SPEAKER_DETAILS, type SourceSystem } from './formats/imported-schedule.ts'
import type { FittedSchedule, SessionValues, SpeakerValues } from './fit-schedule.ts'

/** What an import does to one item. */
export type PlanAction = 'created' | 'updated' | 'cancelled' | 'deleted'
export const PLAN_ACTIONS = ['created', 'updated', 'cancelled', 'deleted', 'unchanged'] as const

/** One change, as the plan lists it (unchanged items are only counted). */
export interface PlannedChange {
  action: PlanAction
  kind: 'session' | 'speaker'
  /** Our id; null for an item still to be created. */
  id: string | null
  source_id: string
  title: string
  /** The fields an update changes. */
  fields: string[]
}

type Counts = { sessions: number; speakers: number }

/** What an import does (or did): counts per action and kind, the changes, and what it left out. */
export interface ImportPlan {
  created: Counts
  updated: Counts
  cancelled: Counts
  deleted: Counts
  unchanged: Counts
  /** The event's own fields it changes (time zone, dates, rooms, tracks). */
  event: { fields: string[] }
  changes: PlannedChange[]
  skipped: { item: string; reason: string }[]
}

/** The event's data an import compares with. */
export interface CurrentEvent {
  id: string
  timezone: string
  starts_at: Date
  ends_at: Date
  rooms: string[]
  tracks: string[]
}

export type CurrentSession = Pick<
  SessionRow,
  | 'id'
  | 'source'
  | 'source_id'
  | 'title'
  | 'description'
  | 'starts_at'
  | 'ends_at'
  | 'room'
  | 'track'
  | 'format'
  | 'language'
  | 'tags'
  | 'slides_url'
  | 'recording_url'
  | 'cancelled'
> & { speaker_ids: string[] }

export type CurrentSpeaker = Pick<SpeakerRow, 'id' | 'source' | 'source_id' | 'email' | 'name' | 'bio' | 'photo_url' | 'links' | 'status'>

/** A speaker to write: a new one, or one of ours with the fields that change. */
export type SpeakerWrite =
  | { kind: 'create'; values: SpeakerValues }
  | { kind: 'update'; id: string; values: SpeakerValues; fields: string[] }
  | { kind: 'remove'; id: string; action: 'withdraw' | 'delete' }

/** A session to write; `speakers` are source ids of speakers, resolved to ours when written. */
export type SessionWrite =
  | { kind: 'create'; values: SessionValues }
  | { kind: 'update'; id: string; values: SessionValues; fields: string[]; speakersChanged: boolean }
  | { kind: 'remove'; id: string; action: 'cancel' | 'delete' }

/** The plan, and the writes that carry it out. */
export interface PlannedImport {
  plan: ImportPlan
  event: Partial<Pick<CurrentEvent, 'timezone' | 'starts_at' | 'ends_at' | 'rooms' | 'tracks'>>
  speakers: SpeakerWrite[]
  /** Our id of each speaker already ours, by source id (new ones are added when written). */
  speakerIds: Map<string, string>
  sessions: SessionWrite[]
}

/** The fields of a session an import compares and writes: those the formats carry. */
export const SESSION_FIELDS = SCHEDULE_SESSION_FIELDS

/** The fields of a speaker an import compares and writes (with `email` when the source has one). */
export const SPEAKER_FIELDS = ['name', ...SPEAKER_DETAILS] as const

const same = (a: unknown, b: unknown): boolean => {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime()
  if (Array.isArray(a) || Array.isArray(b) || (typeof a === 'object' && a !== null)) return JSON.stringify(a) === JSON.stringify(b)
  return a === b
}

const linksOf = (links: SpeakerLink[]) => links.map((l) => ({ url: l.url, label: l.label ?? null }))

/** Names in `current` order, then those of `wanted` not yet there, in their order. */
function mergeNames(current: string[], wanted: (string | null)[]): string[] {
  const merged = [...current]
  for (const name of wanted) if (name && !merged.includes(name)) merged.push(name)
  return merged
}

/**
 * The event's days after the import: the source's days (or, when it lists none, its sessions'
 * span), widened to keep every session made by hand or by another source on a day of the event.
 * So an import never strands a session the organiser keeps.
 */
function eventSpan(fitted: FittedSchedule, kept: CurrentSession[], current: CurrentEvent): { starts_at: Date; ends_at: Date } {
  const days = fitted.schedule.conference.days
  const instants = [
    ...(days.length > 0 ? days.flatMap((d) => [d.starts_at, d.ends_at]) : fitted.sessions.flatMap((s) => [s.starts_at, s.ends_at])),
    ...kept.flatMap((s) => [s.starts_at, s.ends_at]),
  ].map((d) => d.getTime())
  if (instants.length === 0) return current
  return { starts_at: new Date(Math.min(...instants)), ends_at: new Date(Math.max(...instants)) }
}

/**
 * Compares the fitted schedule with the event and says what to write: sessions and speakers of
 * the same source system are matched by source id (speakers then by email, which links a speaker
 * made by hand to the source); those the source no longer has are cancelled (speakers withdrawn)
 * or deleted, as `removed` says; everything else, made by hand or from another system, stays.
 */
export function planImport(
  current: { event: CurrentEvent; sessions: CurrentSession[]; speakers: CurrentSpeaker[] },
  fitted: FittedSchedule,
  system: SourceSystem,
  removed: RemovedItemAction,
): PlannedImport {
  const counts = (): Counts => ({ sessions: 0, speakers: 0 })
  const plan: ImportPlan = {
    created: counts(),
    updated: counts(),
    cancelled: counts(),
    deleted: counts(),
    unchanged: counts(),
    event: { fields: [] },
    changes: [],
    skipped: fitted.skipped,
  }
  const note = (action: PlanAction | 'unchanged', kind: 'session' | 'speaker', change: Omit<PlannedChange, 'action' | 'kind'>) => {
    plan[action][kind === 'session' ? 'sessions' : 'speakers']++
    if (action !== 'unchanged') plan.changes.push({ action, kind, ...change })
  }

  // Speakers: their name, and the details the format carries (the others stay as they are).
  const carried: readonly string[] = fitted.schedule.speakerDetails
  const speakerFields = SPEAKER_FIELDS.filter((f) => f === 'name' || carried.includes(f))
  const ours = current.speakers.filter((s) => s.source === system && s.source_id !== null)
  const bySourceId = new Map(ours.map((s) => [s.source_id as string, s]))
  const byEmail = new Map(current.speakers.filter((s) => s.email).map((s) => [(s.email as string).toLowerCase(), s]))
  const speakerIds = new Map<string, string>()
  const speakers: SpeakerWrite[] = []
  const matchedSpeakers = new Set<string>()
  for (const values of fitted.speakers) {
    const match = bySourceId.get(values.source_id) ?? (values.email ? byEmail.get(values.email.toLowerCase()) : undefined)
    if (!match || matchedSpeakers.has(match.id)) {
      speakers.push({ kind: 'create', values })
      note('created', 'speaker', { id: null, source_id: values.source_id, title: values.name, fields: [] })
      continue
    }
    matchedSpeakers.add(match.id)
    speakerIds.set(values.source_id, match.id)
    const fields: string[] = speakerFields.filter((f) =>
      f === 'links' ? !same(linksOf(match.links), values.links) : !same(match[f], values[f]),
    )
    if (values.email && match.email?.toLowerCase() !== values.email.toLowerCase()) fields.push('email')
    if (match.source !== system || match.source_id !== values.source_id) fields.push('source_id')
    if (fields.length === 0) {
      note('unchanged', 'speaker', { id: match.id, source_id: values.source_id, title: values.name, fields })
      continue
    }
    speakers.push({ kind: 'update', id: match.id, values, fields })
    note('updated', 'speaker', {
      id: match.id,
      source_id: values.source_id,
      title: values.name,
      fields: fields.filter((f) => f !== 'source_id'),
    })
  }
  for (const gone of ours.filter((s) => !matchedSpeakers.has(s.id))) {
    if (removed === 'delete') {
      speakers.push({ kind: 'remove', id: gone.id, action: 'delete' })
      note('deleted', 'speaker', { id: gone.id, source_id: gone.source_id as string, title: gone.name, fields: [] })
    } else if (gone.status !== 'withdrawn') {
      speakers.push({ kind: 'remove', id: gone.id, action: 'withdraw' })
      note('cancelled', 'speaker', { id: gone.id, source_id: gone.source_id as string, title: gone.name, fields: ['status'] })
    }
  }

  // Sessions.
  const ourSessions = new Map(
    current.sessions.filter((s) => s.source === system && s.source_id !== null).map((s) => [s.source_id as string, s]),
  )
  const sessions: SessionWrite[] = []
  const seen = new Set<string>()
  for (const values of fitted.sessions) {
    const match = ourSessions.get(values.source_id)
    if (!match) {
      sessions.push({ kind: 'create', values })
      note('created', 'session', { id: null, source_id: values.source_id, title: values.title, fields: [] })
      continue
    }
    seen.add(match.id)
    const fields: string[] = SESSION_FIELDS.filter((f) => !same(match[f], values[f]))
    const wantedSpeakers = values.speaker_ids.map((id) => speakerIds.get(id) ?? `new:${id}`)
    const speakersChanged = !same(match.speaker_ids, wantedSpeakers)
    if (speakersChanged) fields.push('speakers')
    if (fields.length === 0) {
      note('unchanged', 'session', { id: match.id, source_id: values.source_id, title: values.title, fields })
      continue
    }
    sessions.push({ kind: 'update', id: match.id, values, fields, speakersChanged })
    note('updated', 'session', { id: match.id, source_id: values.source_id, title: values.title, fields })
  }
  const gone = [...ourSessions.values()].filter((s) => !seen.has(s.id))
  for (const session of gone) {
    if (removed === 'delete') {
      sessions.push({ kind: 'remove', id: session.id, action: 'delete' })
      note('deleted', 'session', { id: session.id, source_id: session.source_id as string, title: session.title, fields: [] })
    } else if (!session.cancelled) {
      sessions.push({ kind: 'remove', id: session.id, action: 'cancel' })
      note('cancelled', 'session', { id: session.id, source_id: session.source_id as string, title: session.title, fields: ['cancelled'] })
    }
  }

  // The event: the source's zone and days, and its rooms and tracks after the organiser's own.
  const kept = current.sessions.filter((s) => !(s.source === system && s.source_id !== null && (seen.has(s.id) || removed === 'delete')))
  const event: PlannedImport['event'] = {}
  const timezone = fitted.schedule.conference.timezone
  if (timezone && timezone !== current.event.timezone) event.timezone = timezone
  const span = eventSpan(fitted, kept, current.event)
  if (!same(span.starts_at, current.event.starts_at)) event.starts_at = span.starts_at
  if (!same(span.ends_at, current.event.ends_at)) event.ends_at = span.ends_at
  const rooms = mergeNames(current.event.rooms, [...fitted.schedule.rooms, ...fitted.sessions.map((s) => s.room)])
  if (!same(rooms, current.event.rooms)) event.rooms = rooms
  const tracks = mergeNames(current.event.tracks, [...fitted.schedule.tracks, ...fitted.sessions.map((s) => s.track)])
  if (!same(tracks, current.event.tracks)) event.tracks = tracks
  plan.event.fields = Object.keys(event)

  return { plan, event, speakers, speakerIds, sessions }
}
