import { describe, expect, it } from 'vitest'
import { createBody, formChanges, placeBody } from './patch.ts'

const session = {
  title: 'Keynote',
  description: null,
  track: 'Platform',
  room: 'Hall A',
  starts_at: '2026-06-10T07:00:00Z',
  ends_at: '2026-06-10T07:45:00Z',
  speakers: [{ id: 'ada' }, { id: 'bob' }],
}
const form = {
  title: 'Keynote',
  description: '',
  track: 'Platform',
  room: 'Hall A',
  start: '2026-06-10T09:00',
  end: '2026-06-10T09:45',
  speakerIds: ['ada', 'bob'],
}
const BERLIN = 'Europe/Berlin'

describe('place body', () => {
  it('sends start, end and room together, or nothing when the card is back in place', () => {
    expect(
      placeBody(session, { startMs: Date.parse(session.starts_at), endMs: Date.parse(session.ends_at), room: 'Hall A' }),
    ).toBeUndefined()
    expect(
      placeBody(session, { startMs: Date.parse('2026-06-10T08:00:00Z'), endMs: Date.parse('2026-06-10T08:45:00Z'), room: 'Hall B' }),
    ).toEqual({
      starts_at: '2026-06-10T08:00:00.000Z',
      ends_at: '2026-06-10T08:45:00.000Z',
      room: 'Hall B',
    })
    expect(placeBody(session, { startMs: Date.parse(session.starts_at), endMs: Date.parse(session.ends_at), room: null })?.room).toBeNull()
  })
})

describe('form changes', () => {
  it('sends nothing for an unchanged form', () => {
    expect(formChanges(session, form, BERLIN)).toEqual({ body: {}, invalid: [] })
  })

  it('sends only the changed fields, blank text as null and times in UTC', () => {
    const { body } = formChanges(
      session,
      { ...form, title: ' New title ', track: '  ', description: 'About', end: '2026-06-10T10:00', speakerIds: ['bob', 'ada'] },
      BERLIN,
    )
    expect(body).toEqual({
      title: 'New title',
      track: null,
      description: 'About',
      ends_at: '2026-06-10T08:00:00.000Z',
      speaker_ids: ['bob', 'ada'],
    })
  })

  it('names time fields that are not a date and time', () => {
    expect(formChanges(session, { ...form, start: '' }, BERLIN).invalid).toEqual(['starts_at'])
  })
})

describe('create body', () => {
  it('makes the POST of a new session in a slot', () => {
    expect(
      createBody('ev', ' Talk ', {
        startMs: Date.parse('2026-06-10T07:00:00Z'),
        endMs: Date.parse('2026-06-10T07:30:00Z'),
        room: 'Hall A',
      }),
    ).toEqual({
      event_id: 'ev',
      title: 'Talk',
      starts_at: '2026-06-10T07:00:00.000Z',
      ends_at: '2026-06-10T07:30:00.000Z',
      room: 'Hall A',
    })
  })
})
