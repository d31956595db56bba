import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  c3vocJsonErrors,
  c3vocXmlErrors,
  sessionsOfC3vocJson,
  sessionsOfC3vocXml,
  VOC_SCHEDULE_FIXTURES,
} from '../testing/c3voc-schedule.ts'
import { c3vocJson } from './c3voc-json.ts'
import { c3vocXml } from './c3voc-xml.ts'
import { acronymOf, roomGuidOf, roomsAndTracksOf, type ScheduleExport, type ScheduleSession, sessionSlugOf } from './schedule-model.ts'

const EVENT_ID = '8c6d1f2e-0000-4000-8000-000000000001'
const ada = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Ada <Lovelace> & Co',
  bio: 'Wrote *the* [notes](https://notes.example/ada) & more',
  photo_url: 'https://photos.example/ada.jpg',
  links: [
    { url: 'https://ada.example', label: 'Website' },
    { url: 'https://social.example/@ada', label: null },
    { url: 'javascript:alert(1)', label: 'Not a web link' },
  ],
}
const grace = { id: '22222222-2222-4222-8222-222222222222', name: 'Grace Hopper', bio: null, photo_url: null, links: [] }

const session = (fields: Partial<ScheduleSession> & Pick<ScheduleSession, 'id' | 'number' | 'title' | 'starts_at' | 'ends_at'>) => ({
  description: null,
  room: null,
  track: null,
  format: null,
  language: null,
  tags: [],
  slides_url: null,
  recording_url: null,
  cancelled: false,
  speakers: [],
  ...fields,
})

/** Two days in Berlin, two rooms, speakers with links, a cancelled session, unicode titles and `&<>` in texts. */
function testEvent(overrides: { timezone?: string; name?: string; sessions?: ScheduleSession[] } = {}): ScheduleExport {
  const sessions: ScheduleSession[] = overrides.sessions ?? [
    session({
      id: 'aaaaaaaa-0000-4000-8000-000000000001',
      number: 1,
      title: 'Keynote: ünïcödé — 基調講演 & <markup> 🎤',
      description: 'Why *now*: [the patches](https://patches.example) & <b>not</b> HTML',
      starts_at: '2030-05-01T07:00:00Z',
      ends_at: '2030-05-01T07:45:00Z',
      room: 'Hall A',
      track: 'Main & Side',
      format: 'keynote',
      language: 'en',
      slides_url: 'https://slides.example/k',
      recording_url: 'https://video.example/k',
      speakers: [ada, grace],
    }),
    session({
      id: 'aaaaaaaa-0000-4000-8000-000000000002',
      number: 2,
      title: '基調講演',
      starts_at: '2030-05-01T09:00:00Z',
      ends_at: '2030-05-01T10:30:00Z',
      room: 'Room B',
      speakers: [ada],
    }),
    session({
      id: 'aaaaaaaa-0000-4000-8000-000000000003',
      number: 3,
      title: 'Cancelled talk',
      starts_at: '2030-05-02T07:00:00Z',
      ends_at: '2030-05-02T08:00:00Z',
      room: 'Hall A',
      cancelled: true,
      speakers: [grace],
    }),
    session({
      id: 'aaaaaaaa-0000-4000-8000-000000000004',
      number: 4,
      title: 'Day two in B',
      starts_at: '2030-05-02T08:00:00Z',
      ends_at: '2030-05-02T09:00:00Z',
      room: 'Room B',
      format: 'workshop',
      language: 'de',
    }),
    session({
      id: 'aaaaaaaa-0000-4000-8000-000000000005',
      number: 5,
      title: 'Lunch',
      starts_at: '2030-05-02T10:00:00Z',
      ends_at: '2030-05-02T11:00:00Z',
    }),
  ]
  return {
    event: {
      id: EVENT_ID,
      name: overrides.name ?? 'DevConf 2030',
      description: 'The *yearly* conference & <more>',
      timezone: overrides.timezone ?? 'Europe/Berlin',
      starts_at: '2030-05-01T07:00:00Z',
      ends_at: '2030-05-02T16:00:00Z',
      venue: 'Spree Forum',
      ...roomsAndTracksOf(sessions),
    },
    sessions,
    sessionUrl: (id) => `https://embed.example/v1/events/${EVENT_ID}/sessions/${id}`,
  }
}

describe('the vendored c3voc validators', () => {
  it('take the valid pretalx example and refuse the invalid one, so that a broken export can fail', async () => {
    const example = (name: string) => readFileSync(new URL(`examples/${name}.json`, VOC_SCHEDULE_FIXTURES), 'utf8')
    expect(c3vocJsonErrors(example('pretalx-democon'))).toEqual([])
    expect(c3vocJsonErrors(example('invalid-example'))).not.toEqual([])
    expect(await c3vocXmlErrors('<schedule><version>1</version></schedule>')).not.toEqual([])
  })
})

