import { describe, expect, it } from 'vitest'
import {
  addDays,
  daysBetween,
  fromLocalInput,
  instantAt,
  isoToLocalInput,
  localInputToIso,
  toLocalInput,
  wallTime,
  zoneOffset,
} from './zoned-time.ts'

const BERLIN = 'Europe/Berlin'

describe('zoned time', () => {
  it('reads the wall clock of an instant in a zone', () => {
    expect(wallTime(Date.parse('2026-06-10T07:30:00Z'), BERLIN)).toEqual({ day: '2026-06-10', minutes: 9 * 60 + 30 })
    expect(wallTime(Date.parse('2026-06-10T23:30:00Z'), BERLIN)).toEqual({ day: '2026-06-11', minutes: 90 })
    expect(wallTime(Date.parse('2026-06-10T02:00:00Z'), 'America/New_York')).toEqual({ day: '2026-06-09', minutes: 22 * 60 })
    expect(zoneOffset(Date.parse('2026-01-10T12:00:00Z'), 'Asia/Kathmandu')).toBe((5 * 60 + 45) * 60_000)
  })

  it('finds the instant of a wall time, in summer and winter', () => {
    expect(new Date(instantAt('2026-06-10', 9 * 60, BERLIN)).toISOString()).toBe('2026-06-10T07:00:00.000Z')
    expect(new Date(instantAt('2026-01-10', 9 * 60, BERLIN)).toISOString()).toBe('2026-01-10T08:00:00.000Z')
    expect(new Date(instantAt('2026-06-10', 0, 'UTC')).toISOString()).toBe('2026-06-10T00:00:00.000Z')
    expect(new Date(instantAt('2026-06-10', 24 * 60, BERLIN)).toISOString()).toBe('2026-06-10T22:00:00.000Z')
  })

  it('reads a time the clocks skip as after the gap, and a time shown twice as the first', () => {
    // 29 March 2026: 02:00 CET becomes 03:00 CEST.
    expect(new Date(instantAt('2026-03-29', 2 * 60 + 30, BERLIN)).toISOString()).toBe('2026-03-29T01:30:00.000Z')
    expect(new Date(instantAt('2026-03-29', 3 * 60, BERLIN)).toISOString()).toBe('2026-03-29T01:00:00.000Z')
    // 25 October 2026: 03:00 CEST becomes 02:00 CET; 02:30 happens at 00:30Z and 01:30Z.
    expect(new Date(instantAt('2026-10-25', 2 * 60 + 30, BERLIN)).toISOString()).toBe('2026-10-25T00:30:00.000Z')
    expect(new Date(instantAt('2026-10-25', 4 * 60, BERLIN)).toISOString()).toBe('2026-10-25T03:00:00.000Z')
  })

  it('lists the days an event spans in its zone', () => {
    expect(daysBetween(Date.parse('2026-06-10T07:00:00Z'), Date.parse('2026-06-12T16:00:00Z'), BERLIN)).toEqual([
      '2026-06-10',
      '2026-06-11',
      '2026-06-12',
    ])
    // 23:30 UTC is already the next day in Berlin.
    expect(daysBetween(Date.parse('2026-06-10T23:30:00Z'), Date.parse('2026-06-11T08:00:00Z'), BERLIN)).toEqual(['2026-06-11'])
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01')
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31')
  })

  it('round-trips datetime-local values in the event zone', () => {
    const ms = Date.parse('2026-06-10T07:05:00Z')
    expect(toLocalInput(ms, BERLIN)).toBe('2026-06-10T09:05')
    expect(fromLocalInput('2026-06-10T09:05', BERLIN)).toBe(ms)
    expect(fromLocalInput('2026-06-10T09:05:00', BERLIN)).toBe(ms)
    expect(fromLocalInput('', BERLIN)).toBeUndefined()
    expect(fromLocalInput('2026-06-10T25:00', BERLIN)).toBeUndefined()
    expect(fromLocalInput('yesterday', BERLIN)).toBeUndefined()
  })
})

describe('ISO instants and datetime-local values (the event form)', () => {
  it('shows an instant as wall-clock time in the zone, and reads it back', () => {
    expect(isoToLocalInput('2026-06-01T07:00:00Z', 'Europe/Berlin')).toBe('2026-06-01T09:00')
    expect(isoToLocalInput('2026-06-01T23:30:00Z', 'Asia/Kolkata')).toBe('2026-06-02T05:00')
    expect(localInputToIso('2026-06-01T03:00', 'America/New_York')).toBe('2026-06-01T07:00:00.000Z')
    for (const zone of ['Europe/Berlin', 'America/Sao_Paulo', 'Australia/Sydney', 'Pacific/Chatham']) {
      for (let month = 0; month < 12; month++) {
        const iso = new Date(Date.UTC(2026, month, 10, 13, 45)).toISOString()
        expect(localInputToIso(isoToLocalInput(iso, zone), zone), `${zone} ${iso}`).toBe(iso)
      }
    }
  })

  it('is empty or undefined for nothing and nonsense', () => {
    expect(isoToLocalInput(null, 'UTC')).toBe('')
    expect(isoToLocalInput('soon', 'UTC')).toBe('')
    expect(localInputToIso('', 'UTC')).toBeUndefined()
    expect(localInputToIso('2026-02-30T10:00', 'UTC')).toBeUndefined()
    expect(localInputToIso('tomorrow', 'UTC')).toBeUndefined()
  })
})
