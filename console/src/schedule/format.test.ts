import { describe, expect, it } from 'vitest'
import { formatClock, formatClockRange, formatDayTab, formatLength, formatLongDay, formatWhen } from './format.ts'

const at = (iso: string) => Date.parse(iso)

describe('schedule formatting', () => {
  it('shows clock times in the event zone', () => {
    expect(formatClock(at('2026-06-10T07:05:00Z'), 'Europe/Berlin', 'en-GB')).toBe('09:05')
    expect(formatClock(at('2026-06-10T07:05:00Z'), 'Europe/Berlin', 'de-DE')).toBe('09:05')
    expect(formatClockRange(at('2026-06-10T07:00:00Z'), at('2026-06-10T07:45:00Z'), 'Europe/Berlin', 'en-GB')).toMatch(
      /^09:00\s?–\s?09:45$/,
    )
    expect(formatClockRange(at('2026-06-10T07:00:00Z'), at('2026-06-10T07:00:00Z'), 'Europe/Berlin', 'en-GB')).toBe('09:00')
  })

  it('names days', () => {
    expect(formatDayTab('2026-06-10', 'en-GB')).toBe('Wed 10 Jun')
    expect(formatLongDay('2026-06-10', 'de-DE')).toBe('Mittwoch, 10. Juni 2026')
    expect(formatWhen(at('2026-07-01T07:00:00Z'), at('2026-07-01T08:00:00Z'), 'UTC', 'en-GB')).toContain('1 Jul')
  })

  it('states lengths', () => {
    const units = { h: 'h', min: 'min' }
    expect(formatLength(0, 45 * 60_000, units)).toBe('45 min')
    expect(formatLength(0, 90 * 60_000, units)).toBe('1 h 30 min')
    expect(formatLength(0, 120 * 60_000, units)).toBe('2 h')
  })
})
