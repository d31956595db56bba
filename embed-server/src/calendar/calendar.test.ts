import type { DbHandle } from '@event-service/db'
import { DIALECTS } from '@event-service/db/testing.ts'
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  embedFetch,
  type SeededEvent,
  seedEvent,
  seedSession,
  seedSpeaker,
  seedToken,
  type TestEmbedServer,
  startEmbedTestBed,
  stopEmbedTestBed,
} from '../testing/embed-fixtures.ts'

// ical.js reads the properties it does not know (X-…, and RFC 7986's NAME) as raw text; RFC 5545
// 3.8.8.2 makes TEXT their default type, which is how calendar apps read them.
for (const name of ['x-wr-calname', 'x-wr-caldesc', 'x-wr-timezone', 'name']) {
  ;(ICAL.design.icalendar.property as Record<string, unknown>)[name] = { defaultType: 'text' }
}

/** The feed parsed by a real iCalendar parser (Mozilla's ical.js): its VEVENTs by UID. */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const events = new Map(
    calendar.getAllSubcomponents('vevent').map((vevent) => [String(vevent.getFirstPropertyValue('uid')), vevent] as const),
  )
  return { calendar, events }
}

const text = (vevent: ICAL.Component, name: string) => vevent.getFirstPropertyValue(name) as string | null
const time = (vevent: ICAL.Component, name: string) => (vevent.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString()

describe.each(DIALECTS)('the calendar feed on %s', (dialect) => {
  let dbHandle: DbHandle
  let server: TestEmbedServer
  let ev: SeededEvent
  let keynote: string
  let workshop: string
  let lunch: string
  let ada: string
  const feedPath = () => `/v1/events/${ev.eventId}/schedule.ics`
  const feed = (token: string | undefined, headers: Record<string, string> = {}) =>
    embedFetch(server.url, feedPath(), token, 'query', { headers })

  beforeAll(async () => {
    ;({ dbHandle, server, ev } = await startEmbedTestBed(dialect, {
      event: { name: 'DevConf, Berlin; 2030', venue: 'Spree Forum, Berlin', timezone: 'Europe/Berlin' },
    }))
    ada = await seedSpeaker(dbHandle.db, ev, 'Ada Public', 'confirmed')
    const hidden = await seedSpeaker(dbHandle.db, ev, 'Ivy Invited', 'invited')
    await dbHandle.db
      .updateTable('speakers')
      .set({ links: JSON.stringify([{ url: 'https://ada.example', label: 'Website' }]) })
      .where('id', '=', ada)
      .execute()
    keynote = await seedSession(dbHandle.db, ev, {
      title: 'Keynote: commas, semicolons; and a very long title that has to be folded over more than one line of 75 octets — ünïcödé 🎤',
      startsAt: '2030-05-01T07:00:00Z',
      track: 'Main',
      room: 'Hall A',
      speakerIds: [ada, hidden],
      description: 'First paragraph.\n\nSecond, with a link: https://example.com/x',
      more: { tags: ['ai', 'Main'], slides_url: 'https://slides.example/k', format: 'Keynote', language: 'en' },
    })
    workshop = await seedSession(dbHandle.db, ev, { title: 'Workshop', startsAt: '2030-05-01T09:00:00Z', room: 'Room B' })
    lunch = await seedSession(dbHandle.db, ev, { title: 'Lunch', startsAt: '2030-05-01T11:00:00Z' })
  })
  afterAll(() => stopEmbedTestBed(server, dbHandle))

  it('answers text/calendar with one VEVENT per session that a real parser reads back', async () => {
    const { token } = await seedToken(dbHandle.db, ev)
    const res = await feed(token)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    const body = await res.text()
    const { calendar, events } = parseFeed(body)
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0')
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('DevConf, Berlin; 2030')
    expect(calendar.getFirstPropertyValue('name')).toBe('DevConf, Berlin; 2030')
    expect(calendar.getFirstPropertyValue('x-wr-caldesc')).toBe('A test event')
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Berlin')
    expect([...events.keys()].sort()).toEqual([keynote, workshop, lunch].map((id) => `${id}@event-service`).sort())

    const k = events.get(`${keynote}@event-service`) as ICAL.Component
    expect(text(k, 'summary')).toBe(
      'Keynote: commas, semicolons; and a very long title that has to be folded over more than one line of 75 octets — ünïcödé 🎤',
    )
    expect(time(k, 'dtstart')).toBe('2030-05-01T07:00:00.000Z')
    expect(time(k, 'dtend')).toBe('2030-05-01T07:45:00.000Z')
    expect(text(k, 'location')).toBe('Hall A, Spree Forum, Berlin')
    expect(text(k, 'description')).toBe(
      'First paragraph.\n\nSecond, with a link: https://example.com/x\n\nSpeaker: Ada Public (Engineer, Acme)\n\nSlides: https://slides.example/k',
    )
    expect(k.getAllProperties('categories').flatMap((p) => p.getValues())).toEqual(['Main', 'ai'])
    expect(text(k, 'url')).toBe('https://slides.example/k')
    expect(text(k, 'status')).toBe('CONFIRMED')
    expect(k.getFirstPropertyValue('sequence')).toBe(0)
    // A speaker who is not public is nowhere, not even in the description.
    expect(body).not.toContain('Ivy')

    const l = events.get(`${lunch}@event-service`) as ICAL.Component
    expect(text(l, 'location')).toBe('Spree Forum, Berlin')
    expect(l.getFirstPropertyValue('description')).toBeNull()
    expect(l.getFirstPropertyValue('categories')).toBeNull()
  })

  it('writes lines of at most 75 octets, each ending in CRLF, with UTC times', async () => {
    const { token } = await seedToken(dbHandle.db, ev)
    const body = await (await feed(token)).text()
    expect(body.endsWith('END:VCALENDAR\r\n')).toBe(true)
    const lines = body.split('\r\n').slice(0, -1)
    expect(lines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true)
    expect(body.replaceAll('\r\n', '')).not.toMatch(/\n/)
    expect(lines.filter((l) => /^(DTSTART|DTEND|DTSTAMP|LAST-MODIFIED)[:;]/.test(l)).every((l) => /:\d{8}T\d{6}Z$/.test(l))).toBe(true)
    // Calendar properties come before the first component (RFC 5545 3.4).
    expect(body.indexOf('X-WR-TIMEZONE')).toBeLessThan(body.indexOf('BEGIN:VEVENT'))
  })

  it('keeps UIDs, raises SEQUENCE and moves DTSTAMP/LAST-MODIFIED when a session changes, on the next fetch', async () => {
    const { token } = await seedToken(dbHandle.db, ev)
    const before = parseFeed(await (await feed(token)).text()).events.get(`${workshop}@event-service`) as ICAL.Component
    const stamp = time(before, 'dtstamp')
    expect(time(before, 'last-modified')).toBe(stamp)
    await dbHandle.db
      .updateTable('sessions')
      .set({ room: 'Room C', updated_at: new Date('2031-01-01T00:00:00Z') })
      .where('id', '=', workshop)
      .execute()
    const after = parseFeed(await (await feed(token)).text()).events.get(`${workshop}@event-service`) as ICAL.Component
    expect(text(after, 'location')).toBe('Room C, Spree Forum, Berlin')
    expect(after.getFirstPropertyValue('sequence')).toBe(Number(before.getFirstPropertyValue('sequence')) + 1)
    expect(time(after, 'dtstamp')).toBe('2031-01-01T00:00:00.000Z')
    expect(time(after, 'last-modified')).toBe('2031-01-01T00:00:00.000Z')
  })

  it('says STATUS:CANCELLED for a session cancelled in the database, keeps it in the feed and raises its SEQUENCE', async () => {
    const { token } = await seedToken(dbHandle.db, ev)
    const before = parseFeed(await (await feed(token)).text()).events.get(`${lunch}@event-service`) as ICAL.Component
    expect(text(before, 'status')).toBe('CONFIRMED')
    await dbHandle.db.updateTable('sessions').set({ cancelled: true }).where('id', '=', lunch).execute()
    const after = parseFeed(await (await feed(token)).text()).events.get(`${lunch}@event-service`) as ICAL.Component
    expect(text(after, 'status')).toBe('CANCELLED')
    expect(after.getFirstPropertyValue('sequence')).toBe(Number(before.getFirstPropertyValue('sequence')) + 1)
    await dbHandle.db.updateTable('sessions').set({ cancelled: false }).where('id', '=', lunch).execute()
  })

  it('is cached like the reads: an ETag, 304 when unchanged, private no-cache, and a new ETag after a change', async () => {
    const { token } = await seedToken(dbHandle.db, ev)
    const first = await feed(token)
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^W\/"/)
    expect(first.headers.get('cache-control')).toBe('private, no-cache')
    const again = await feed(token, { 'If-None-Match': etag as string })
    expect(again.status).toBe(304)
    await dbHandle.db.updateTable('sessions').set({ title: 'Lunch break' }).where('id', '=', lunch).execute()
    const changed = await feed(token, { 'If-None-Match': etag as string })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
    expect(await changed.text()).toContain('SUMMARY:Lunch break')
  })

  it('is compressed for clients that accept it, and counted as the token’s usage', async () => {
    const { id, token } = await seedToken(dbHandle.db, ev)
    const res = await fetch(new URL(`${feedPath()}?token=${token}`, server.url), { headers: { 'Accept-Encoding': 'gzip' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(parseFeed(await res.text()).events.size).toBe(3)
    await expect
      .poll(
        async () =>
          Number(
            (await dbHandle.db.selectFrom('embed_tokens').select('usage_count').where('id', '=', id).executeTakeFirstOrThrow()).usage_count,
          ),
        {
          timeout: 10_000,
        },
      )
      .toBeGreaterThan(0)
  })

  describe('who may fetch it', () => {
    it('serves a calendar app (no Origin, no Referer) with a token without allowed origins', async () => {
      const { token } = await seedToken(dbHandle.db, ev)
      expect((await feed(token)).status).toBe(200)
    })

    it('refuses a token with allowed origins and no feed permission: 403 ORIGIN_NOT_ALLOWED, from the allowed site too', async () => {
      const { token } = await seedToken(dbHandle.db, ev, { allowedOrigins: ['https://shop.example.com'] })
      for (const headers of [{}, { Origin: 'https://shop.example.com' }] as Record<string, string>[]) {
        const res = await feed(token, headers)
        expect(res.status).toBe(403)
        expect(res.headers.get('access-control-allow-origin')).toBeNull()
        const body = (await res.json()) as { error: { code: string; message: string } }
        expect(body.error.code).toBe('ORIGIN_NOT_ALLOWED')
        expect(body.error.message).toContain('allowCalendarFeed')
      }
      // The JSON reads of the same token are untouched: allowed from the site, refused elsewhere.
      expect(
        (await embedFetch(server.url, `/v1/events/${ev.eventId}`, token, 'query', { headers: { Origin: 'https://shop.example.com' } }))
          .status,
      ).toBe(200)
    })

    it('serves a token with allowed origins and the feed permission to calendar apps, while its JSON reads stay limited', async () => {
      const { token } = await seedToken(dbHandle.db, ev, { allowedOrigins: ['https://shop.example.com'], calendarFeed: true })
      expect((await feed(token)).status).toBe(200)
      const read = await embedFetch(server.url, `/v1/events/${ev.eventId}/sessions`, token, 'query')
      expect(read.status).toBe(403)
      expect(((await read.json()) as { error: { code: string } }).error.code).toBe('ORIGIN_NOT_ALLOWED')
    })

    it('grants CORS on the feed only to an origin the token allows', async () => {
      const { token } = await seedToken(dbHandle.db, ev, { allowedOrigins: ['https://shop.example.com'], calendarFeed: true })
      const fromSite = await feed(token, { Origin: 'https://shop.example.com' })
      expect(fromSite.status).toBe(200)
      expect(fromSite.headers.get('access-control-allow-origin')).toBe('https://shop.example.com')
      const fromElsewhere = await feed(token, { Origin: 'https://evil.example' })
      expect(fromElsewhere.status).toBe(200)
      expect(fromElsewhere.headers.get('access-control-allow-origin')).toBeNull()
      const open = await seedToken(dbHandle.db, ev)
      expect((await feed(open.token, { Origin: 'https://anywhere.example' })).headers.get('access-control-allow-origin')).toBe(
        'https://anywhere.example',
      )
    })

    it.each([
      ['no token', undefined, 401, 'TOKEN_MISSING'],
      ['a disabled token', { isActive: false, calendarFeed: true }, 403, 'TOKEN_DISABLED'],
      ['a revoked token', { revoked: true, isActive: false, calendarFeed: true }, 401, 'TOKEN_REVOKED'],
      ['an expired token', { expiresAt: new Date(Date.now() - 1000), calendarFeed: true }, 401, 'TOKEN_EXPIRED'],
    ] as const)('refuses %s as every read does', async (_, options, status, code) => {
      const token = options === undefined ? undefined : (await seedToken(dbHandle.db, ev, options)).token
      const res = await feed(token)
      expect(res.status).toBe(status)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code)
    })

    it('refuses a token of another event (403 EVENT_MISMATCH) and a malformed event id (400)', async () => {
      const other = await seedEvent(dbHandle.db)
      const { token } = await seedToken(dbHandle.db, other, { calendarFeed: true })
      const res = await feed(token)
      expect(res.status).toBe(403)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('EVENT_MISMATCH')
      const malformed = await embedFetch(server.url, '/v1/events/nope/schedule.ics', token, 'query')
      expect(malformed.status).toBe(400)
    })

    it('stops serving at once when the feed permission is taken away', async () => {
      const { id, token } = await seedToken(dbHandle.db, ev, { allowedOrigins: ['https://shop.example.com'], calendarFeed: true })
      expect((await feed(token)).status).toBe(200)
      await dbHandle.db.updateTable('embed_tokens').set({ calendar_feed: false }).where('id', '=', id).execute()
      expect((await feed(token)).status).toBe(403)
    })
  })
})
