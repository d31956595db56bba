import type { DbHandle } from '@event-service/db'
import { DIALECTS } from '@event-service/db/testing.ts'
import {
  c3vocJsonErrors,
  c3vocXmlErrors,
  sessionsOfC3vocJson,
  sessionsOfC3vocXml,
} from '@event-service/server-common/testing/c3voc-schedule.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  embedFetch,
  type SeededEvent,
  seedEvent,
  seedSession,
  seedSpeaker,
  seedToken,
  startEmbedTestBed,
  stopEmbedTestBed,
  type TestEmbedServer,
} from '../testing/embed-fixtures.ts'

describe.each(DIALECTS)('the c3voc schedule exports of the embed API on %s', (dialect) => {
  let dbHandle: DbHandle
  let server: TestEmbedServer
  let ev: SeededEvent
  let token: string
  let keynote: string
  let workshop: string
  let cancelled: string
  let dayTwo: string
  const get = (format: 'json' | 'xml', withToken: string | undefined = token, headers: Record<string, string> = {}) =>
    embedFetch(server.url, `/v1/events/${ev.eventId}/schedule.${format}`, withToken, 'query', { headers })
  const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error
  // As the database gives it, unconverted: a number on both dialects, or the exports' ids would not equal it.
  const numberOf = async (id: string) =>
    (await dbHandle.db.selectFrom('sessions').select('number').where('id', '=', id).executeTakeFirstOrThrow()).number

  beforeAll(async () => {
    ;({ dbHandle, server, ev } = await startEmbedTestBed(dialect, {
      event: { name: 'DevConf & <Friends> 2030', venue: 'Spree Forum', timezone: 'Europe/Berlin' },
    }))
    token = (await seedToken(dbHandle.db, ev)).token
    const ada = await seedSpeaker(dbHandle.db, ev, 'Ada Public', 'confirmed')
    const ivy = await seedSpeaker(dbHandle.db, ev, 'Ivy Invited', 'invited')
    await dbHandle.db
      .updateTable('speakers')
      .set({
        bio: 'Writes *compilers* & <parsers>',
        photo_url: 'https://photos.example/ada.jpg',
        links: JSON.stringify([
          { url: 'https://ada.example', label: 'Website' },
          { url: 'javascript:alert(1)', label: 'Evil' },
        ]),
      })
      .where('id', '=', ada)
      .execute()
    keynote = await seedSession(dbHandle.db, ev, {
      title: 'Keynote: ünïcödé & <angle> brackets 🎤',
      startsAt: '2030-05-01T07:00:00Z',
      room: 'Hall A',
      track: 'Main',
      speakerIds: [ada, ivy],
      description: 'Read [the notes](https://notes.example/k) & <think>',
      more: { format: 'keynote', language: 'en', slides_url: 'https://slides.example/k', recording_url: 'https://video.example/k' },
    })
    workshop = await seedSession(dbHandle.db, ev, {
      title: 'Workshop',
      startsAt: '2030-05-01T09:00:00Z',
      room: 'Room B',
      speakerIds: [ada],
    })
    cancelled = await seedSession(dbHandle.db, ev, { title: 'Cancelled talk', startsAt: '2030-05-02T07:00:00Z', room: 'Hall A' })
    await dbHandle.db.updateTable('sessions').set({ cancelled: true }).where('id', '=', cancelled).execute()
    dayTwo = await seedSession(dbHandle.db, ev, { title: '基調講演', startsAt: '2030-05-02T08:00:00Z', room: 'Room B' })
  })
  afterAll(() => stopEmbedTestBed(server, dbHandle))

  it('answers schedule.json that the c3voc JSON schema takes, with the public sessions and speakers only', async () => {
    const res = await get('json')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="devconf_and_friends_2030-schedule.json"')
    const text = await res.text()
    expect(c3vocJsonErrors(text)).toEqual([])
    const sessions = sessionsOfC3vocJson(text)
    expect(sessions.map((s) => [s.guid, s.id, s.day, s.room, s.start])).toEqual([
      [keynote, await numberOf(keynote), '2030-05-01', 'Hall A', '09:00'],
      [workshop, await numberOf(workshop), '2030-05-01', 'Room B', '11:00'],
      [dayTwo, await numberOf(dayTwo), '2030-05-02', 'Room B', '10:00'],
    ])
    expect(sessions[0]).toMatchObject({
      title: 'Keynote: ünïcödé & <angle> brackets 🎤',
      abstract: 'Read the notes (https://notes.example/k) & <think>',
      persons: [{ name: 'Ada Public' }],
      links: [
        { url: 'https://slides.example/k', title: 'Slides' },
        { url: 'https://video.example/k', title: 'Recording' },
      ],
    })
    const person = JSON.parse(text).schedule.conference.days[0].rooms['Hall A'][0].persons[0]
    expect(person).toMatchObject({
      name: 'Ada Public',
      avatar: 'https://photos.example/ada.jpg',
      biography: 'Writes compilers & <parsers>',
      links: [{ url: 'https://ada.example', title: 'Website' }],
    })
    // Neither the invited speaker, nor an email, nor the cancelled session.
    expect(text).not.toMatch(/Ivy|@speakers\.example|Cancelled talk|javascript:/)
  })

  it('answers schedule.xml that the c3voc XSD takes, saying what the JSON says', async () => {
    const res = await get('xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="devconf_and_friends_2030-schedule.xml"')
    const xml = await res.text()
    expect(await c3vocXmlErrors(xml)).toEqual([])
    expect(xml).toContain('<title>Keynote: ünïcödé &amp; &lt;angle&gt; brackets 🎤</title>')
    expect(sessionsOfC3vocXml(xml)).toEqual(sessionsOfC3vocJson(await (await get('json')).text()))
  })

  it('gives each session the address of its public read in this API, which answers with the same title', async () => {
    const [first] = sessionsOfC3vocJson(await (await get('json')).text())
    const url = new URL(first?.url as string)
    expect(url.pathname).toBe(`/v1/events/${ev.eventId}/sessions/${keynote}`)
    const read = await embedFetch(server.url, url.pathname, token, 'query')
    expect(read.status).toBe(200)
    expect(((await read.json()) as { data: { title: string } }).data.title).toBe(first?.title)
  })

  it('keeps the session number out of the widgets’ public answers', async () => {
    const read = await embedFetch(server.url, `/v1/events/${ev.eventId}/sessions/${keynote}`, token, 'query')
    expect(Object.keys(((await read.json()) as { data: object }).data)).not.toContain('number')
    const list = await embedFetch(server.url, `/v1/events/${ev.eventId}/sessions`, token, 'query')
    expect(await list.text()).not.toContain('"number"')
  })

  it.each(['json', 'xml'] as const)(
    'caches schedule.%s like the feed: an ETag, 304 when unchanged, a new one after a change',
    async (format) => {
      const first = await get(format)
      const etag = first.headers.get('etag') as string
      expect(etag).toMatch(/^W\/"/)
      expect(first.headers.get('cache-control')).toBe('private, no-cache')
      expect((await get(format, token, { 'If-None-Match': etag })).status).toBe(304)
      await dbHandle.db
        .updateTable('sessions')
        .set({ title: `Workshop (${format})` })
        .where('id', '=', workshop)
        .execute()
      const changed = await get(format, token, { 'If-None-Match': etag })
      expect(changed.status).toBe(200)
      expect(changed.headers.get('etag')).not.toBe(etag)
      expect(await changed.text()).toContain(`Workshop (${format})`)
    },
  )

  it('is compressed for clients that accept it', async () => {
    const res = await fetch(new URL(`/v1/events/${ev.eventId}/schedule.xml?token=${token}`, server.url), {
      headers: { 'Accept-Encoding': 'gzip' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(await c3vocXmlErrors(await res.text())).toEqual([])
  })

  describe('who may fetch them: exactly whom the calendar feed serves', () => {
    it.each(['json', 'xml'] as const)(
      'refuses schedule.%s to a token with allowed origins and no feed permission (403), from the allowed site too',
      async (format) => {
        const limited = await seedToken(dbHandle.db, ev, { allowedOrigins: ['https://shop.example.com'] })
        for (const headers of [{}, { Origin: 'https://shop.example.com' }] as Record<string, string>[]) {
          const res = await get(format, limited.token, headers)
          expect(res.status).toBe(403)
          expect((await errorOf(res)).code).toBe('ORIGIN_NOT_ALLOWED')
        }
        const feed = await seedToken(dbHandle.db, ev, { allowedOrigins: ['https://shop.example.com'], calendarFeed: true })
        expect((await get(format, feed.token)).status).toBe(200)
      },
    )

    it.each([
      ['no token', undefined, 401, 'TOKEN_MISSING'],
      ['a disabled token', { isActive: false, calendarFeed: true }, 403, 'TOKEN_DISABLED'],
      ['a revoked token', { revoked: true, isActive: false, calendarFeed: true }, 401, 'TOKEN_REVOKED'],
      ['an expired token', { expiresAt: new Date(Date.now() - 1000), calendarFeed: true }, 401, 'TOKEN_EXPIRED'],
    ] as const)('refuses %s as the feed does', async (_, options, status, code) => {
      const refused = options === undefined ? undefined : (await seedToken(dbHandle.db, ev, options)).token
      for (const format of ['json', 'xml'] as const) {
        // `get` would put the suite's token in for a missing one: ask without.
        const res = await embedFetch(server.url, `/v1/events/${ev.eventId}/schedule.${format}`, refused, 'query')
        expect(res.status).toBe(status)
        expect((await errorOf(res)).code).toBe(code)
      }
    })

    it('refuses a token of another event (403 EVENT_MISMATCH) and a malformed event id (400)', async () => {
      const other = await seedEvent(dbHandle.db)
      const { token: otherToken } = await seedToken(dbHandle.db, other, { calendarFeed: true })
      const res = await get('json', otherToken)
      expect(res.status).toBe(403)
      expect((await errorOf(res)).code).toBe('EVENT_MISMATCH')
      const malformed = await embedFetch(server.url, '/v1/events/nope/schedule.xml', otherToken, 'query')
      expect(malformed.status).toBe(400)
      expect((await errorOf(malformed)).code).toBe('VALIDATION_ERROR')
    })
  })
})
