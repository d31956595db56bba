import { describe, expect, it } from 'vitest'
import { dragMove, dragResize, slotAt } from './drag.ts'
import { dayGrid } from './grid.ts'

const grid = dayGrid('2026-06-10', 'UTC', []) // 08:00–20:00, 144 rows
const t = (hhmm: string) => Date.parse(`2026-06-10T${hhmm}:00Z`)
const origin = { startMs: t('09:00'), endMs: t('09:45'), column: 0 }

describe('pointer drags', () => {
  it('moves a card with the pointer, keeping where it was taken and its length', () => {
    // Taken 2 rows below its top; the pointer is at row 26.4 (10:12): the top goes to row 24 (10:00).
    expect(dragMove(grid, 3, origin, 2, { column: 2, row: 26.4 })).toEqual({ startMs: t('10:00'), endMs: t('10:45'), column: 2 })
    expect(dragMove(grid, 3, origin, 0, { column: 1, row: 24.6 })).toEqual({ startMs: t('10:05'), endMs: t('10:50'), column: 1 })
  })

  it('keeps a dragged card on the grid', () => {
    expect(dragMove(grid, 3, origin, 0, { column: 0, row: -10 }).startMs).toBe(t('08:00'))
    expect(dragMove(grid, 3, origin, 0, { column: 0, row: 200 })).toEqual({ startMs: t('19:15'), endMs: t('20:00'), column: 0 })
  })

  it('resizes to the nearest step, never shorter than 5 minutes nor past the grid', () => {
    expect(dragResize(grid, origin, 22.4)).toEqual({ ...origin, endMs: t('09:50') })
    expect(dragResize(grid, origin, 3)).toEqual({ ...origin, endMs: t('09:05') })
    expect(dragResize(grid, origin, 500).endMs).toBe(t('20:00'))
  })

  it('offers the quarter hour above a click for a new session, 30 minutes long', () => {
    expect(slotAt(grid, 13.7)).toEqual({ startMs: t('09:00'), endMs: t('09:30') })
    expect(slotAt(grid, 16)).toEqual({ startMs: t('09:15'), endMs: t('09:45') })
    expect(slotAt(grid, 143.5)).toEqual({ startMs: t('19:45'), endMs: t('20:00') })
    expect(slotAt(grid, -1).startMs).toBe(t('08:00'))
  })
})
