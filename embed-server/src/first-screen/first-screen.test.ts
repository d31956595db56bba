import type { DbHandle } from '@event-service/db'
import { DIALECTS } from '@event-service/db/testing.ts'
import {
  ELEMENTS,
  FIRST_SCREEN_READS,
  FIRST_SCREEN_TAGS,
  type FirstScreenTag,
  pathOf,
  type Read,
  type ReadData,
} from '@event-service/widgets/first-screens'
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
  startEmbedTestBed,
  stopEmbedTestBed,
} from '../testing/embed-fixtures.ts'

// The renderer is the widgets' build (dist-server/, built by vitest.global-setup.ts), as in production.

/** A screen's markup: what precedes the data handed over with it (which holds every session of the event). */
const markupOf = (html: string) => html.slice(0, html.indexOf('<script type="application/json"'))

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
    ;({ dbHandle, server, ev } = await startEmbedTestBed(dialect, { event: { name: 'DevConf', timezone: 'Europe/Berlin' } }))
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

  afterAll(() => stopEmbedTestBed(server, dbHandle))

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
    // Lit's markers, which the element hydrates by: one root part, its template's digest named.
    expect(html).toMatch(/<!--lit-part [\w+/=]+-->/)
    // Nothing of the caller's: every token of the event shares one drawing.
    expect(html).not.toContain(token)
  })

  it('hands over the data it was drawn from, as the JSON reads answer it, after the markup', async () => {
    const html = await (await screen('service-schedule')).text()
    const script = /<script type="application\/json" data-first-screen>(.*)<\/script>$/s.exec(html)
    expect(script).not.toBeNull()
    // Last, outside the root part: hydration never looks there.
    expect(html.lastIndexOf('<!--/lit-part-->')).toBeLessThan(script!.index)
    // No `<` in the script's text: no title can end it early.
    expect(script![1]).not.toContain('<')
    const json = async (path: string) =>
      ((await (await embedFetch(server.url, `/v1/events/${ev.eventId}${path}`, token, 'query')).json()) as { data: unknown }).data
    expect(JSON.parse(script![1]!)).toEqual({ event: await json(''), sessions: await json('/sessions') })
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
    const list = markupOf(await (await screen('service-session-list', { limit: '1' })).text())
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
    // Answered from the screens kept, not drawn again.
    expect(again.headers.get('x-cache')).toBe('hit')
  })

  describe('during the event', () => {
    afterEach(() => {
      vi.useRealTimers()
    })

    it('draws no clock: nothing live or past (the element adds it), and the same screen, kept, hours later', async () => {
      const live = await seedEvent(dbHandle.db, { name: 'Today', timezone: 'Europe/Berlin' })
      await seedSession(dbHandle.db, live, { title: 'On stage now', startsAt: new Date(Date.now() - 10 * 60_000).toISOString() })
      const { token: liveToken } = await seedToken(dbHandle.db, live)
      const draw = () => embedFetch(server.url, `/v1/events/${live.eventId}/first-screen/service-schedule`, liveToken, 'query')
      // The session runs for 45 minutes from 10 minutes ago: live now, which the screen does not say.
      const now = await draw()
      expect(now.headers.get('x-cache')).toBe('miss')
      const html = await now.text()
      expect(html).toContain('On stage now')
      expect(markupOf(html)).not.toMatch(/class="badge"[^>]*>Live<|class="[^"]*\bis-(live|past)\b|part="now"/)
      // Only Date is faked: the server's own timers keep running.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60 * 60_000 })
      const later = await draw()
      expect(later.headers.get('x-cache')).toBe('hit')
      expect(await later.text()).toBe(html)
    })
  })

  describe('what is kept', () => {
    it('keys a screen by the attributes its element reads, normalised: others draw nothing new', async () => {
      const kept = server.embed.firstScreens
      expect((await screen('service-schedule', { view: 'list' })).status).toBe(200)
      const draws = kept.draws
      const size = kept.size
      // Attributes the schedule does not read (`track`, `theme`, the session list's, unknown ones),
      // even malformed, change nothing.
      for (let i = 0; i < 5; i++) {
        const res = await screen('service-schedule', {
          view: 'list',
          track: `x${i}`,
          theme: 'dark',
          limit: 'many',
          'session-id': '',
          [`p${i}`]: 'y',
        })
        expect(res.status).toBe(200)
      }
      // Spellings of the same screen: an empty locale is the default one, a tag is canonical.
      await screen('service-schedule', { view: 'list', locale: '' })
      await screen('service-schedule', { view: 'list', locale: 'en' })
      // Private use, a region ICU does not know, a language without a catalogue: English.
      for (const locale of ['en-x-s1', 'en-x-s2', 'en-ZZ', 'ja', 'pt-BR']) await screen('service-schedule', { view: 'list', locale })
      await screen('service-session-list', { locale: 'EN-gb', limit: '02', track: '' })
      await screen('service-session-list', { locale: 'en-GB', limit: '2' })
      await screen('service-session-detail', { 'session-id': keynote.toUpperCase(), locale: 'FR' })
      await screen('service-session-detail', { 'session-id': keynote, locale: 'fr' })
      expect(kept.draws).toBe(draws + 2)
      expect(kept.size).toBe(size + 2)
    })

    it('takes links to its own address, never the Origin of the request', async () => {
      const { token: sites } = await seedToken(dbHandle.db, ev, { allowedOrigins: ['https://one.example', 'https://two.example'] })
      const ask = (origin: string) =>
        embedFetch(server.url, `/v1/events/${ev.eventId}/first-screen/service-speakers?layout=list`, sites, 'query', {
          headers: { Origin: origin },
        })
      const draws = server.embed.firstScreens.draws
      const one = await ask('https://one.example')
      expect(one.status).toBe(200)
      expect(await one.text()).not.toContain('one.example')
      const two = await ask('https://two.example')
      expect(await two.text()).not.toContain('two.example')
      // One drawing for both: neither origin is part of it.
      expect(server.embed.firstScreens.draws).toBe(draws + 1)
    })

    it('keeps screens within FIRST_SCREEN_CACHE_MB, the least recently used going first', async () => {
      const list = (s: TestEmbedServer, track: string) =>
        embedFetch(s.url, `/v1/events/${ev.eventId}/first-screen/service-session-list?track=${track}`, token, 'query')
      // What one screen of the list counts for (its bytes, gzip form, key), measured here.
      const probe = await startEmbedServer(dbHandle)
      await (await list(probe, 'aa')).text()
      const one = probe.embed.firstScreens.bytes
      await probe.close()
      const small = await startEmbedServer(dbHandle, { config: { firstScreenCacheBytes: Math.floor(one * 2.5) } })
      try {
        const kept = small.embed.firstScreens
        for (const track of ['aa', 'bb', 'aa', 'cc']) expect((await list(small, track)).status).toBe(200)
        // aa, bb drawn; aa kept; cc drawn, and bb, the least recently used, went for it.
        expect(kept.draws).toBe(3)
        expect(kept.size).toBe(2)
        expect(kept.bytes).toBeLessThanOrEqual(Math.floor(one * 2.5))
        await list(small, 'aa')
        expect(kept.draws).toBe(3)
        await list(small, 'bb')
        expect(kept.draws).toBe(4)
      } finally {
        await small.close()
      }
    })
  })

  it('declares what each element reads: exactly those attributes change its screen', async () => {
    // The renderer itself (the route drops what is not declared), from the JSON reads' data.
    const { renderFirstScreen } = await import('@event-service/widgets/first-screen-renderer')
    const paths = ['', '/sessions', '/speakers', `/sessions/${keynote}`, `/speakers/${ada}`]
    const answers = new Map<string, unknown>()
    for (const path of paths)
      answers.set(
        path,
        ((await (await embedFetch(server.url, `/v1/events/${ev.eventId}${path}`, token, 'query')).json()) as { data: unknown }).data,
      )
    const read: ReadData = (r) => answers.get(pathOf(r))
    const draw = (tag: FirstScreenTag, attrs: Record<string, string>) =>
      renderFirstScreen(
        tag,
        { eventId: ev.eventId, token, attrs: { 'session-id': keynote, 'speaker-id': ada, ...attrs }, apiRoot: `${server.url}/v1/` },
        read,
      )
    // A value of each attribute that would show otherwise than none (or than the one above).
    const others: Record<string, string> = {
      locale: 'de',
      theme: 'dark',
      view: 'list',
      'group-by': 'track',
      layout: 'carousel',
      limit: '1',
      day: '2030-05-02',
      track: 'zzz',
      room: 'Room B',
      tag: 'zzz',
    }
    for (const tag of FIRST_SCREEN_TAGS) {
      const plain = await draw(tag, {})
      const changing = []
      for (const [name, value] of Object.entries(others)) if ((await draw(tag, { [name]: value })) !== plain) changing.push(name)
      const declared = Object.keys(FIRST_SCREEN_READS[tag]).filter((name) => !name.endsWith('-id'))
      expect(changing, tag).toEqual(declared)
    }
  })

  it('answers the reads of every element of the manifest as the JSON reads do', async () => {
    // The route's reader (by part and id) against the renderer fed the JSON answers (by path):
    // a read an element's manifest makes that the server answered otherwise would draw otherwise.
    const { renderFirstScreen } = await import('@event-service/widgets/first-screen-renderer')
    const json = async (r: Read<unknown>) =>
      ((await (await embedFetch(server.url, `/v1/events/${ev.eventId}${pathOf(r)}`, token, 'query')).json()) as { data: unknown }).data
    const ids: Record<string, string> = { 'session-id': keynote, 'speaker-id': ada }
    for (const tag of FIRST_SCREEN_TAGS) {
      const attrs = Object.fromEntries(Object.keys(FIRST_SCREEN_READS[tag]).flatMap((name) => (ids[name] ? [[name, ids[name]]] : [])))
      const answers = new Map<string, unknown>()
      for (const r of Object.values(ELEMENTS[tag].reads((name) => attrs[name]))) answers.set(pathOf(r), await json(r))
      const byJson = await renderFirstScreen(tag, { eventId: ev.eventId, token, attrs, apiRoot: `${server.url}/v1/` }, (r) =>
        answers.get(pathOf(r)),
      )
      const res = await screen(tag, attrs)
      expect(res.status, tag).toBe(200)
      expect(await res.text(), tag).toBe(byJson)
    }
  })

  it('refuses malformed attributes of the element with 400 in the envelope, before drawing', async () => {
    const draws = server.embed.firstScreens.draws
    const refusals: [string, Record<string, string>, string][] = [
      ['service-session-detail', { 'session-id': '' }, 'session-id'],
      ['service-session-detail', { 'session-id': '\n' }, 'session-id'],
      ['service-session-detail', { 'session-id': 'nope' }, 'session-id'],
      ['service-session-detail', {}, 'session-id'],
      ['service-speaker-card', { 'speaker-id': `${ada}x` }, 'speaker-id'],
      ['service-schedule', { view: 'cards' }, 'view'],
      ['service-schedule', { 'group-by': '' }, 'group-by'],
      ['service-speakers', { layout: 'wall' }, 'layout'],
      ['service-session-list', { day: '2030-02-30' }, 'day'],
      ['service-session-list', { limit: '-1' }, 'limit'],
      ['service-registration', { locale: 'en_US' }, 'locale'],
    ]
    for (const [element, query, path] of refusals) {
      const res = await screen(element, query)
      expect(res.status, `${element} ${JSON.stringify(query)}`).toBe(400)
      expect(await res.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR', details: { fields: [{ path }] } } })
    }
    expect(server.embed.firstScreens.draws).toBe(draws)
  })

  it('refuses what the reads refuse, and an element or attribute it does not draw, in the envelope', async () => {
    const unknown = await screen('service-unknown')
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } })
    const long = await screen('service-session-list', { track: 'x'.repeat(201) })
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
