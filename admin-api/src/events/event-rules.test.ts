import { describe, expect, it } from 'vitest'
import { eventIssues } from './event-rules.ts'

const event = {
  starts_at: new Date('2026-06-01T09:00:00Z'),
  ends_at: new Date('2026-06-02T18:00:00Z'),
  tickets: [{ id: 'standard' }],
  questions: [{ ticket_ids: ['standard'] }, { ticket_ids: null }],
}

describe('eventIssues', () => {
  it('accepts a consistent event, and one that ends as it starts', () => {
    expect(eventIssues(event)).toEqual([])
    expect(eventIssues({ ...event, ends_at: event.starts_at })).toEqual([])
  })

  it('refuses an end before the start', () => {
    expect(eventIssues({ ...event, ends_at: new Date('2026-05-31T00:00:00Z') })).toEqual([
      { path: 'ends_at', message: 'must not be before starts_at' },
    ])
  })

  it('refuses a question for a ticket the event does not have, at its place in the list', () => {
    expect(eventIssues({ ...event, tickets: [{ id: 'vip' }] })).toEqual([
      { path: 'questions.0.ticket_ids.0', message: 'names no ticket of this event: standard' },
    ])
  })
})
