import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DbHandle, PUBLIC_SPEAKER_STATUSES, SPEAKER_STATUSES } from '@event-service/db'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { DEMO_ACCOUNT_ID, DEMO_EVENT_ID, demoStartDay, resetDemo, seedDemo } from './seed-demo.ts'
import { zonedInstant } from './zoned-time.ts'

/** The demo's content without ids or timestamps of creation, to compare two seeds. */
async function content(handle: DbHandle) {
  const { db } = handle
  const event = await db
    .selectFrom('events')
    .select(['name', 'timezone', 'starts_at', 'ends_at', 'venue', 'tickets'])
    .where('id', '=', DEMO_EVENT_ID)
    .executeTakeFirst()
  const speakers = await db
    .selectFrom('speakers')
    .select(['name', 'email', 'status', 'tags', 'photo_url'])
    .where('event_id', '=', DEMO_EVENT_ID)
    .orderBy('email')
    .execute()
  const sessions = await db
    .selectFrom('sessions')
    .select(['id', 'title', 'starts_at', 'ends_at', 'track', 'room'])
    .where('event_id', '=', DEMO_EVENT_ID)
    .orderBy('starts_at')
    .orderBy('title')
    .execute()
  const links = await db
    .selectFrom('session_speakers')
    .innerJoin('sessions', 'sessions.id', 'session_speakers.session_id')
    .innerJoin('speakers', 'speakers.id', 'session_speakers.speaker_id')
    .select(['sessions.title', 'speakers.email', 'session_speakers.position'])
    .where('sessions.event_id', '=', DEMO_EVENT_ID)
    .orderBy('sessions.title')
    .orderBy('session_speakers.position')
    .execute()
  return { event, speakers, sessions: sessions.map(({ id: _, ...s }) => s), links }
}

