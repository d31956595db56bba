import type { DbHandle } from '@event-service/db'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  embedFetch,
  type SeededEvent,
  seedEvent,
  seedSession,
  seedSpeaker,
  seedToken,
  startEmbedServer,
  type TestEmbedServer,
} from '../testing/embed-fixtures.ts'
import { attachmentOf, calendarFileName } from './calendar-file-name.ts'
import { MAX_AGENDA_SESSIONS } from './sessions-query.ts'

/** A calendar file read by a real iCalendar parser (Mozilla's ical.js): its VEVENTs by UID. */
function eventsOf(text: string): Map<string, ICAL.Component> {
  const calendar = new ICAL.Component(ICAL.parse(text))
  return new Map(calendar.getAllSubcomponents('vevent').map((v) => [String(v.getFirstPropertyValue('uid')), v] as const))
}

/** What a calendar app reads of a session: every property the builder writes, as parsed. */
const propertiesOf = (vevent: ICAL.Component) =>
  Object.fromEntries(vevent.getAllProperties().map((p) => [p.name, p.getValues().map((v) => String(v))]))

describe('calendar file names', () => {
  it('keep letters and digits of any script, and name the file in both forms of RFC 6266', () => {
    expect(calendarFileName('DevConf 2030: Keynote / ünï "quoted"')).toBe('DevConf-2030-Keynote-ünï-quoted.ics')
    expect(calendarFileName(' ;:/ ')).toBe('calendar.ics')
    expect(attachmentOf('Keynote-ünï.ics')).toBe(`attachment; filename="Keynote-uni.ics"; filename*=UTF-8''Keynote-%C3%BCn%C3%AF.ics`)
    expect(attachmentOf('基調講演.ics')).toBe(
      `attachment; filename="calendar.ics"; filename*=UTF-8''%E5%9F%BA%E8%AA%BF%E8%AC%9B%E6%BC%94.ics`,
    )
  })
})