describe('the c3voc schedule.json and schedule.xml of an event', () => {
  const input = testEvent()
  const json = c3vocJson(input)
  const xml = c3vocXml(input)

  it('are valid against the c3voc JSON schema and XSD', async () => {
    expect(c3vocJsonErrors(json)).toEqual([])
    expect(await c3vocXmlErrors(xml)).toEqual([])
  })

  it('fail validation once broken: the check can fail', async () => {
    const broken = JSON.parse(json)
    broken.schedule.conference.acronym = 'X'
    delete broken.schedule.conference.days[0].rooms['Hall A'][0].guid
    expect(c3vocJsonErrors(JSON.stringify(broken)).join('\n')).toMatch(/acronym[\s\S]*guid/)
    const errors = await c3vocXmlErrors(xml.replace('<start>09:00</start>', '<start>9 o’clock</start>'))
    expect(errors.join('\n')).toContain('start')
  })

  it('say the same of every session in both formats, and leave the cancelled one out of both', () => {
    const fromJson = sessionsOfC3vocJson(json)
    expect(sessionsOfC3vocXml(xml)).toEqual(fromJson)
    expect(fromJson.map((s) => s.title)).toEqual(['Keynote: ünïcödé — 基調講演 & <markup> 🎤', '基調講演', 'Day two in B', 'Lunch'])
    expect(json).not.toContain('Cancelled talk')
    expect(xml).not.toContain('Cancelled talk')
  })

  it('writes each session with its guid, number, local times with offsets, plain texts and pretalx persons', () => {
    const [keynote, b] = sessionsOfC3vocJson(json)
    expect(keynote).toEqual({
      guid: 'aaaaaaaa-0000-4000-8000-000000000001',
      id: 1,
      day: '2030-05-01',
      room: 'Hall A',
      title: 'Keynote: ünïcödé — 基調講演 & <markup> 🎤',
      slug: 'devconf_2030-1-keynote-uenicoede-and-markup',
      type: 'keynote',
      date: '2030-05-01T09:00:00+02:00',
      start: '09:00',
      duration: '00:45',
      track: 'Main & Side',
      language: 'en',
      abstract: 'Why now: the patches (https://patches.example) & <b>not</b> HTML',
      url: `https://embed.example/v1/events/${EVENT_ID}/sessions/aaaaaaaa-0000-4000-8000-000000000001`,
      persons: [
        { guid: ada.id, name: 'Ada <Lovelace> & Co' },
        { guid: grace.id, name: 'Grace Hopper' },
      ],
      links: [
        { url: 'https://slides.example/k', title: 'Slides' },
        { url: 'https://video.example/k', title: 'Recording' },
      ],
    })
    expect(b).toMatchObject({
      slug: 'devconf_2030-2-session',
      type: 'talk',
      duration: '01:30',
      track: null,
      language: null,
      abstract: null,
    })
    const person = JSON.parse(json).schedule.conference.days[0].rooms['Hall A'][0].persons[0]
    expect(person).toEqual({
      guid: ada.id,
      name: 'Ada <Lovelace> & Co',
      avatar: 'https://photos.example/ada.jpg',
      biography: 'Wrote the notes (https://notes.example/ada) & more',
      links: [{ url: 'https://ada.example', title: 'Website' }, { url: 'https://social.example/@ada' }],
    })
    expect(person).not.toHaveProperty('public_name')
    expect(xml).toContain(`<person guid="${ada.id}">Ada &lt;Lovelace&gt; &amp; Co</person>`)
  })

  it('lays out one day per event day in its zone, every room on each, with stable room guids', () => {
    const conference = JSON.parse(json).schedule.conference
    expect(conference).toMatchObject({
      acronym: 'devconf_2030',
      title: 'DevConf 2030',
      description: 'The yearly conference & <more>',
      start: '2030-05-01',
      end: '2030-05-02',
      daysCount: 2,
      time_zone_name: 'Europe/Berlin',
      tracks: [{ name: 'Main & Side' }],
    })
    // A session without a room is at the venue.
    expect(conference.rooms.map((r: { name: string }) => r.name)).toEqual(['Hall A', 'Room B', 'Spree Forum'])
    expect(conference.rooms[0].guid).toBe(roomGuidOf(EVENT_ID, 'Hall A'))
    expect(roomGuidOf(EVENT_ID, 'Hall A')).toBe(roomGuidOf(EVENT_ID, 'Hall A'))
    expect(roomGuidOf(EVENT_ID, 'Hall A')).not.toBe(roomGuidOf('8c6d1f2e-0000-4000-8000-000000000002', 'Hall A'))
    expect(
      conference.days.map((d: Record<string, unknown>) => [d.index, d.date, d.day_start, d.day_end, Object.keys(d.rooms as object)]),
    ).toEqual([
      [1, '2030-05-01', '2030-05-01T00:00:00+02:00', '2030-05-02T00:00:00+02:00', ['Hall A', 'Room B', 'Spree Forum']],
      [2, '2030-05-02', '2030-05-02T00:00:00+02:00', '2030-05-03T00:00:00+02:00', ['Hall A', 'Room B', 'Spree Forum']],
    ])
    expect(xml).toContain('<day index="2" date="2030-05-02" start="2030-05-02T00:00:00+02:00" end="2030-05-03T00:00:00+02:00">')
  })

  it('are the same bytes for the same input, and a new version when a session changes', () => {
    expect(c3vocJson(testEvent())).toBe(json)
    expect(c3vocXml(testEvent())).toBe(xml)
    const changed = testEvent()
    changed.sessions[0] = { ...changed.sessions[0]!, title: 'Keynote, moved' }
    expect(JSON.parse(c3vocJson(changed)).schedule.version).not.toBe(JSON.parse(json).schedule.version)
  })
})

