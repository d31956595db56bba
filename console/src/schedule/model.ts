/** What the editor derives from the event's sessions: days, room columns, track colours, slots. */
import type { Slot } from './conflicts.ts'
import { daysBetween, wallTime } from '../time/zoned-time.ts'

/** The fields of the API's Session the editor reads. */
export interface ScheduleSession {
  id: string
  title: string
  starts_at: string
  ends_at: string
  room: string | null
  track: string | null
  cancelled: boolean
  speakers: readonly { id: string; name: string }[]
}

/** Room and track names in a stable order, case- and accent-insensitively (as the widgets order them). */
export function byName(a: string, b: string): number {
  const key = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
  const x = key(a)
  const y = key(b)
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0
}

/**
 * The grid's columns: the event's rooms in the organiser's order, then rooms that only sessions
 * name (sorted), then `null`, the column of sessions without a room, which the widgets show across
 * every room (breaks, lunch). Names match exactly, as the API's room filter does.
 */
export function roomColumns(eventRooms: readonly string[], sessions: readonly ScheduleSession[]): (string | null)[] {
  return [
    ...inOrder(
      eventRooms,
      sessions.map((s) => s.room),
    ),
    null,
  ]
}

/** The tracks a session may take: the event's in its order, then those only sessions name. */
export function knownTracks(eventTracks: readonly string[], sessions: readonly ScheduleSession[]): string[] {
  return inOrder(
    eventTracks,
    sessions.map((s) => s.track),
  )
}

function inOrder(listed: readonly string[], named: readonly (string | null)[]): string[] {
  const known = new Set(listed)
  const others = new Set(named.filter((n): n is string => !!n && !known.has(n)))
  return [...listed, ...[...others].sort(byName)]
}

/** Number of track colours in the grid's palette (`--track-0` … `--track-7`). */
export const TRACK_COLOURS = 8

/** Each track's colour index, by the tracks' order, so that up to eight tracks all differ. */
export function trackColours(tracks: readonly string[]): Map<string, number> {
  return new Map(tracks.map((t, i) => [t, i % TRACK_COLOURS]))
}

/**
 * Sessions by the day (in the event's zone) they start on, for the event's days; sessions of other
 * days (a date moved, a typo) are `elsewhere`, listed beside the grid to be dragged onto it.
 */
export function sessionsByDay<T extends ScheduleSession>(
  sessions: readonly T[],
  days: readonly string[],
  timeZone: string,
): { byDay: Map<string, T[]>; elsewhere: T[] } {
  const byDay = new Map<string, T[]>(days.map((d) => [d, []]))
  const elsewhere: T[] = []
  for (const s of sessions) {
    const list = byDay.get(wallTime(Date.parse(s.starts_at), timeZone).day)
    if (list) list.push(s)
    else elsewhere.push(s)
  }
  return { byDay, elsewhere }
}

/** The event's days in its zone: the day tabs. */
export function eventDays(event: { starts_at: string; ends_at: string; timezone: string }): string[] {
  return daysBetween(Date.parse(event.starts_at), Date.parse(event.ends_at), event.timezone)
}

/** A session as conflict detection sees it. */
export function slotOf(s: ScheduleSession): Slot {
  return {
    id: s.id,
    startMs: Date.parse(s.starts_at),
    endMs: Date.parse(s.ends_at),
    room: s.room,
    speakerIds: s.speakers.map((p) => p.id),
    cancelled: s.cancelled,
  }
}
