import { describe, expect, it } from 'vitest'
import { readSchedule } from './read-schedule.ts'
import { bytesOf, fixture, jsonOf, sourceErrorOf } from './test-support/read-fixtures.ts'

const inBerlin = { format: 'auto', timezone: 'Europe/Berlin' } as const

describe('Sessionize "All data" JSON', () => {
  it('reads sessions in the event zone, with categories as track, format and tags', () => {
    const schedule = readSchedule(fixture('sessionize-all-data.json'), inBerlin)

    expect(schedule.format).toBe('sessionize')
    expect(schedule.system).toBe('sessionize')
    expect(schedule.conference).toEqual({ title: null, timezone: null, days: [] })
    expect(schedule.rooms).toEqual(['Main Hall', 'Room 2', 'Room 3'])
    expect(schedule.tracks).toEqual(['Data', 'Web', 'Cloud'])
    expect(schedule.sessions.map((s) => s.source_id)).toEqual(['b1d0c2a4-6f3e-4a55-9a1e-3c2f7d9e0a11', '912345', '912346'])
    expect(schedule.sessions[1]).toEqual({
      source_id: '912345',
      title: 'Typed Pipelines in Practice',
      description: 'How we moved 40 ETL jobs to typed, testable pipelines.\r\n\r\nLessons, numbers and the mistakes.',
      // 09:15 in Berlin in October is summer time, +02:00.
      starts_at: new Date('2026-10-08T07:15:00Z'),
      ends_at: new Date('2026-10-08T08:00:00Z'),
      room: 'Main Hall',
      track: 'Data',
      format: 'Talk (45 minutes)',
      language: null,
      tags: ['Python', 'Testing'],
      slides_url: null,
      recording_url: 'https://video.example.com/devsummit26/typed-pipelines',
      cancelled: false,
      speaker_ids: ['5c1f9e2a-0d7b-4b8e-a1c3-2e4f6a8b0c01', '5c1f9e2a-0d7b-4b8e-a1c3-2e4f6a8b0c02'],
      place: 'sessions[1]',
    })
    // A service session: no speakers, no categories.
    expect(schedule.sessions[0]).toMatchObject({ title: 'Registration & Coffee', speaker_ids: [], track: null, format: null, tags: [] })
  })

  it('skips a session not yet on the schedule, saying why', () => {
    const schedule = readSchedule(fixture('sessionize-all-data.json'), inBerlin)

    expect(schedule.skipped).toEqual([
      {
        item: 'session "Waitlisted: Rust for Data Folks" (sessions[3])',
        reason: 'has no start time: it is not on the Sessionize schedule yet',
      },
    ])
  })

  it('reads speakers with their links, pictures and names', () => {
    const schedule = readSchedule(fixture('sessionize-all-data.json'), inBerlin)

    expect(schedule.speakers).toHaveLength(3)
    expect(schedule.speakers[0]).toEqual({
      source_id: '5c1f9e2a-0d7b-4b8e-a1c3-2e4f6a8b0c01',
      name: 'Priya Raman',
      email: null,
      bio: 'Priya leads the data platform team at a logistics company.',
      photo_url: 'https://sessionize.com/image/a1b2-400o400o1-PriyaRaman.jpg',
      links: [
        { url: 'https://linkedin.com/in/priya-raman-example', label: 'LinkedIn' },
        { url: 'https://freightly.example.com', label: 'Company Website' },
      ],
      place: 'speakers[0]',
    })
    expect(schedule.speakers[1]).toMatchObject({ name: 'Tomás Ferreira', bio: null, photo_url: null, links: [] })
  })

  it('reads the same local times in another event zone as other instants', () => {
    const schedule = readSchedule(fixture('sessionize-all-data.json'), { format: 'sessionize', timezone: 'America/New_York' })

    expect(schedule.sessions[1]?.starts_at).toEqual(new Date('2026-10-08T13:15:00Z'))
  })

  it('names a session whose speaker the export does not list', () => {
    const document = jsonOf(fixture('sessionize-all-data.json'))
    document.sessions[2].speakers = ['00000000-0000-0000-0000-00000000dead']
    const error = sourceErrorOf(() => readSchedule(bytesOf(document), inBerlin))

    expect(error.code).toBe('SOURCE_INVALID')
    expect(error.details.fields).toEqual([
      { path: 'sessions[2].speakers[0]', message: 'names speaker 00000000-0000-0000-0000-00000000dead, whom speakers does not list' },
    ])
  })

  it('names schema violations, duplicate ids and sessions ending before they start', () => {
    const document = jsonOf(fixture('sessionize-all-data.json'))
    document.sessions[1].startsAt = 'Thursday morning'
    document.sessions[2].endsAt = '2026-10-08T10:00:00'
    document.speakers.push({ ...document.speakers[0], fullName: 'Priya Raman (again)' })
    const invalidShape = sourceErrorOf(() => readSchedule(bytesOf(document), inBerlin))

    expect(invalidShape.details.fields).toEqual([
      { path: 'sessions[1].startsAt', message: 'must be an ISO 8601 date-time with a time zone, e.g. 2026-05-01T09:00:00Z' },
    ])

    document.sessions[1].startsAt = '2026-10-08T09:15:00'
    const invalidData = sourceErrorOf(() => readSchedule(bytesOf(document), inBerlin))
    expect(invalidData.details.fields).toEqual([
      { path: 'sessions[2]', message: 'ends at 2026-10-08T08:00:00.000Z, before it starts at 2026-10-08T08:15:00.000Z' },
      { path: 'speakers[3]', message: 'has the id 5c1f9e2a-0d7b-4b8e-a1c3-2e4f6a8b0c01 of another speaker (speakers[0])' },
    ])
  })
})
