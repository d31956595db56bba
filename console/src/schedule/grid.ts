/**
 * Geometry of one day's grid: rows of 5 minutes from a start instant. Rows count real time, not
 * wall-clock minutes, so a day on which the clocks change has one hour more or fewer rows and
 * its labels say what the clocks show (02:00 twice in autumn).
 */
import { addDays, instantAt, wallTime } from '../time/zoned-time.ts'

export const SLOT_MINUTES = 5
export const SLOT_MS = SLOT_MINUTES * 60_000

export interface DayGrid {
  day: string
  timeZone: string
  /** Instant of the first row's top edge. */
  startMs: number
  /** Instant of the last row's bottom edge. */
  endMs: number
  rows: number
}

export interface Span {
  startMs: number
  endMs: number
}

export interface GridOptions {
  /** Wall-clock minutes the grid spans at least (default 08:00–20:00). */
  from?: number
  to?: number
}

const HOUR = 60

/**
 * The grid of `day`: 08:00–20:00 by default, grown to whole hours around the sessions that touch
 * the day, within its midnights.
 */
export function dayGrid(day: string, timeZone: string, sessions: readonly Span[], options: GridOptions = {}): DayGrid {
  const { from = 8 * HOUR, to = 20 * HOUR } = options
  const dayStart = instantAt(day, 0, timeZone)
  const dayEnd = instantAt(addDays(day, 1), 0, timeZone)
  let startMs = instantAt(day, from, timeZone)
  let endMs = instantAt(day, to, timeZone)
  for (const s of sessions) {
    const start = Math.max(s.startMs, dayStart)
    const end = Math.min(Math.max(s.endMs, s.startMs), dayEnd)
    if (start >= dayEnd || end < dayStart) continue
    startMs = Math.min(startMs, instantAt(day, Math.floor(wallTime(start, timeZone).minutes / HOUR) * HOUR, timeZone))
    const endWall = wallTime(end, timeZone)
    const endHour = end >= dayEnd || endWall.day !== day ? dayEnd : instantAt(day, Math.ceil(endWall.minutes / HOUR) * HOUR, timeZone)
    endMs = Math.max(endMs, endHour)
  }
  startMs = Math.max(startMs, dayStart)
  endMs = Math.min(endMs, dayEnd)
  return { day, timeZone, startMs, endMs, rows: Math.ceil((endMs - startMs) / SLOT_MS) }
}

/** The instant at the top of `row`. */
export function instantOfRow(grid: DayGrid, row: number): number {
  return grid.startMs + row * SLOT_MS
}

/** The nearest instant on the grid's 5-minute steps. */
export function snap(grid: DayGrid, ms: number): number {
  return grid.startMs + Math.round((ms - grid.startMs) / SLOT_MS) * SLOT_MS
}

/** The row a pointer at `offset` rows from the top falls in, within the grid. */
export function rowAt(grid: DayGrid, offset: number): number {
  return Math.min(grid.rows - 1, Math.max(0, Math.floor(offset)))
}

/**
 * First row and row count of a card, clipped to the grid: a session that began the day before or
 * runs past the grid is drawn to its edge, and a session shorter than a row still gets one.
 */
export function cardRows(grid: DayGrid, span: Span): { row: number; span: number } {
  const start = Math.min(Math.max(span.startMs, grid.startMs), grid.endMs - SLOT_MS)
  const end = Math.min(Math.max(span.endMs, start), grid.endMs)
  const row = Math.floor((start - grid.startMs) / SLOT_MS)
  const last = Math.ceil((end - grid.startMs) / SLOT_MS)
  return { row, span: Math.max(1, last - row) }
}

/** Rows that start a labelled time: every `every` wall-clock minutes (30 or 60). */
export function timeLabels(grid: DayGrid, every = 30): { row: number; ms: number; hour: boolean }[] {
  const labels: { row: number; ms: number; hour: boolean }[] = []
  for (let row = 0; row < grid.rows; row++) {
    const ms = instantOfRow(grid, row)
    const { minutes } = wallTime(ms, grid.timeZone)
    if (minutes % every === 0) labels.push({ row, ms, hour: minutes % 60 === 0 })
  }
  return labels
}
