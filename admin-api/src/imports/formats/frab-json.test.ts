import { describe, expect, it } from 'vitest'
import { readSchedule } from './read-schedule.ts'
import { bytesOf, fixture, jsonOf, sourceErrorOf, vocExample } from './test-support/read-fixtures.ts'

const auto = { format: 'auto' } as const

describe('frab schedule.json (c3voc examples)', () => {
  it('reads frab-camp2019.json: days in the zone it names, events with their guids, speakers once each', () => {
    const schedule = readSchedule(vocExample('frab-camp2019.json'), auto)

    expect(schedule.format).toBe('frab-json')
    expect(schedule.system).toBe('frab')
    expect(schedule.conference.title).toBe('Chaos Communication Camp 2019')
    expect(schedule.conference.timezone).toBe('Europe/Berlin')
    expect(schedule.conference.days).toHaveLength(5)
    expect(schedule.conference.days[0]).toEqual({
      date: '2019-08-21',
      starts_at: new Date('2019-08-21T09:00:00+02:00'),
      ends_at: new Date('2019-08-22T04:00:00+02:00'),
    })
    expect(schedule.sessions).toHaveLength(79)
    expect(schedule.speakers).toHaveLength(90)
    expect(schedule.rooms).toEqual(['Curie', 'Meitner'])
    expect(schedule.tracks).toEqual([
      'CCC',
      'Security',
      'Ethics, Society & Politics',
      'Hardware & Making',
      'Art & Culture',
      'Entertainment',
      'Science',
    ])
    expect(schedule.skipped).toEqual([])

    expect(schedule.sessions[0]).toMatchObject({
      source_id: 'a0a0fcfe-b7fb-46e3-84b6-97a5406016b4',
      title: 'Opening Ceremony',
      starts_at: new Date('2019-08-21T11:00:00+02:00'),
      ends_at: new Date('2019-08-21T11:30:00+02:00'),
      room: 'Curie',
      track: 'CCC',
      format: 'lecture',
      language: 'en',
      cancelled: false,
      speaker_ids: ['7797', '4827'],
      place: 'schedule.conference.days[0].rooms.Curie[0]',
    })
    expect(schedule.speakers[0]).toEqual({
      source_id: '7797',
      name: 'jinxx',
      email: null,
      bio: null,
      photo_url: null,
      links: [],
      place: 'schedule.conference.days[0].rooms.Curie[0].persons[0]',
    })
  })

  it('takes an attachment titled Slides as the slides, its frab path resolved against base_url', () => {
    const schedule = readSchedule(vocExample('frab-camp2019.json'), auto)
    const session = schedule.sessions.find((s) => s.source_id === '24b58c74-2bba-412e-84ac-c206f714f0b7')

    expect(session?.slides_url).toBe(
      'https://fahrplan.events.ccc.de/system/event_attachments/attachments/000/003/792/original/Hacking_Containers_and_Kubernetes.pdf?1566398735',
    )
    expect(session?.recording_url).toBeNull()
  })

  it('reads pretalx-democon.json as pretalx: rooms as the conference lists them, biographies, ids agreeing with pretalx XML', () => {
    const schedule = readSchedule(vocExample('pretalx-democon.json'), auto)

    expect(schedule.format).toBe('pretalx')
    expect(schedule.system).toBe('frab')
    expect(schedule.conference.timezone).toBe('UTC')
    expect(schedule.conference.days.map((d) => d.date)).toEqual(['2020-12-14', '2020-12-15', '2020-12-16'])
    expect(schedule.sessions).toHaveLength(36)
    expect(schedule.speakers).toHaveLength(27)
    expect(schedule.rooms).toEqual(['Gray Room', 'Tan Room'])
    expect(schedule.sessions[0]).toMatchObject({
      source_id: '8079583e-8321-506c-95af-fd2903a5f075',
      title: 'Focused 5thgeneration hardware',
      starts_at: new Date('2020-12-14T08:00:00Z'),
      ends_at: new Date('2020-12-14T08:30:00Z'),
      format: 'Talk',
      track: 'Phased',
      // pretalx's XML names this speaker <person id='26'>; its JSON also has code NQTF8Y.
      speaker_ids: ['26'],
    })
    expect(schedule.sessions[0]?.description).toMatch(/^Brand back-end models!\n\nStation provide certain mean\./)
    expect(schedule.speakers[0]).toMatchObject({ source_id: '26', name: 'Brian Robinson' })
    expect(schedule.speakers[0]?.bio).toMatch(/^Break through direction\./)
  })

  it('reads pretalx-rc3.json, which names no time zone', () => {
    const schedule = readSchedule(vocExample('pretalx-rc3.json'), auto)

    expect(schedule.format).toBe('pretalx')
    expect(schedule.conference.timezone).toBeNull()
    expect(schedule.sessions).toHaveLength(48)
    expect(schedule.speakers).toHaveLength(56)
    expect(schedule.rooms).toHaveLength(5)
    expect(schedule.rooms[0]).toBe('r3s - Monheim/Rhein')
    expect(new Set(schedule.sessions.map((s) => s.language))).toEqual(new Set(['en', 'de']))
  })

  it('reads what real exports vary in that the c3voc schema refuses (invalid-example.json: ids as text, rooms beside the conference)', () => {
    const schedule = readSchedule(vocExample('invalid-example.json'), auto)

    expect(schedule.sessions.map((s) => s.source_id)).toEqual(['7a0fc001-e587-47e1-b378-b6ec7e666337'])
    expect(schedule.speakers.map((s) => s.source_id)).toEqual(['dsadf'])
  })

  it('refuses the schedule 2 draft (hub-schedule2.json) as unreadable, saying which format to export', () => {
    const error = sourceErrorOf(() => readSchedule(vocExample('hub-schedule2.json'), auto))

    expect(error.code).toBe('SOURCE_UNREADABLE')
    expect(error.message).toMatch(/schedule 2 draft/)
  })

  it('takes a named format over the content: frab-json reads a pretalx file as frab', () => {
    expect(readSchedule(vocExample('pretalx-democon.json'), { format: 'frab-json' }).format).toBe('frab-json')
  })
})

