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

/**
 * Grid row granularity in minutes: 5, or 1 on a day where a session starts or ends between
 * (`DayLayout.slot`), so that every card sits at its own minute.
 */
export const SLOT_MINUTES = 5

/**
 * The steps the time column labels at, in minutes, finest first. The finest is 15 minutes of rows
 * (at least 1.8rem, `--_minute` in the styles): room for a label's line, where a label at each
 * 5-minute row would overlap the next (and on 300 sessions labelled nearly every row).
 */
export const LABEL_STEPS = [15, 30, 60] as const

/**
 * The step the time column of a day labels at: the coarsest at which every session starts on a
 * label (a day of talks on the hour gets one an hour), else the finest. Cards are placed at their
 * own minute whatever the labels.
 */
export function labelStep(starts: number[]): number {
  return [...LABEL_STEPS].reverse().find((step) => starts.every((m) => m % step === 0)) ?? LABEL_STEPS[0]
}

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
  /** The time column's labels (every `labelStep`) with the grid row each labels and its instant. */
  times: { minutes: number; row: number; at: number }[]
  first: number
  last: number
  rows: number
  /** Minutes per grid row. */
  slot: number
}

/**
 * Places one day's items in a grid: a column per room (or track) and a row per 5 minutes (or per
 * minute, `SLOT_MINUTES`), the first row being the column headings, with the time column labelled
 * every `labelStep` minutes. Sessions without a room (breaks, lunch) span every column.
 */
export function layoutDay(items: ScheduleItem[], groupBy: 'room' | 'track'): DayLayout {
  const key = (it: ScheduleItem) => it.session[groupBy]
  const columns = [...new Set(items.map(key))].filter((c): c is string => c !== null).sort(byName)
  const first = Math.floor(Math.min(...items.map((i) => i.start)) / 30) * 30
  const last = Math.max(...items.map((i) => i.end))
  const slot = items.every((i) => i.start % SLOT_MINUTES === 0 && i.end % SLOT_MINUTES === 0) ? SLOT_MINUTES : 1
  const rowOf = (minutes: number) => Math.floor((minutes - first) / slot) + 2
  const placed = items.map((item) => ({
    item,
    row: rowOf(item.start),
    span: Math.max(1, Math.ceil((item.end - item.start) / slot)),
    // 0 means "all columns".
    column: key(item) === null ? 0 : columns.indexOf(key(item)!) + 2,
  }))
  const step = labelStep(items.map((i) => i.start))
  // A label's instant from the day's first session's, minutes on: formatted in the display zone.
  const [earliest] = items
  const instant = (minutes: number) => Date.parse(earliest!.session.starts_at) + (minutes - earliest!.start) * 60_000
  const times: DayLayout['times'] = []
  for (let m = Math.ceil(first / step) * step; m < last; m += step) times.push({ minutes: m, row: rowOf(m), at: instant(m) })
  return { columns, placed, times, first, last, rows: rowOf(last) - 1, slot }
}

/** Grid row of a moment in minutes, or undefined when it falls outside the day's grid. */
export function rowOfNow(layout: DayLayout, minutes: number): number | undefined {
  if (minutes < layout.first || minutes > layout.last) return undefined
  return Math.floor((minutes - layout.first) / layout.slot) + 2
}
