import { describe, expect, it } from 'vitest'
import { cardRows, dayGrid, instantOfRow, rowAt, SLOT_MS, snap, timeLabels } from './grid.ts'
import { wallTime } from '../time/zoned-time.ts'

const BERLIN = 'Europe/Berlin'
const at = (iso: string) => Date.parse(iso)
const clock = (ms: number) => wallTime(ms, BERLIN).minutes

describe('day grid', () => {
  it('spans 08:00–20:00 by default, in 5-minute rows', () => {
    const grid = dayGrid('2026-06-10', BERLIN, [])
    expect(new Date(grid.startMs).toISOString()).toBe('2026-06-10T06:00:00.000Z')
    expect(new Date(grid.endMs).toISOString()).toBe('2026-06-10T18:00:00.000Z')
    expect(grid.rows).toBe(12 * 12)
  })

  it('grows to whole hours around sessions outside it, within the day', () => {
    const grid = dayGrid('2026-06-10', BERLIN, [
      { startMs: at('2026-06-10T05:10:00Z'), endMs: at('2026-06-10T06:30:00Z') }, // 07:10 Berlin
      { startMs: at('2026-06-10T19:00:00Z'), endMs: at('2026-06-10T20:20:00Z') }, // to 22:20
    ])
    expect(clock(grid.startMs)).toBe(7 * 60)
    expect(clock(grid.endMs)).toBe(23 * 60)
    const late = dayGrid('2026-06-10', BERLIN, [{ startMs: at('2026-06-10T20:00:00Z'), endMs: at('2026-06-11T01:00:00Z') }])
    expect(new Date(late.endMs).toISOString()).toBe('2026-06-10T22:00:00.000Z') // midnight in Berlin
    const early = dayGrid('2026-06-10', BERLIN, [{ startMs: at('2026-06-09T20:00:00Z'), endMs: at('2026-06-10T01:00:00Z') }])
    expect(new Date(early.startMs).toISOString()).toBe('2026-06-09T22:00:00.000Z')
  })

  it('counts real time on days the clocks change', () => {
    const spring = dayGrid('2026-03-29', BERLIN, [], { from: 0, to: 24 * 60 })
    expect(spring.rows).toBe(23 * 12)
    const autumn = dayGrid('2026-10-25', BERLIN, [], { from: 0, to: 24 * 60 })
    expect(autumn.rows).toBe(25 * 12)
    const hours = timeLabels(autumn, 60).map((l) => clock(l.ms) / 60)
    expect(hours.slice(0, 5)).toEqual([0, 1, 2, 2, 3])
    expect(hours).toHaveLength(25)
  })

  it('converts between rows and instants and snaps to 5 minutes', () => {
    const grid = dayGrid('2026-06-10', BERLIN, [])
    expect(instantOfRow(grid, 12)).toBe(at('2026-06-10T07:00:00Z'))
    expect(snap(grid, at('2026-06-10T07:02:29Z'))).toBe(at('2026-06-10T07:00:00Z'))
    expect(snap(grid, at('2026-06-10T07:02:30Z'))).toBe(at('2026-06-10T07:05:00Z'))
    expect(rowAt(grid, 3.9)).toBe(3)
    expect(rowAt(grid, -2)).toBe(0)
    expect(rowAt(grid, 10_000)).toBe(grid.rows - 1)
  })

  it('places cards on rows, clipped to the grid, at least a row tall', () => {
    const grid = dayGrid('2026-06-10', BERLIN, [])
    expect(cardRows(grid, { startMs: at('2026-06-10T07:00:00Z'), endMs: at('2026-06-10T07:45:00Z') })).toEqual({ row: 12, span: 9 })
    expect(cardRows(grid, { startMs: at('2026-06-10T07:02:00Z'), endMs: at('2026-06-10T07:03:00Z') })).toEqual({ row: 12, span: 1 })
    expect(cardRows(grid, { startMs: at('2026-06-10T17:30:00Z'), endMs: at('2026-06-10T19:00:00Z') })).toEqual({ row: 138, span: 6 })
    expect(cardRows(grid, { startMs: at('2026-06-10T07:00:00Z'), endMs: at('2026-06-10T07:00:00Z') }).span).toBe(1)
  })

  it('labels every half hour, marking the hours', () => {
    const grid = dayGrid('2026-06-10', BERLIN, [])
    const labels = timeLabels(grid)
    expect(labels).toHaveLength(24)
    expect(labels[0]).toEqual({ row: 0, ms: grid.startMs, hour: true })
    expect(labels[1]).toEqual({ row: 6, ms: grid.startMs + 6 * SLOT_MS, hour: false })
  })
})
