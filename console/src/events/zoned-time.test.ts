import { describe, expect, it } from 'vitest'
import { fromZonedInput, toZonedInput, zoneOffsetMs } from './zoned-time.ts'

describe('toZonedInput', () => {
  it('shows an instant as wall-clock time in the zone', () => {
    expect(toZonedInput('2026-06-01T07:00:00Z', 'Europe/Berlin')).toBe('2026-06-01T09:00')
    expect(toZonedInput('2026-01-15T07:00:00Z', 'Europe/Berlin')).toBe('2026-01-15T08:00')
    expect(toZonedInput('2026-06-01T07:00:00Z', 'America/New_York')).toBe('2026-06-01T03:00')
    expect(toZonedInput('2026-06-01T23:30:00Z', 'Asia/Kolkata')).toBe('2026-06-02T05:00')
    expect(toZonedInput('2026-06-01T07:00:00Z', 'UTC')).toBe('2026-06-01T07:00')
  })

  it('is empty for nothing or nonsense', () => {
    expect(toZonedInput(null, 'UTC')).toBe('')
    expect(toZonedInput('soon', 'UTC')).toBe('')
  })
})

describe('fromZonedInput', () => {
  it('reads wall-clock time in the zone as an instant', () => {
    expect(fromZonedInput('2026-06-01T09:00', 'Europe/Berlin')).toBe('2026-06-01T07:00:00.000Z')
    expect(fromZonedInput('2026-01-15T08:00', 'Europe/Berlin')).toBe('2026-01-15T07:00:00.000Z')
    expect(fromZonedInput('2026-06-01T03:00', 'America/New_York')).toBe('2026-06-01T07:00:00.000Z')
    expect(fromZonedInput('2026-06-02T05:00', 'Asia/Kolkata')).toBe('2026-06-01T23:30:00.000Z')
    expect(fromZonedInput('2026-06-01T09:00:30', 'UTC')).toBe('2026-06-01T09:00:30.000Z')
  })

  it('round-trips with toZonedInput around the year', () => {
    for (const zone of ['Europe/Berlin', 'America/Sao_Paulo', 'Australia/Sydney', 'Pacific/Chatham']) {
      for (let month = 0; month < 12; month++) {
        const iso = new Date(Date.UTC(2026, month, 10, 13, 45)).toISOString()
        expect(fromZonedInput(toZonedInput(iso, zone), zone), `${zone} ${iso}`).toBe(iso)
      }
    }
  })

  it('moves a time skipped in spring forward, and takes the first of a repeated autumn time', () => {
    // Berlin, 29 March 2026: 02:00 → 03:00.
    expect(fromZonedInput('2026-03-29T02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z')
    expect(toZonedInput('2026-03-29T01:30:00.000Z', 'Europe/Berlin')).toBe('2026-03-29T03:30')
    // Berlin, 25 October 2026: 03:00 → 02:00; 02:30 happens twice.
    expect(fromZonedInput('2026-10-25T02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z')
  })

  it('refuses values that are not a date and time', () => {
    expect(fromZonedInput('', 'UTC')).toBeUndefined()
    expect(fromZonedInput('2026-02-30T10:00', 'UTC')).toBeUndefined()
    expect(fromZonedInput('tomorrow', 'UTC')).toBeUndefined()
  })
})

describe('zoneOffsetMs', () => {
  it('knows summer and winter time', () => {
    expect(zoneOffsetMs(Date.parse('2026-07-01T00:00:00Z'), 'Europe/Berlin')).toBe(2 * 3_600_000)
    expect(zoneOffsetMs(Date.parse('2026-01-01T00:00:00Z'), 'Europe/Berlin')).toBe(3_600_000)
  })
})