describe('frab schedule.json problems, at their places', () => {
  const camp = () => jsonOf(vocExample('frab-camp2019.json'))

  it('names a schema violation by its path, room names as keys', () => {
    const document = camp()
    document.schedule.conference.days[1].rooms.Meitner[3].date = '2019-08-22 14:00'
    delete document.schedule.conference.days[1].rooms.Meitner[3].title
    const error = sourceErrorOf(() => readSchedule(bytesOf(document), auto))

    expect(error.code).toBe('SOURCE_INVALID')
    expect(error.status).toBe(422)
    expect(error.details.fields).toEqual([
      {
        path: 'schedule.conference.days[1].rooms.Meitner[3].date',
        message: 'must be a date-time with an offset, e.g. 2026-05-01T09:00:00+02:00',
      },
      { path: 'schedule.conference.days[1].rooms.Meitner[3].title', message: 'is required' },
    ])
    expect(error.message).toMatch(
      /^The frab schedule\.json has 2 problems: schedule\.conference\.days\[1\]\.rooms\.Meitner\[3\]\.date must be/,
    )
  })

  it('names a session that starts outside its own day', () => {
    const document = camp()
    document.schedule.conference.days[0].rooms.Curie[1].date = '2019-08-25T10:00:00+02:00'
    const error = sourceErrorOf(() => readSchedule(bytesOf(document), auto))

    expect(error.code).toBe('SOURCE_INVALID')
    expect(error.details.fields).toEqual([
      {
        path: 'schedule.conference.days[0].rooms.Curie[1].date',
        message: 'starts 2019-08-25T10:00:00+02:00, outside its day 2019-08-21 (2019-08-21T09:00:00+02:00 … 2019-08-22T04:00:00+02:00)',
      },
    ])
  })

  it('names a session that ends before it starts', () => {
    const document = jsonOf(fixture('pretalx-small.json'))
    document.schedule.conference.days[0].rooms['Hörsaal 1'][1].end = '2026-03-14T10:00:00+01:00'
    const error = sourceErrorOf(() => readSchedule(bytesOf(document), auto))

    expect(error.details.fields).toEqual([
      {
        path: 'schedule.conference.days[0].rooms.Hörsaal 1[1]',
        message: 'ends at 2026-03-14T09:00:00.000Z, before it starts at 2026-03-14T10:00:00.000Z',
      },
    ])
  })

  it('names a second session with the guid of another', () => {
    const document = camp()
    const rooms = document.schedule.conference.days[2].rooms
    rooms.Meitner[0].guid = rooms.Curie[0].guid
    const error = sourceErrorOf(() => readSchedule(bytesOf(document), auto))

    expect(error.details.fields).toEqual([
      {
        path: 'schedule.conference.days[2].rooms.Meitner[0]',
        message: `has the id ${rooms.Curie[0].guid} of another session (schedule.conference.days[2].rooms.Curie[0])`,
      },
    ])
  })

  it("keeps absolute URLs as written and reads a person's links", () => {
    const document = jsonOf(fixture('pretalx-small.json'))
    document.schedule.conference.days[0].rooms['Workshop Room'][0].persons[0].links = [
      { url: 'https://mira.example.com', title: 'Website' },
    ]
    const speaker = readSchedule(bytesOf(document), auto).speakers.find((s) => s.name === 'Mira Sol')

    expect(speaker?.links).toEqual([{ url: 'https://mira.example.com', label: 'Website' }])
  })

  it('names a person without any id', () => {
    const document = camp()
    delete document.schedule.conference.days[0].rooms.Curie[0].persons[1].id
    const error = sourceErrorOf(() => readSchedule(bytesOf(document), auto))

    expect(error.details.fields).toEqual([
      { path: 'schedule.conference.days[0].rooms.Curie[0].persons[1]', message: 'has no guid, id or code' },
    ])
  })
})

describe('durations', () => {
  it('reads HH:MM, and three parts as pretalx writes them: D:HH:MM', () => {
    const document = jsonOf(fixture('pretalx-small.json'))
    const event = document.schedule.conference.days[0].rooms['Workshop Room'][0]
    event.duration = '1:02:30'
    const session = readSchedule(bytesOf(document), { format: 'auto' }).sessions.find((s) => s.title === 'Your First Patch')

    expect(session?.starts_at).toEqual(new Date('2026-03-14T14:00:00+01:00'))
    expect(session?.ends_at).toEqual(new Date('2026-03-15T16:30:00+01:00'))
  })

  it('takes pretalx 2025 `end` over the duration', () => {
    const document = jsonOf(fixture('pretalx-small.json'))
    document.schedule.conference.days[0].rooms['Workshop Room'][0].end = '2026-03-14T15:15:00+01:00'
    const session = readSchedule(bytesOf(document), { format: 'auto' }).sessions.find((s) => s.title === 'Your First Patch')

    expect(session?.ends_at).toEqual(new Date('2026-03-14T15:15:00+01:00'))
  })
})
