import { describe, expect, it } from 'vitest'
import { type EventDates, sessionIssues } from './session-rules.ts'

const berlin: EventDates = {
  starts_at: new Date('2026-06-01T07:00:00Z'), // 09:00 on 1 June in Berlin
  ends_at: new Date('2026-06-02T16:00:00Z'), // 18:00 on 2 June
  timezone: 'Europe/Berlin',
}
const times = (starts: string, ends: string) => ({ starts_at: new Date(starts), ends_at: new Date(ends) })
const paths = (starts: string, ends: string, event = berlin) => sessionIssues(times(starts, ends), event).map((i) => i.path)

describe('sessionIssues', () => {
  it('accepts a session anywhere on the event’s days, before its doors open and after its last talk', () => {
    expect(paths('2026-05-31T22:00:00Z', '2026-05-31T23:00:00Z')).toEqual([]) // 00:00 on 1 June in Berlin
    expect(paths('2026-06-02T20:00:00Z', '2026-06-02T21:30:00Z')).toEqual([]) // 22:00–23:30 on 2 June
  })

  it('counts a session ending at midnight as ending on the day before', () => {
    expect(paths('2026-06-02T20:00:00Z', '2026-06-02T22:00:00Z')).toEqual([]) // until 00:00 on 3 June
    expect(paths('2026-06-02T20:00:00Z', '2026-06-02T22:01:00Z')).toEqual(['ends_at'])
  })

  it('refuses each end that falls on another day, in the event’s zone rather than UTC', () => {
    expect(paths('1990-01-01T09:00:00Z', '1990-01-01T10:00:00Z')).toEqual(['starts_at', 'ends_at'])
    // 23:30 on 31 May in UTC is already 1 June in Berlin, and 22:30 on 2 June UTC is 3 June there.
    expect(paths('2026-05-31T21:30:00Z', '2026-05-31T23:00:00Z')).toEqual(['starts_at'])
    expect(paths('2026-06-02T21:00:00Z', '2026-06-02T22:30:00Z')).toEqual(['ends_at'])
    expect(paths('2026-06-02T21:00:00Z', '2026-06-02T22:30:00Z', { ...berlin, timezone: 'UTC' })).toEqual([])
  })

  it('names the event’s days in its message', () => {
    expect(sessionIssues(times('2026-07-01T09:00:00Z', '2026-07-01T10:00:00Z'), berlin)[0]?.message).toBe(
      "must be on one of the event's days (2026-06-01 to 2026-06-02, Europe/Berlin)",
    )
  })

  it('refuses a session that ends before it starts, and allows an empty one', () => {
    expect(sessionIssues(times('2026-06-01T10:00:00Z', '2026-06-01T09:00:00Z'), berlin)).toEqual([
      { path: 'ends_at', message: 'must not be before starts_at' },
    ])
    expect(paths('2026-06-01T10:00:00Z', '2026-06-01T10:00:00Z')).toEqual([])
  })
})
