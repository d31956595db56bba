import { describe, expect, it } from 'vitest'
import { MAX_SOURCE_BYTES } from '../import-errors.ts'
import { readSchedule } from './read-schedule.ts'
import { bytesOf, fixture, jsonOf, sourceErrorOf, vocExample } from './test-support/read-fixtures.ts'

const auto = { format: 'auto' } as const

describe('readSchedule: telling the formats apart', () => {
  it('reads each format by its content', () => {
    expect(readSchedule(vocExample('frab-camp2019.json'), auto).format).toBe('frab-json')
    expect(readSchedule(vocExample('pretalx-democon.json'), auto).format).toBe('pretalx')
    expect(readSchedule(fixture('frab-small.xml'), auto).format).toBe('frab-xml')
    expect(readSchedule(fixture('sessionize-all-data.json'), { format: 'auto', timezone: 'Europe/Berlin' }).format).toBe('sessionize')
  })

  it('takes pretalx from the generator alone, when no person carries a code', () => {
    const document = jsonOf(vocExample('frab-camp2019.json'))
    document.generator = { name: 'pretalx', version: '2025.1.0' }

    expect(readSchedule(bytesOf(document), auto).format).toBe('pretalx')
  })

  it('reads UTF-8 with a byte order mark, and leading white space', () => {
    const text = `\n  ${fixture('pretalx-small.json').toString('utf8')}`
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)])

    expect(readSchedule(withBom, auto).sessions).toHaveLength(4)
  })

  it('refuses a file that is neither JSON nor XML, saying what it reads', () => {
    const error = sourceErrorOf(() =>
      readSchedule(bytesOf('BEGIN:VCALENDAR\nVERSION:2.0\nEND:VCALENDAR\n'), { format: 'auto', name: 'talks.ics' }),
    )

    expect(error.code).toBe('SOURCE_UNREADABLE')
    expect(error.status).toBe(422)
    expect(error.message).toBe(
      'talks.ics is neither JSON nor XML; schedules are read from frab or pretalx schedule.json or schedule.xml (c3voc format), or a Sessionize "All data" JSON export',
    )
  })

  it('refuses JSON that is not a schedule, saying what it lacks', () => {
    const error = sourceErrorOf(() => readSchedule(bytesOf({ events: [] }), auto))

    expect(error.code).toBe('SOURCE_UNREADABLE')
    expect(error.message).toMatch(
      /^The file is JSON, but not a schedule we read: it has neither schedule\.conference \(frab, pretalx\) nor sessions and speakers/,
    )
  })

  it('refuses a JSON syntax error, naming its line and column', () => {
    const error = sourceErrorOf(() =>
      readSchedule(bytesOf('{\n  "schedule": {\n    "conference": }\n}'), { format: 'auto', name: 'schedule.json' }),
    )

    expect(error.code).toBe('SOURCE_UNREADABLE')
    expect(error.message).toBe('schedule.json is not valid JSON at line 3, column 19 (a value was expected)')
  })

  it('refuses a file that is not UTF-8', () => {
    const latin1 = new Uint8Array([0x7b, 0x22, 0x74, 0xe9, 0x22, 0x3a, 0x31, 0x7d])
    const error = sourceErrorOf(() => readSchedule(latin1, auto))

    expect(error.code).toBe('SOURCE_UNREADABLE')
    expect(error.message).toMatch(/is not UTF-8 text/)
  })

  it('refuses a file over 20 MiB before reading it, and reads one of exactly 20 MiB', () => {
    const tooLarge = new Uint8Array(MAX_SOURCE_BYTES + 1).fill(0x20)
    const error = sourceErrorOf(() => readSchedule(tooLarge, auto))

    expect(error.code).toBe('SOURCE_TOO_LARGE')
    expect(error.status).toBe(413)
    expect(error.message).toBe('The file is 20.0 MiB; schedules of up to 20 MiB are read')

    const atLimit = new Uint8Array(MAX_SOURCE_BYTES).fill(0x20)
    atLimit.set(new TextEncoder().encode('{"x": 1}'))
    expect(sourceErrorOf(() => readSchedule(atLimit, auto)).code).toBe('SOURCE_UNREADABLE')
  })

  it('reads a named format only as that format', () => {
    const error = sourceErrorOf(() => readSchedule(fixture('frab-small.xml'), { format: 'pretalx' }))

    expect(error.code).toBe('SOURCE_UNREADABLE')
    expect(error.message).toMatch(/^The file is not valid JSON at line 1, column 1/)
    expect(sourceErrorOf(() => readSchedule(fixture('pretalx-small.json'), { format: 'frab-xml' })).message).toMatch(/is not XML/)
  })

  it('reads a c3voc schedule of 1,000 sessions', () => {
    const document = jsonOf(fixture('pretalx-small.json'))
    const [day] = document.schedule.conference.days
    const template = day.rooms['Hörsaal 1'][0]
    const rooms: Record<string, unknown[]> = {}
    for (let i = 0; i < 1000; i++) {
      const room = `Room ${i % 10}`
      const minutes = Math.floor(i / 10) * 5
      rooms[room] ??= []
      rooms[room].push({
        ...template,
        guid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        id: 1000 + i,
        date: new Date(Date.parse('2026-03-14T08:00:00+01:00') + minutes * 60_000).toISOString().replace('.000Z', '+00:00'),
        title: `Talk ${i}`,
        persons: [{ id: 5000 + i, code: `C${i}`, public_name: `Speaker ${i}`, biography: 'A speaker.' }],
      })
    }
    document.schedule.conference.days = [{ ...day, rooms }]

    const schedule = readSchedule(bytesOf(document), auto)

    expect(schedule.sessions).toHaveLength(1000)
    expect(schedule.speakers).toHaveLength(1000)
    expect(schedule.rooms).toHaveLength(12)
  })
})
