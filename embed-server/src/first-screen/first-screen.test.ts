import type { DbHandle } from '@event-service/db'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
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

// The renderer is the widgets' build (dist-server/, built by vitest.global-setup.ts), as in production.

// The server's own globals before any first screen is drawn in this process.
const serverFetch = globalThis.fetch
describe.each(DIALECTS)('first screens on %s', (dialect) => {
  let dbHandle: DbHandle
  let server: TestEmbedServer
  let ev: SeededEvent
  let token: string
  let ada: string
  let keynote: string
  const screen = (element: string, query: Record<string, string> = {}, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    embedFetch(server.url, `/v1/events/${ev.eventId}/first-screen/${element}?${new URLSearchParams(query)}`, token, 'query', init)

  beforeAll(async () => {
    dbHandle = await createTestDb(dialect)
    server = await startEmbedServer(dbHandle)
    ev = await seedEvent(dbHandle.db, { name: 'DevConf', timezone: 'Europe/Berlin' })
    ada = await seedSpeaker(dbHandle.db, ev, 'Ada Public', 'confirmed')
    await seedSpeaker(dbHandle.db, ev, 'Ivy Invited', 'invited')
    keynote = await seedSession(dbHandle.db, ev, {
      title: 'Keynote <about> "markup" & more',
      startsAt: '2030-05-01T07:00:00Z',
      room: 'Main Hall',
      speakerIds: [ada],
    })
    await seedSession(dbHandle.db, ev, { title: 'Lightning talks', startsAt: '2030-05-01T09:00:00Z', room: 'Room B' })
    ;({ token } = await seedToken(dbHandle.db, ev))
  })

  afterAll(async () => {
    await server?.close()
    await dbHandle?.close()
  })

  it('draws the schedule with its sessions, times in the event’s zone, text escaped', async () => {
    const res = await screen('service-schedule', { locale: 'en-GB' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await res.text()
    // The shadow root's content: its style sheets first, then the element's markup.
    expect(html.startsWith('<style>')).toBe(true)
    expect(html).toContain('Keynote &lt;about&gt; &quot;markup&quot; &amp; more')
    expect(html).toContain('Lightning talks')
    expect(html).toContain('09:00') // 07:00 UTC in Berlin's summer time
    expect(html).not.toMatch(/<!--\/?lit-/)
    // Nothing of the caller's: every token of the event shares one drawing.
    expect(html).not.toContain(token)
  })

  it('leaves the server process its own fetch, and no window or document', async () => {
    await screen('service-schedule')
    expect(globalThis.fetch).toBe(serverFetch)
    expect('window' in globalThis || 'document' in globalThis).toBe(false)
  })

  it('draws in the language asked for', async () => {
    const html = await (await screen('service-schedule', { locale: 'de' })).text()
    expect(html).toContain('Suche')
    const english = await (await screen('service-schedule', { locale: 'en' })).text()
    expect(english).toContain('Search')
  })

  it('draws one speaker and one session; an id the event does not show is 404 in the envelope', async () => {
    const card = await (await screen('service-speaker-card', { 'speaker-id': ada })).text()
    expect(card).toContain('Ada Public')
    const detail = await (await screen('service-session-detail', { 'session-id': keynote })).text()
    expect(detail).toContain('Main Hall')
    const missing = await screen('service-speaker-card', { 'speaker-id': '00000000-0000-4000-8000-000000000000' })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } })
  })

  it('draws the gallery without speakers who are not public, and the list', async () => {
    const gallery = await (await screen('service-speakers')).text()
    expect(gallery).toContain('Ada Public')
    expect(gallery).not.toContain('Ivy Invited')
    const list = await (await screen('service-session-list', { limit: '1' })).text()
    expect(list).toContain('Keynote')
    expect(list).not.toContain('Lightning talks')
  })

  it('draws the registration form with the event’s tickets', async () => {
    const form = await (await screen('service-registration')).text()
    expect(form).toContain('<form')
    expect(form).toContain('DevConf')
  })

  it('answers a second ask with the same ETag, and 304 to If-None-Match', async () => {
    const first = await screen('service-speakers', { theme: 'dark' })
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^W\/"/)
    const again = await screen('service-speakers', { theme: 'dark' }, { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
  })

  describe('during the event', () => {
    afterEach(() => {
      vi.useRealTimers()
    })

    it('draws what is live by the clock, again each minute', async () => {
      const live = await seedEvent(dbHandle.db, { name: 'Today', timezone: 'Europe/Berlin' })
      await seedSession(dbHandle.db, live, { title: 'On stage now', startsAt: new Date(Date.now() - 10 * 60_000).toISOString() })
      const { token: liveToken } = await seedToken(dbHandle.db, live)
      const draw = async () =>
        (await embedFetch(server.url, `/v1/events/${live.eventId}/first-screen/service-schedule`, liveToken, 'query')).text()
      // The session runs for 45 minutes from 10 minutes ago: live now.
      expect(await draw()).toMatch(/class="badge"[^>]*>Live</)
      // Only Date is faked: the server's own timers keep running.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60 * 60_000 })
      const later = await draw()
      expect(later).toContain('On stage now')
      expect(later).not.toMatch(/class="badge"[^>]*>Live</)
    })
  })

  it('refuses what the reads refuse, and an element or attribute it does not draw, in the envelope', async () => {
    const unknown = await screen('service-unknown')
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } })
    const long = await screen('service-schedule', { track: 'x'.repeat(201) })
    expect(long.status).toBe(400)
    expect(await long.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', details: { fields: [{ path: 'track' }] } } })
    const noToken = await embedFetch(server.url, `/v1/events/${ev.eventId}/first-screen/service-schedule`, undefined, 'query')
    expect(noToken.status).toBe(401)
    const { token: revoked } = await seedToken(dbHandle.db, ev, { revoked: true })
    const refused = await embedFetch(server.url, `/v1/events/${ev.eventId}/first-screen/service-schedule`, revoked, 'query')
    expect(refused.status).toBe(401)
    expect(await refused.json()).toMatchObject({ error: { code: 'TOKEN_REVOKED' } })
  })
})