describe.each(DIALECTS)('the demo seed on %s', (dialect) => {
  let handle: DbHandle
  const today = new Date('2026-03-10T12:00:00Z')
  beforeAll(async () => {
    handle = await createTestDb(dialect)
    await seedDemo(handle.db, { today })
  })
  afterAll(() => handle?.close())

  it('creates a pro account without API keys', async () => {
    const account = await handle.db.selectFrom('accounts').selectAll().where('id', '=', DEMO_ACCOUNT_ID).executeTakeFirstOrThrow()
    expect(account.plan).toBe('pro')
    const keys = await handle.db.selectFrom('api_keys').select('id').where('account_id', '=', DEMO_ACCOUNT_ID).execute()
    expect(keys).toEqual([])
  })

  it('plans a three-day event in Berlin four weeks or more ahead, starting at 08:00 local time', async () => {
    const event = await handle.db.selectFrom('events').selectAll().where('id', '=', DEMO_EVENT_ID).executeTakeFirstOrThrow()
    expect(event.timezone).toBe('Europe/Berlin')
    expect(event.starts_at.getTime() - today.getTime()).toBeGreaterThanOrEqual(27 * 24 * 3600_000)
    expect(event.starts_at).toEqual(zonedInstant(demoStartDay(today), '08:00', 'Europe/Berlin'))
    const days = new Set(
      (await content(handle)).sessions.map((s) => s.starts_at.toLocaleDateString('en-CA', { timeZone: 'Europe/Berlin' })),
    )
    expect(days.size).toBe(3)
    expect(event.tickets.map((t) => t.id)).toEqual(['standard', 'student', 'workshop'])
  })

  it('registers like a ticketing product: a capped ticket, questions and a privacy notice', async () => {
    const event = await handle.db.selectFrom('events').selectAll().where('id', '=', DEMO_EVENT_ID).executeTakeFirstOrThrow()
    expect(event.tickets.find((t) => t.id === 'workshop')).toMatchObject({ capacity: 40, show_remaining: true })
    expect(event.questions.map((q) => q.id)).toEqual(['diet', 'workshop-topic', 'company'])
    expect(event.privacy_notice?.text).toContain('We use your name and email')
  })

  it('has 30+ speakers covering every status, without photos', async () => {
    const { speakers } = await content(handle)
    expect(speakers.length).toBeGreaterThanOrEqual(30)
    expect(new Set(speakers.map((s) => s.status))).toEqual(new Set(SPEAKER_STATUSES))
    expect(speakers.filter((s) => (PUBLIC_SPEAKER_STATUSES as readonly string[]).includes(s.status)).length).toBeGreaterThanOrEqual(25)
    expect(speakers.every((s) => s.photo_url === null)).toBe(true)
    expect(speakers.some((s) => /[^\u0020-\u024f]/.test(s.name))).toBe(true)
  })

  it('has 40+ sessions on 3 or 4 tracks, each ending after it starts, every public speaker on one', async () => {
    const { sessions, links, speakers } = await content(handle)
    expect(sessions.length).toBeGreaterThanOrEqual(40)
    const tracks = new Set(sessions.map((s) => s.track).filter(Boolean))
    expect(tracks.size).toBeGreaterThanOrEqual(3)
    expect(tracks.size).toBeLessThanOrEqual(4)
    expect(sessions.every((s) => s.ends_at > s.starts_at)).toBe(true)
    const presenting = new Set(links.map((l) => l.email))
    const publicSpeakers = speakers.filter((s) => (PUBLIC_SPEAKER_STATUSES as readonly string[]).includes(s.status))
    expect(publicSpeakers.filter((s) => !presenting.has(s.email))).toEqual([])
  })

  it('gives sessions formats, levels, two languages and tags, and speakers web links, for the widgets to show and filter', async () => {
    const sessions = await handle.db.selectFrom('sessions').select(['format', 'level', 'language', 'tags']).execute()
    expect(new Set(sessions.map((s) => s.format))).toEqual(new Set([null, 'Keynote', 'Talk', 'Workshop', 'Panel', 'Lightning talks']))
    expect(new Set(sessions.map((s) => s.level))).toEqual(new Set([null, 'beginner', 'intermediate', 'advanced']))
    expect(new Set(sessions.map((s) => s.language))).toEqual(new Set([null, 'en', 'de']))
    expect(new Set(sessions.flatMap((s) => s.tags))).toContain('ai')
    const speakers = await handle.db.selectFrom('speakers').select('links').execute()
    expect(speakers.every((s) => s.links.length > 0 && s.links.every((l) => l.url.startsWith('https://')))).toBe(true)
  })

  it('does nothing when the demo event is already there', async () => {
    const before = await content(handle)
    const result = await seedDemo(handle.db, { today: new Date('2030-01-01T00:00:00Z') })
    expect(result.created).toBe(false)
    expect(await content(handle)).toEqual(before)
  })

  it('recreates the same content with new ids on reset', async () => {
    const before = await content(handle)
    const idsBefore = await handle.db.selectFrom('speakers').select('id').where('event_id', '=', DEMO_EVENT_ID).execute()
    const lines: string[] = []
    const result = await resetDemo(handle.db, { today, onProgress: (l) => lines.push(l) })
    expect(result.created).toBe(true)
    expect(lines[0]).toContain('removed')
    expect(await content(handle)).toEqual(before)
    const idsAfter = await handle.db.selectFrom('speakers').select('id').where('event_id', '=', DEMO_EVENT_ID).execute()
    expect(idsAfter.filter((r) => idsBefore.some((b) => b.id === r.id))).toEqual([])
  })

  it('creates the demo once when two seeds run at the same time', async () => {
    await handle.db.deleteFrom('accounts').where('id', '=', DEMO_ACCOUNT_ID).execute()
    const results = await Promise.all([seedDemo(handle.db, { today }), seedDemo(handle.db, { today })])
    expect(results.filter((r) => r.created)).toHaveLength(1)
    const speakers = await handle.db.selectFrom('speakers').select('id').where('event_id', '=', DEMO_EVENT_ID).execute()
    expect(speakers).toHaveLength(results.find((r) => r.created)?.speakers ?? -1)
  })
})

describe('zonedInstant', () => {
  it.each([
    [{ year: 2026, month: 7, day: 14 }, '09:00', 'Europe/Berlin', '2026-07-14T07:00:00.000Z'],
    [{ year: 2026, month: 1, day: 14 }, '09:00', 'Europe/Berlin', '2026-01-14T08:00:00.000Z'],
    [{ year: 2026, month: 3, day: 29 }, '08:00', 'Europe/Berlin', '2026-03-29T06:00:00.000Z'],
    [{ year: 2026, month: 1, day: 32 }, '23:30', 'America/New_York', '2026-02-02T04:30:00.000Z'],
  ])('reads %o %s in %s as %s', (date, time, zone, expected) => {
    expect(zonedInstant(date, time, zone).toISOString()).toBe(expected)
  })
})
