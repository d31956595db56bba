import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import type { PublicSession } from '../events/events.schema.ts'
import type { EventData } from '../events/events.service.ts'
import { isCancelled, locationOf, scheduleFeed, sessionUid } from './schedule-feed.ts'

const session = (id: string, extra: Partial<PublicSession> = {}): PublicSession => ({
  id,
  title: 'Talk',
  description: null,
  starts_at: '2030-05-01T07:00:00.000Z',
  ends_at: '2030-05-01T08:00:00.000Z',
  track: null,
  room: null,
  format: null,
  level: null,
  language: null,
  tags: [],
  slides_url: null,
  recording_url: null,
  cancelled: false,
  speakers: [],
  ...extra,
})

const dataOf = (sessions: PublicSession[], venue: string | null = 'Berlin'): EventData => ({
  accountId: 'a',
  event: {
    id: 'e',
    name: 'Conf',
    description: null,
    timezone: 'Europe/Berlin',
    starts_at: '2030-05-01T07:00:00.000Z',
    ends_at: '2030-05-02T07:00:00.000Z',
    venue,
    tickets: [],
    questions: [],
    privacy_notice: null,
  },
  sessions,
  sessionDays: sessions.map(() => '2030-05-01'),
  sessionVersions: sessions.map((_, i) => ({ sequence: i, updatedAt: new Date('2030-04-01T00:00:00Z') })),
  sessionNumbers: sessions.map((_, i) => i + 1),
  sessionsById: new Map(sessions.map((s) => [s.id, s])),
  speakers: [],
  speakersById: new Map(),
  ticketIds: new Set(),
  tickets: [],
  questions: [],
  responses: new Map(),
})

const statusOf = (text: string, id: string) =>
  new ICAL.Component(ICAL.parse(text))
    .getAllSubcomponents('vevent')
    .find((v) => v.getFirstPropertyValue('uid') === sessionUid(id))
    ?.getFirstPropertyValue('status')

describe('the schedule feed builder', () => {
  it('says STATUS:CANCELLED for a cancelled session and CONFIRMED for the others', () => {
    const text = scheduleFeed(dataOf([session('a'), session('b', { cancelled: true })]))
    expect(statusOf(text, 'a')).toBe('CONFIRMED')
    expect(statusOf(text, 'b')).toBe('CANCELLED')
    expect(isCancelled(session('c', { cancelled: false }))).toBe(false)
  })

  it('names room and venue in LOCATION as far as they are known', () => {
    expect(locationOf('Room B', 'Spree Forum, Berlin')).toBe('Room B, Spree Forum, Berlin')
    expect(locationOf(null, 'Berlin')).toBe('Berlin')
    expect(locationOf('Room B', null)).toBe('Room B')
    expect(locationOf(' ', null)).toBeUndefined()
  })

  it('is a valid calendar without any session', () => {
    const calendar = new ICAL.Component(ICAL.parse(scheduleFeed(dataOf([]))))
    expect(calendar.getAllSubcomponents('vevent')).toEqual([])
    expect(calendar.getFirstProperty('x-wr-timezone')).not.toBeNull()
  })

  it('gives the speakers with their roles, and the recording as URL when there are slides too', () => {
    const text = scheduleFeed(
      dataOf([
        session('a', {
          speakers: [
            { id: 's1', name: 'Ada', title: 'Engineer', company: null, photo_url: null },
            { id: 's2', name: 'Grace', title: null, company: null, photo_url: null },
          ],
          slides_url: 'https://s.example',
          recording_url: 'https://r.example',
        }),
      ]),
    )
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent') as ICAL.Component
    expect(vevent.getFirstPropertyValue('description')).toBe(
      'Speakers: Ada (Engineer); Grace\n\nSlides: https://s.example\nRecording: https://r.example',
    )
    expect(vevent.getFirstPropertyValue('url')).toBe('https://r.example')
  })
})
