import { describe, expect, it } from 'vitest'
import { dayGrid } from './grid.ts'
import { applyStep, keyIntent } from './keyboard.ts'

const key = (k: string, mods: { shiftKey?: boolean; altKey?: boolean; ctrlKey?: boolean } = {}) => ({
  key: k,
  shiftKey: false,
  altKey: false,
  ...mods,
})

describe('keyboard intents', () => {
  it('picks up with Space or Enter, and only then moves', () => {
    expect(keyIntent(key(' '), false)).toEqual({ type: 'pickup' })
    expect(keyIntent(key('Enter'), false)).toEqual({ type: 'pickup' })
    expect(keyIntent(key('ArrowDown'), false)).toBeUndefined()
    expect(keyIntent(key('Tab'), true)).toBeUndefined()
  })

  it('moves, resizes, drops and cancels while carrying', () => {
    expect(keyIntent(key('ArrowDown'), true)).toEqual({ type: 'move', minutes: 5, columns: 0 })
    expect(keyIntent(key('ArrowUp', { shiftKey: true }), true)).toEqual({ type: 'move', minutes: -30, columns: 0 })
    expect(keyIntent(key('ArrowRight'), true)).toEqual({ type: 'move', minutes: 0, columns: 1 })
    expect(keyIntent(key('ArrowLeft'), true)).toEqual({ type: 'move', minutes: 0, columns: -1 })
    expect(keyIntent(key('ArrowDown', { altKey: true }), true)).toEqual({ type: 'resize', minutes: 5 })
    expect(keyIntent(key('ArrowUp', { altKey: true, shiftKey: true }), true)).toEqual({ type: 'resize', minutes: -30 })
    expect(keyIntent(key('ArrowLeft', { altKey: true }), true)).toBeUndefined()
    expect(keyIntent(key(' '), true)).toEqual({ type: 'drop' })
    expect(keyIntent(key('Enter'), true)).toEqual({ type: 'drop' })
    expect(keyIntent(key('Escape'), true)).toEqual({ type: 'cancel' })
    expect(keyIntent(key('ArrowDown', { ctrlKey: true }), true)).toBeUndefined()
  })
})

describe('keyboard steps', () => {
  const grid = dayGrid('2026-06-10', 'UTC', []) // 08:00–20:00 UTC
  const t = (hhmm: string) => Date.parse(`2026-06-10T${hhmm}:00Z`)
  const at = { startMs: t('09:00'), endMs: t('09:30'), column: 1 }

  it('moves by 5 or 30 minutes and one room, keeping the length', () => {
    expect(applyStep(grid, 3, at, { type: 'move', minutes: 5, columns: 0 })).toEqual({ startMs: t('09:05'), endMs: t('09:35'), column: 1 })
    expect(applyStep(grid, 3, at, { type: 'move', minutes: -30, columns: 0 })).toEqual({
      startMs: t('08:30'),
      endMs: t('09:00'),
      column: 1,
    })
    expect(applyStep(grid, 3, at, { type: 'move', minutes: 0, columns: 1 })).toEqual({ ...at, column: 2 })
  })

  it('stops at the grid’s edges and outer columns', () => {
    expect(applyStep(grid, 3, { ...at, column: 2 }, { type: 'move', minutes: 0, columns: 1 }).column).toBe(2)
    expect(applyStep(grid, 3, { ...at, column: 0 }, { type: 'move', minutes: 0, columns: -1 }).column).toBe(0)
    expect(applyStep(grid, 3, { startMs: t('08:10'), endMs: t('08:40'), column: 0 }, { type: 'move', minutes: -30, columns: 0 })).toEqual({
      startMs: t('08:00'),
      endMs: t('08:30'),
      column: 0,
    })
    expect(applyStep(grid, 3, { startMs: t('19:20'), endMs: t('19:50'), column: 0 }, { type: 'move', minutes: 30, columns: 0 })).toEqual({
      startMs: t('19:30'),
      endMs: t('20:00'),
      column: 0,
    })
  })

  it('snaps an off-step start before moving', () => {
    expect(
      applyStep(grid, 3, { startMs: t('09:02'), endMs: t('09:32'), column: 0 }, { type: 'move', minutes: 5, columns: 0 }).startMs,
    ).toBe(t('09:05'))
  })

  it('resizes the end, keeping at least 5 minutes and within the grid', () => {
    expect(applyStep(grid, 3, at, { type: 'resize', minutes: 30 })).toEqual({ ...at, endMs: t('10:00') })
    expect(applyStep(grid, 3, at, { type: 'resize', minutes: -30 })).toEqual({ ...at, endMs: t('09:05') })
    expect(applyStep(grid, 3, { ...at, endMs: t('19:50') }, { type: 'resize', minutes: 30 }).endMs).toBe(t('20:00'))
  })
})