describe('names, zones and characters the formats do not take as they are', () => {
  it('make acronyms and slugs of both schemas’ alphabets out of any name or title', () => {
    expect(acronymOf({ id: EVENT_ID, name: 'DevConf 2030' })).toBe('devconf_2030')
    expect(acronymOf({ id: EVENT_ID, name: 'AI' })).toBe('ai_8c6d1f2e')
    expect(acronymOf({ id: EVENT_ID, name: '基調講演' })).toBe('event_8c6d1f2e')
    expect(acronymOf({ id: EVENT_ID, name: 'Ça va? Öffentliche Konferenz' })).toBe('ca_va_oeffentliche_konferenz')
    expect(sessionSlugOf('devconf_2030', 12, '!')).toBe('devconf_2030-12-session')
    expect(sessionSlugOf('devconf_2030', 12, 'A')).toBe('devconf_2030-12-session')
    expect(sessionSlugOf('devconf_2030', 12, 'Rust -- and -- you -')).toBe('devconf_2030-12-rust-and-you')
  })

  it.each([
    ['a short name in UTC', { name: 'AI', timezone: 'UTC' }],
    ['a name without Latin letters in a zone the schema does not name', { name: '基調講演', timezone: 'Etc/GMT+2' }],
    ['a zone with three parts', { name: 'Conf', timezone: 'America/Argentina/Buenos_Aires' }],
  ])('stay valid for %s', async (_, overrides) => {
    const input = testEvent(overrides)
    const json = c3vocJson(input)
    expect(c3vocJsonErrors(json)).toEqual([])
    // A zone the schema's pattern does not take is left out rather than written invalid.
    expect(JSON.parse(json).schedule.conference.time_zone_name).toBe(overrides.timezone === 'Etc/GMT+2' ? undefined : overrides.timezone)
    expect(await c3vocXmlErrors(c3vocXml(input))).toEqual([])
  })

  it('write characters XML cannot hold (in texts and attributes) as valid XML, and an event without sessions too', async () => {
    const withControl = testEvent({
      sessions: [
        session({
          id: 'aaaaaaaa-0000-4000-8000-000000000009',
          number: 9,
          title: 'Bell\u0007 & tab\t, lone \uD800 surrogate',
          starts_at: '2030-05-01T07:00:00Z',
          ends_at: '2030-05-01T08:00:00Z',
          // An attribute whose value is the text `true` is still written with its value.
          room: 'true',
          track: 'Side\u0001',
        }),
      ],
    })
    const xml = c3vocXml(withControl)
    expect(await c3vocXmlErrors(xml)).toEqual([])
    expect(sessionsOfC3vocXml(xml)[0]).toMatchObject({
      title: 'Bell\uFFFD & tab\t, lone \uFFFD surrogate',
      room: 'true',
      track: 'Side\uFFFD',
    })
    expect(xml).toContain('<room name="true" ')
    expect(xml).toContain('<track name="Side\uFFFD">')
    const empty = testEvent({ sessions: [] })
    expect(c3vocJsonErrors(c3vocJson(empty))).toEqual([])
    expect(await c3vocXmlErrors(c3vocXml(empty))).toEqual([])
  })
})
