import type { Session } from '../../api/types.js'
import { wallTime } from '../../format/datetime.js'
import { primaryLanguage } from '../../format/language.js'

/** A session with everything the schedule computes once per data load and time zone. */
export interface ScheduleItem {
  session: Session
  day: string
  /** Minutes since midnight (display zone) of start and end. */
  start: number
  end: number
  /** Lower-cased title and speaker names, for search. */
  text: string
  /** Primary subtag of the session's language ("pt" of "pt-BR"), as the API filters by it. */
  language: string | null
}

export interface ScheduleModel {
  items: ScheduleItem[]
  days: string[]
  tracks: string[]
  rooms: string[]
  tags: string[]
  /** Primary language subtags. */
  languages: string[]
}

/**
 * Orders room and track names case- and accent-insensitively. Not `localeCompare`: its first call
 * builds ICU's collator, some 60 ms of main thread on a slow phone, for a list of a few names.
 */
export function byName(a: string, b: string): number {
  const x = sortKey(a)
  const y = sortKey(b)
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0
}

const sortKey = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** Grid row granularity in minutes. */
export const SLOT_MINUTES = 5

/** Derives days, tracks, rooms and positions from the API's sessions (already ordered by start). */
export function buildModel(sessions: Session[], timeZone: string): ScheduleModel {
  const days = new Set<string>()
  const tracks = new Set<string>()
  const rooms = new Set<string>()
  const tags = new Set<string>()
  const languages = new Set<string>()
  const items = sessions.map((session) => {
    const { day, minutes: start } = wallTime(session.starts_at, timeZone)
    const ends = wallTime(session.ends_at, timeZone)
    // A session that runs past midnight ends, for the grid, at the end of its first day.
    const end = ends.day !== day || ends.minutes <= start ? 24 * 60 : ends.minutes
    days.add(day)
    if (session.track) tracks.add(session.track)
    if (session.room) rooms.add(session.room)
    for (const tag of session.tags) tags.add(tag)
    const language = session.language ? primaryLanguage(session.language) : null
    if (language) languages.add(language)
    const text = [session.title, ...session.speakers.map((s) => s.name)].join('\n').toLowerCase()
    return { session, day, start, end, text, language }
  })
  const sort = (s: Set<string>) => [...s].sort(byName)
  return {
    items,
    days: [...days].sort(),
    tracks: sort(tracks),
    rooms: sort(rooms),
    tags: sort(tags),
    languages: [...languages].sort(),
  }
}

/** What a visitor narrowed the schedule to; empty strings mean "all". */
export interface Filters {
  day?: string | undefined
  track: string
  room: string
  tag: string
  /** A primary language subtag. */
  language: string
  query: string
  only?: Set<string> | undefined
}

/** Items passing the filters; every search word must match the title or a speaker's name. */
export function filterItems(items: ScheduleItem[], f: Filters): ScheduleItem[] {
  const words = f.query.toLowerCase().split(/\s+/).filter(Boolean)
  return items.filter(
    (it) =>
      (!f.day || it.day === f.day) &&
      (!f.track || it.session.track === f.track) &&
      (!f.room || it.session.room === f.room) &&
      (!f.tag || it.session.tags.includes(f.tag)) &&
      (!f.language || it.language === f.language) &&
      (!f.only || f.only.has(it.session.id)) &&
      words.every((w) => it.text.includes(w)),
  )
}

/** How many items pass the filters on each day (days without any are left out). */
export function countByDay(items: ScheduleItem[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const it of items) counts.set(it.day, (counts.get(it.day) ?? 0) + 1)
  return counts
}

/**
 * Whether a filter over `values` is worth showing: it must be able to change what is shown, so
 * two or more values, or one that some sessions do not have.
 */
export function worthFiltering(values: string[], items: ScheduleItem[], has: (it: ScheduleItem, v: string) => boolean): boolean {
  return values.length > 1 || (values.length === 1 && items.some((it) => !has(it, values[0]!)))
}

export interface PlacedItem {
  item: ScheduleItem
  row: number
  span: number
  column: number
}

export interface DayLayout {
  columns: string[]
  placed: PlacedItem[]
  /** Distinct start times with the grid row they label. */
  times: { minutes: number; row: number; iso: string }[]
  first: number
  last: number
  rows: number
}

/**
 * Places one day's items in a grid: a column per room (or track) and a row per 5 minutes, the
 * first row being the column headings. Sessions without a room (breaks, lunch) span every column.
 */
export function layoutDay(items: ScheduleItem[], groupBy: 'room' | 'track'): DayLayout {
  const key = (it: ScheduleItem) => it.session[groupBy]
  const columns = [...new Set(items.map(key))].filter((c): c is string => c !== null).sort(byName)
  const first = Math.floor(Math.min(...items.map((i) => i.start)) / 30) * 30
  const last = Math.max(...items.map((i) => i.end))
  const rowOf = (minutes: number) => Math.floor((minutes - first) / SLOT_MINUTES) + 2
  const placed = items.map((item) => ({
    item,
    row: rowOf(item.start),
    span: Math.max(1, Math.ceil((item.end - item.start) / SLOT_MINUTES)),
    // 0 means "all columns".
    column: key(item) === null ? 0 : columns.indexOf(key(item)!) + 2,
  }))
  const times: DayLayout['times'] = []
  for (const it of items) {
    if (times[times.length - 1]?.minutes !== it.start && !times.some((t) => t.minutes === it.start)) {
      times.push({ minutes: it.start, row: rowOf(it.start), iso: it.session.starts_at })
    }
  }
  return { columns, placed, times, first, last, rows: rowOf(last) - 1 }
}

/** Grid row of a moment in minutes, or undefined when it falls outside the day's grid. */
export function rowOfNow(layout: DayLayout, minutes: number): number | undefined {
  if (minutes < layout.first || minutes > layout.last) return undefined
  return Math.floor((minutes - layout.first) / SLOT_MINUTES) + 2
}