describe.each(DIALECTS)('a session’s calendar file and an agenda on %s', (dialect) => {
  let dbHandle: DbHandle
  let server: TestEmbedServer
  let ev: SeededEvent
  let token: string
  let keynote: string
  let workshop: string
  let lunch: string
  const get = (path: string, headers: Record<string, string> = {}, withToken = token) =>
    embedFetch(server.url, `/v1/events/${ev.eventId}${path}`, withToken, 'query', { headers })
  const feedEvents = async () => eventsOf(await (await get('/schedule.ics')).text())
  const errorOf = async (res: Response) => ((await res.json()) as { success: boolean; error: { code: string; message: string } }).error

  beforeAll(async () => {
    dbHandle = await createTestDb(dialect)
    server = await startEmbedServer(dbHandle)
    ev = await seedEvent(dbHandle.db, { name: 'DevConf 2030', venue: 'Spree Forum, Berlin', timezone: 'Europe/Berlin' })
    token = (await seedToken(dbHandle.db, ev)).token
    const ada = await seedSpeaker(dbHandle.db, ev, 'Ada Public', 'confirmed')
    const grace = await seedSpeaker(dbHandle.db, ev, 'Grace Public', 'confirmed')
    keynote = await seedSession(dbHandle.db, ev, {
      title: 'Keynote: ünïcödé',
      startsAt: '2030-05-01T07:00:00Z',
      room: 'Hall A',
      speakerIds: [ada, grace],
      description: 'Read [the notes](https://notes.example/k) and *why* it **matters**: https://example.com/x.\n\nA \\*literal\\* star.',
      more: { slides_url: 'https://slides.example/k', recording_url: 'https://video.example/k' },
    })
    workshop = await seedSession(dbHandle.db, ev, { title: 'Workshop', startsAt: '2030-05-01T09:00:00Z', speakerIds: [ada] })
    lunch = await seedSession(dbHandle.db, ev, { title: 'Lunch', startsAt: '2030-05-01T11:00:00Z' })
  })
  afterAll(async () => {
    await server?.close()
    await dbHandle?.close()
  })

  it('serves one session as the feed writes it: the same UID, texts, speakers line and links', async () => {
    const res = await get(`/sessions/${keynote}/calendar.ics`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe(attachmentOf('Keynote-ünïcödé.ics'))
    const events = eventsOf(await res.text())
    expect([...events.keys()]).toEqual([`${keynote}@event-service`])
    const own = events.get(`${keynote}@event-service`) as ICAL.Component
    const inFeed = (await feedEvents()).get(`${keynote}@event-service`) as ICAL.Component
    expect(propertiesOf(own)).toEqual(propertiesOf(inFeed))
    expect(own.getFirstPropertyValue('description')).toBe(
      'Read the notes (https://notes.example/k) and why it matters: https://example.com/x.\n\nA *literal* star.\n\n' +
        'Speakers: Ada Public (Engineer, Acme); Grace Public (Engineer, Acme)\n\n' +
        'Slides: https://slides.example/k\nRecording: https://video.example/k',
    )
  })

  it('writes every description as plain text: no link or emphasis markup reaches a calendar', async () => {
    for (const path of ['/schedule.ics', `/sessions/${keynote}/calendar.ics`, `/schedule.ics?sessions=${keynote}`]) {
      const description = String((await (await get(path)).text()).match(/^DESCRIPTION:.*(?:\r\n .*)*/m)?.[0].replace(/\r\n /g, ''))
      expect(description).toContain('the notes (https://notes.example/k)')
      expect(description).not.toMatch(/\]\(|\*why\*|\*\*matters\*\*/)
    }
  })

  it('says STATUS:CANCELLED with a higher SEQUENCE for a cancelled session, as the feed does', async () => {
    const before = eventsOf(await (await get(`/sessions/${lunch}/calendar.ics`)).text()).get(`${lunch}@event-service`) as ICAL.Component
    expect(before.getFirstPropertyValue('status')).toBe('CONFIRMED')
    await dbHandle.db.updateTable('sessions').set({ cancelled: true }).where('id', '=', lunch).execute()
    try {
      const after = eventsOf(await (await get(`/sessions/${lunch}/calendar.ics`)).text()).get(`${lunch}@event-service`) as ICAL.Component
      expect(after.getFirstPropertyValue('status')).toBe('CANCELLED')
      expect(after.getFirstPropertyValue('sequence')).toBe(Number(before.getFirstPropertyValue('sequence')) + 1)
      expect(propertiesOf(after)).toEqual(propertiesOf((await feedEvents()).get(`${lunch}@event-service`) as ICAL.Component))
    } finally {
      await dbHandle.db.updateTable('sessions').set({ cancelled: false }).where('id', '=', lunch).execute()
    }
  })

  it('is cached like the feed: an ETag, 304 when unchanged', async () => {
    const first = await get(`/sessions/${workshop}/calendar.ics`)
    const etag = first.headers.get('etag') as string
    expect(etag).toMatch(/^W\/"/)
    expect(first.headers.get('cache-control')).toBe('private, no-cache')
    expect((await get(`/sessions/${workshop}/calendar.ics`, { 'If-None-Match': etag })).status).toBe(304)
  })

  it('answers 404 NOT_FOUND for a session the event does not publish, 400 for a malformed id', async () => {
    const unknown = await get('/sessions/00000000-0000-4000-8000-000000000000/calendar.ics')
    expect(unknown.status).toBe(404)
    expect((await errorOf(unknown)).code).toBe('NOT_FOUND')
    const malformed = await get('/sessions/nope/calendar.ics')
    expect(malformed.status).toBe(400)
    expect((await errorOf(malformed)).code).toBe('VALIDATION_ERROR')
  })

  it('refuses a token that does not serve calendar files, as the feed does', async () => {
    const limited = await seedToken(dbHandle.db, ev, { allowedOrigins: ['https://shop.example.com'] })
    const res = await get(`/sessions/${keynote}/calendar.ics`, { Origin: 'https://shop.example.com' }, limited.token)
    expect(res.status).toBe(403)
    expect((await errorOf(res)).code).toBe('ORIGIN_NOT_ALLOWED')
  })

  it('leaves the link out of the server-drawn first screen, which asks no access verdict', async () => {
    // The widgets' calendar link asks `GET …/access` in a browser; drawn in this process, it must not.
    const asked: string[] = []
    const realFetch = globalThis.fetch
    globalThis.fetch = (input, init) => {
      asked.push(String(input instanceof Request ? input.url : input))
      return realFetch(input, init)
    }
    try {
      const res = await get(`/first-screen/service-session-detail?session-id=${keynote}`)
      expect(res.status).toBe(200)
      const html = await res.text()
      expect(html).toContain('Keynote')
      expect(html).not.toContain('calendar.ics')
    } finally {
      globalThis.fetch = realFetch
    }
    expect(asked.filter((url) => url.includes('/access'))).toEqual([])
  })

  it('serves an agenda with exactly the sessions asked, in any order and case, leaving out those not published', async () => {
    const gone = '00000000-0000-4000-8000-000000000000'
    const res = await get(`/schedule.ics?sessions=${lunch},${keynote.toUpperCase()},${gone},${lunch}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe(attachmentOf('DevConf-2030-agenda.ics'))
    const agenda = eventsOf(await res.text())
    expect([...agenda.keys()].sort()).toEqual([`${keynote}@event-service`, `${lunch}@event-service`].sort())
    const feed = await feedEvents()
    for (const [uid, vevent] of agenda) expect(propertiesOf(vevent)).toEqual(propertiesOf(feed.get(uid) as ICAL.Component))
    const reordered = await get(`/schedule.ics?sessions=${keynote},${lunch}`)
    expect(reordered.headers.get('etag')).toBe(res.headers.get('etag'))
  })

  it.each([
    ['an empty list', '', 'at least one'],
    ['something that is not an id', 'nope', 'not "nope"'],
    ['an empty entry', 'ID,', 'at least one'],
    ['too many ids', Array.from({ length: MAX_AGENDA_SESSIONS + 1 }, () => 'ID').join(','), `at most ${MAX_AGENDA_SESSIONS}`],
  ])('answers 400 VALIDATION_ERROR in the envelope for an agenda of %s', async (_, list, words) => {
    const res = await get(`/schedule.ics?sessions=${list.replaceAll('ID', keynote)}`)
    expect(res.status).toBe(400)
    const body = (await res.json()) as { success: boolean; error: { code: string; message: string } }
    expect(body.success).toBe(false)
    expect(body.error.code).toBe('VALIDATION_ERROR')
    expect(body.error.message).toContain('sessions')
    expect(body.error.message).toContain(words)
  })

  it('answers 400 for an agenda asked twice in one query', async () => {
    const res = await get(`/schedule.ics?sessions=${keynote}&sessions=${lunch}`)
    expect(res.status).toBe(400)
    expect((await errorOf(res)).code).toBe('VALIDATION_ERROR')
  })
})
