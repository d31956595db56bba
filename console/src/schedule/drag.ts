/**
 * Where a pointer puts things on the grid, from the row (fractional, from the grid's top) and the
 * column it is over: a dragged card, a dragged bottom edge, a click in an empty slot.
 */
import { type DayGrid, SLOT_MS } from './grid.ts'
import { applyStep, type Position } from './keyboard.ts'

/** A click in an empty slot starts the new session on the quarter hour above it. */
const CREATE_STEP_ROWS = 3
export const DEFAULT_LENGTH_MS = 30 * 60_000

/**
 * A card dragged by a point `grabRows` below its top: its start follows the pointer in 5-minute
 * steps, its length stays, and it stays on the grid.
 */
export function dragMove(
  grid: DayGrid,
  columnCount: number,
  origin: Position,
  grabRows: number,
  to: { column: number; row: number },
): Position {
  const length = origin.endMs - origin.startMs
  const startMs = grid.startMs + Math.round(to.row - grabRows) * SLOT_MS
  return applyStep(grid, columnCount, { startMs, endMs: startMs + length, column: to.column }, { type: 'move', minutes: 0, columns: 0 })
}

/** A card's bottom edge dragged to `row`: its end on the nearest step, at least one step after its start. */
export function dragResize(grid: DayGrid, origin: Position, row: number): Position {
  const endMs = Math.min(
    Math.max(grid.startMs + Math.round(row) * SLOT_MS, origin.startMs + SLOT_MS),
    Math.max(grid.endMs, origin.startMs + SLOT_MS),
  )
  return { ...origin, endMs }
}

/** The slot a click at `row` offers a new session: the quarter hour above, 30 minutes, within the grid. */
export function slotAt(grid: DayGrid, row: number): { startMs: number; endMs: number } {
  const startRow = Math.floor(Math.min(Math.max(0, row), grid.rows - 1) / CREATE_STEP_ROWS) * CREATE_STEP_ROWS
  const startMs = grid.startMs + startRow * SLOT_MS
  return { startMs, endMs: Math.min(startMs + DEFAULT_LENGTH_MS, grid.endMs) }
}
