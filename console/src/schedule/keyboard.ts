/**
 * The keyboard's drag and drop of a card, as accessible drag-and-drop libraries do it: Space or
 * Enter picks a focused card up, arrows move it (↑↓ 5 minutes, ←→ one room; with Shift 30
 * minutes), Alt+↑↓ shortens or lengthens it (with Shift by 30 minutes), Space or Enter drops it
 * and Escape puts it back.
 */
import { type DayGrid, SLOT_MINUTES, SLOT_MS, snap } from './grid.ts'

export type KeyIntent =
  | { type: 'pickup' }
  | { type: 'drop' }
  | { type: 'cancel' }
  | { type: 'move'; minutes: number; columns: number }
  | { type: 'resize'; minutes: number }

export interface KeyInput {
  key: string
  shiftKey: boolean
  altKey: boolean
  ctrlKey?: boolean
  metaKey?: boolean
}

export const LARGE_STEP_MINUTES = 30

/** What a key does to a card, carried or not; undefined: the key is not ours (Tab, letters). */
export function keyIntent(input: KeyInput, carrying: boolean): KeyIntent | undefined {
  // Browser and system shortcuts stay theirs.
  if (input.ctrlKey || input.metaKey) return undefined
  const isSelect = input.key === ' ' || input.key === 'Enter'
  if (!carrying) return isSelect && !input.altKey && !input.shiftKey ? { type: 'pickup' } : undefined
  if (isSelect) return { type: 'drop' }
  if (input.key === 'Escape') return { type: 'cancel' }
  const step = input.shiftKey ? LARGE_STEP_MINUTES : SLOT_MINUTES
  const vertical = input.key === 'ArrowUp' ? -1 : input.key === 'ArrowDown' ? 1 : 0
  if (input.altKey) return vertical ? { type: 'resize', minutes: vertical * step } : undefined
  if (vertical) return { type: 'move', minutes: vertical * step, columns: 0 }
  if (input.key === 'ArrowLeft') return { type: 'move', minutes: 0, columns: -1 }
  if (input.key === 'ArrowRight') return { type: 'move', minutes: 0, columns: 1 }
  return undefined
}

/** A card's place while it is carried: its time and the index of its room column. */
export interface Position {
  startMs: number
  endMs: number
  column: number
}

/**
 * The place a move or resize step leads to, kept on the grid: a move keeps the length and stops at
 * the grid's edges and outer columns; a resize keeps the start and at least one step of length.
 * Times snap to the grid's 5-minute steps first, so a 09:02 session moves to 09:05, not 09:07.
 */
export function applyStep(grid: DayGrid, columnCount: number, at: Position, intent: KeyIntent): Position {
  if (intent.type === 'move') {
    const length = Math.max(at.endMs - at.startMs, 0)
    const latest = Math.max(grid.startMs, grid.endMs - length)
    const startMs = Math.min(Math.max(snap(grid, at.startMs) + intent.minutes * 60_000, grid.startMs), latest)
    const column = Math.min(Math.max(at.column + intent.columns, 0), Math.max(columnCount - 1, 0))
    return { startMs, endMs: startMs + length, column }
  }
  if (intent.type === 'resize') {
    const endMs = Math.min(
      Math.max(snap(grid, at.endMs) + intent.minutes * 60_000, at.startMs + SLOT_MS),
      Math.max(grid.endMs, at.startMs + SLOT_MS),
    )
    return { ...at, endMs }
  }
  return at
}
