import { describe, expect, it } from 'vitest'
import { readSchedule } from './read-schedule.ts'
import { bytesOf, fixture, sourceErrorOf } from './test-support/read-fixtures.ts'

const auto = { format: 'auto' } as const
const xmlOf = (name: string) => fixture(name).toString('utf8')

describe('schedule.xml', () => {
  it('reads a frab schedule.xml: entities, character references and CDATA as text, rooms in order, an empty room kept', () => {
    const schedule = readSchedule(fixture('frab-small.xml'), auto)

    expect(schedule.format).toBe('frab-xml')
    expect(schedule.system).toBe('frab')
    expect(schedule.conference).toEqual({
      title: 'Hack Camp 2026',
      timezone: 'Europe/Berlin',
      days: [
        { date: '2026-07-03', starts_at: new Date('2026-07-03T10:00:00+02:00'), ends_at: new Date('2026-07-04T03:00:00+02:00') },
        { date: '2026-07-04', starts_at: new Date('2026-07-04T10:00:00+02:00'), ends_at: new Date('2026-07-05T03:00:00+02:00') },
      ],
    })
    expect(schedule.rooms).toEqual(['Tent A', 'Tent B'])
    expect(schedule.tracks).toEqual(['Hardware & Making', 'Entertainment'])
    expect(schedule.sessions).toHaveLength(3)
    expect(schedule.sessions[0]).toEqual({
      source_id: 'e5a8d1f2-3b4c-4d5e-8f60-718293a4b5c1',
      title: 'Soldering for Everyone – Part 1',
      description: 'Irons, flux & <b>patience</b>.\n\nWe build a blinking badge together.',
      starts_at: new Date('2026-07-03T11:00:00+02:00'),
      ends_at: new Date('2026-07-03T11:45:00+02:00'),
      room: 'Tent A',
      track: 'Hardware & Making',
      format: 'workshop',
      language: 'de',
      tags: [],
      slides_url: 'https://frab.example.org/system/attachments/000/000/042/original/slides.pdf',
      recording_url: 'https://media.example.org/v/hackcamp26-9001',
      cancelled: false,
      speaker_ids: ['4711'],
      place: '/schedule/day[1]/room[1]/event[1]',
    })
    expect(schedule.sessions[1]).toMatchObject({
      description: null,
      speaker_ids: ['4711', '4712'],
      place: '/schedule/day[1]/room[2]/event[1]',
    })
    // 1:00:00 is a day, as pretalx writes D:HH:MM.
    expect(schedule.sessions[2]).toMatchObject({ speaker_ids: [], ends_at: new Date('2026-07-05T10:30:00+02:00') })
    expect(schedule.speakers).toEqual([
      {
        source_id: '4711',
        name: 'Kim Lötzinn',
        email: null,
        bio: null,
        photo_url: null,
        links: [],
        place: '/schedule/day[1]/room[1]/event[1]/persons/person[1]',
      },
      {
        source_id: '4712',
        name: 'Noor Haddad',
        email: null,
        bio: null,
        photo_url: null,
        links: [],
        place: '/schedule/day[1]/room[2]/event[1]/persons/person[2]',
      },
    ])
  })

  it('gives a pretalx event read as XML the ids it has read as JSON', () => {
    const fromJson = readSchedule(fixture('pretalx-small.json'), auto)
    const fromXml = readSchedule(fixture('pretalx-small.xml'), auto)

    expect(fromJson.format).toBe('pretalx')
    expect(fromXml.format).toBe('frab-xml')
    expect(fromXml.system).toBe(fromJson.system)
    const comparable = (s: typeof fromJson) =>
      s.sessions.map(({ source_id, title, starts_at, ends_at, room, track, format, language, speaker_ids, slides_url, recording_url }) => ({
        source_id,
        title,
        starts_at,
        ends_at,
        room,
        track,
        format,
        language,
        speaker_ids,
        slides_url,
        recording_url,
      }))
    expect(comparable(fromXml)).toEqual(comparable(fromJson))
    expect(fromXml.speakers.map((s) => [s.source_id, s.name])).toEqual(fromJson.speakers.map((s) => [s.source_id, s.name]))
    expect(fromJson.speakers.map((s) => s.source_id)).toEqual(['11', '12', '13'])
    expect(fromXml.rooms).toEqual(fromJson.rooms)
    expect(fromXml.tracks).toEqual(fromJson.tracks)
    expect(fromXml.conference).toEqual(fromJson.conference)
    // The JSON carries more about speakers than the XML.
    expect(fromJson.speakers[1]?.bio).toBe('Jonas reviews code for small projects.')
    expect(fromXml.speakers[1]?.bio).toBeNull()
  })

  it('names a schema violation by its XPath', () => {
    const xml = xmlOf('frab-small.xml')
      .replace('<date>2026-07-03T22:00:00+02:00</date>', '<date>tonight</date>')
      .replace('<title>Camp Radio Marathon</title>', '')
    const error = sourceErrorOf(() => readSchedule(bytesOf(xml), auto))

    expect(error.code).toBe('SOURCE_INVALID')
    expect(error.details.fields).toEqual([
      { path: '/schedule/day[1]/room[2]/event[1]/date', message: 'must be a date-time with an offset, e.g. 2026-05-01T09:00:00+02:00' },
      { path: '/schedule/day[2]/room[2]/event[1]/title', message: 'is required' },
    ])
  })

  it('names an event that starts outside its day by its XPath', () => {
    const xml = xmlOf('frab-small.xml').replace('<date>2026-07-04T10:30:00+02:00</date>', '<date>2026-07-04T09:30:00+02:00</date>')
    const error = sourceErrorOf(() => readSchedule(bytesOf(xml), auto))

    expect(error.details.fields).toEqual([
      {
        path: '/schedule/day[2]/room[2]/event[1]/date',
        message: 'starts 2026-07-04T09:30:00+02:00, outside its day 2026-07-04 (2026-07-04T10:00:00+02:00 … 2026-07-05T03:00:00+02:00)',
      },
    ])
  })

  it('refuses XML that is not well-formed, naming line and column', () => {
    const xml = xmlOf('frab-small.xml').replace('</title>', '</titel>')
    const error = sourceErrorOf(() => readSchedule(bytesOf(xml), auto))

    expect(error.code).toBe('SOURCE_UNREADABLE')
    expect(error.message).toMatch(/^The file is not well-formed XML: .*\(line 7, column \d+\)$/)
  })

  it('refuses declared entities before expanding any (billion laughs)', () => {
    const xml = `<?xml version="1.0"?>
<!DOCTYPE schedule [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<schedule><conference><title>&lol2;</title></conference></schedule>`
    const error = sourceErrorOf(() => readSchedule(bytesOf(xml), auto))

    expect(error.code).toBe('SOURCE_UNREADABLE')
    expect(error.message).toMatch(/^The file declares XML entities/)
  })

  it('refuses XML whose root is not <schedule>', () => {
    const error = sourceErrorOf(() =>
      readSchedule(bytesOf('<?xml version="1.0"?><rss version="2.0"><channel/></rss>'), { format: 'auto', name: 'feed.xml' }),
    )

    expect(error.code).toBe('SOURCE_UNREADABLE')
    expect(error.message).toMatch(/^feed\.xml is XML, but not a schedule we read: its root element is not <schedule>/)
  })
})
