import type { DbHandle } from '@event-service/db'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  embedFetch,
  seedEvent,
  seedSession,
  seedSpeaker,
  seedToken,
  startEmbedServer,
  type SeededEvent,
  type TestEmbedServer,
} from '../testing/embed-fixtures.ts'

/** Every key anywhere in a JSON value, with its path. */
function keysOf(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keysOf(v, `${path}[${i}]`))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [`${path}.${k}`, ...keysOf(v, `${path}.${k}`)])
  return []
}

interface Fixture {
  ev: SeededEvent
  token: string
  ada: string
  bob: string
  hidden: string
  keynote: string
  workshop: string
  dayTwo: string
}

async function seedSchedule(dbHandle: DbHandle): Promise<Fixture> {
  const db = dbHandle.db
  const ev = await seedEvent(db, { tickets: [{ id: 'standard', name: 'Standard', price: '€350' }] })
  const bob = await seedSpeaker(db, ev, 'Bob Public', 'confirmed')
  const ada = await seedSpeaker(db, ev, 'Ada Public', 'accepted')
  const hidden = await seedSpeaker(db, ev, 'Hidden Invitee', 'invited')
  await seedSpeaker(db, ev, 'Declined Person', 'declined')
  // 07:30 UTC is 09:30 in Berlin on day one; 22:30 UTC on May 1 is already May 2 in Berlin.
  const keynote = await seedSession(db, ev, {
    title: 'Keynote',
    startsAt: '2030-05-01T07:30:00Z',
    track: 'Main',
    room: 'A',
    speakerIds: [bob, hidden, ada],
  })
  const workshop = await seedSession(db, ev, {
    title: 'Workshop',
    startsAt: '2030-05-01T07:30:00Z',
    track: 'Labs',
    room: 'B',
    speakerIds: [hidden],
  })
  const dayTwo = await seedSession(db, ev, {
    title: 'Late talk',
    startsAt: '2030-05-01T22:30:00Z',
    track: 'Main',
    room: 'A',
    speakerIds: [ada],
  })
  const { token } = await seedToken(db, ev)
  return { ev, token, ada, bob, hidden, keynote, workshop, dayTwo }
}

describe.each(DIALECTS)('public reads on %s', (dialect) => {
  let dbHandle: DbHandle
  let server: TestEmbedServer
  let uncached: TestEmbedServer
  let f: Fixture
  const read = async (path: string, base = server.url) => {
    const res = await embedFetch(base, `/v1/events/${f.ev.eventId}${path}`, f.token, 'header')
    return { res, body: (await res.json()) as { success: boolean; data: any; error?: { code: string } } }
  }

  beforeAll(async () => {
    dbHandle = await createTestDb(dialect)
    server = await startEmbedServer(dbHandle)
    uncached = await startEmbedServer(dbHandle, { cache: false })
    f = await seedSchedule(dbHandle)
  })
  afterAll(async () => {
    await server?.close()
    await uncached?.close()
    await dbHandle?.close()
  })

  it('returns the public event fields and its tickets', async () => {
    const { res, body } = await read('')
    expect(res.status).toBe(200)
    expect(Object.keys(body.data).sort()).toEqual([
      'description',
      'ends_at',
      'id',
      'name',
      'privacy_notice',
      'questions',
      'starts_at',
      'tickets',
      'timezone',
      'venue',
    ])
    expect(body.data.tickets).toEqual([{ id: 'standard', name: 'Standard', description: null, price: '€350', sold_out: false }])
    expect(body.data.questions).toEqual([])
    expect(body.data.privacy_notice).toBeNull()
    expect(body.data.starts_at).toBe('2030-05-01T07:00:00.000Z')
  })

  it('lists sessions by start, room, title with only public speakers in their order', async () => {
    const { body } = await read('/sessions')
    expect(body.data.map((s: { id: string }) => s.id)).toEqual([f.keynote, f.workshop, f.dayTwo])
    expect(body.data[0].speakers.map((s: { id: string }) => s.id)).toEqual([f.bob, f.ada])
    expect(body.data[1].speakers).toEqual([])
    expect(Object.keys(body.data[0].speakers[0]).sort()).toEqual(['company', 'id', 'name', 'photo_url', 'title'])
  })

  it('filters sessions by day in the event time zone and by track', async () => {
    expect((await read('/sessions?day=2030-05-02')).body.data.map((s: { id: string }) => s.id)).toEqual([f.dayTwo])
    expect((await read('/sessions?day=2030-05-01&track=Main')).body.data.map((s: { id: string }) => s.id)).toEqual([f.keynote])
    expect((await read('/sessions?track=Nothing')).body.data).toEqual([])
  })

  it('answers a malformed day 400 VALIDATION_ERROR', async () => {
    const { res, body } = await read('/sessions?day=2030-02-30')
    expect(res.status).toBe(400)
    expect(body.error?.code).toBe('VALIDATION_ERROR')
  })

  it('returns one session, and 404 NOT_FOUND for an unknown one', async () => {
    expect((await read(`/sessions/${f.keynote}`)).body.data.title).toBe('Keynote')
    const missing = await read('/sessions/00000000-0000-4000-8000-000000000000')
    expect(missing.res.status).toBe(404)
    expect(missing.body.error?.code).toBe('NOT_FOUND')
  })

  it('answers a malformed session id 400 VALIDATION_ERROR', async () => {
    const { res, body } = await read('/sessions/42')
    expect(res.status).toBe(400)
    expect(body.error?.code).toBe('VALIDATION_ERROR')
  })

  it('lists public speakers by name with their sessions', async () => {
    const { body } = await read('/speakers')
    expect(body.data.map((s: { name: string }) => s.name)).toEqual(['Ada Public', 'Bob Public'])
    expect(body.data[0].sessions.map((s: { id: string }) => s.id)).toEqual([f.keynote, f.dayTwo])
    expect(Object.keys(body.data[0]).sort()).toEqual(['bio', 'company', 'id', 'links', 'name', 'photo_url', 'sessions', 'title'])
  })

  it('answers a speaker who is not public 404 NOT_FOUND, like an unknown one', async () => {
    const { res, body } = await read(`/speakers/${f.hidden}`)
    expect(res.status).toBe(404)
    expect(body.error?.code).toBe('NOT_FOUND')
    expect((await read(`/speakers/${f.ada}`)).body.data.name).toBe('Ada Public')
  })

  it('never sends an email, a speaker’s tag or a non-public speaker in any response body', async () => {
    const paths = [
      '',
      '/sessions',
      `/sessions/${f.keynote}`,
      `/sessions/${f.workshop}`,
      '/speakers',
      `/speakers/${f.ada}`,
      `/speakers/${f.bob}`,
    ]
    for (const path of paths) {
      for (const base of [server.url, uncached.url]) {
        const res = await embedFetch(base, `/v1/events/${f.ev.eventId}${path}`, f.token, 'query')
        const text = await res.text()
        expect(res.status).toBe(200)
        const keys = keysOf(JSON.parse(text))
        expect(keys.filter((k) => /email|status|search_text|account_id/.test(k))).toEqual([])
        // Sessions have public tags; a speaker's tags are the organiser's own.
        const sessionTags = path.startsWith('/sessions') ? /^\$\.data(\[\d+\])?\.tags/ : /^$/
        expect(keys.filter((k) => /tags/.test(k) && !sessionTags.test(k))).toEqual([])
        expect(text).not.toContain('@speakers.example')
        expect(text).not.toContain(f.hidden)
        expect(text).not.toContain('secret-tag')
      }
    }
  })

  it('answers 304 to If-None-Match with the current ETag, and revalidation is required', async () => {
    const first = await read('/sessions')
    const etag = first.res.headers.get('etag')
    expect(etag).toBeTruthy()
    expect(first.res.headers.get('cache-control')).toBe('private, no-cache')
    const again = await embedFetch(server.url, `/v1/events/${f.ev.eventId}/sessions`, f.token, 'header', {
      headers: { 'If-None-Match': etag! },
    })
    expect(again.status).toBe(304)
  })

  it('serves a change to a session on the next read (NOTIFY evicts the cached data)', async () => {
    await read('/sessions') // cached
    await dbHandle.db.updateTable('sessions').set({ title: 'Keynote (moved)' }).where('id', '=', f.keynote).execute()
    expect((await read(`/sessions/${f.keynote}`)).body.data.title).toBe('Keynote (moved)')
    expect((await read('/sessions')).body.data[0].title).toBe('Keynote (moved)')
  })

  it('drops a speaker from every answer as soon as the speaker stops being public', async () => {
    const speaker = await seedSpeaker(dbHandle.db, f.ev, 'Soon Withdrawn', 'confirmed')
    await dbHandle.db.insertInto('session_speakers').values({ session_id: f.dayTwo, speaker_id: speaker, position: 5 }).execute()
    expect(JSON.stringify((await read('/sessions')).body)).toContain(speaker)
    await dbHandle.db.updateTable('speakers').set({ status: 'withdrawn' }).where('id', '=', speaker).execute()
    expect(JSON.stringify((await read('/sessions')).body)).not.toContain(speaker)
    expect(JSON.stringify((await read('/speakers')).body)).not.toContain(speaker)
  })

  it('serves the same answers with the cache turned off', async () => {
    const cached = await read('/sessions')
    const direct = await read('/sessions', uncached.url)
    expect(direct.body).toEqual(cached.body)
    expect(direct.res.headers.get('etag')).toBe(cached.res.headers.get('etag'))
  })

  it('compresses by Accept-Encoding', async () => {
    const big = await seedEvent(dbHandle.db)
    for (let i = 0; i < 20; i++)
      await seedSession(dbHandle.db, big, { title: `Talk ${i}`, startsAt: '2030-05-01T09:00:00Z', room: `R${i}` })
    const { token } = await seedToken(dbHandle.db, big)
    for (const encoding of ['gzip', 'br']) {
      const res = await embedFetch(server.url, `/v1/events/${big.eventId}/sessions`, token, 'header', {
        headers: { 'Accept-Encoding': encoding },
      })
      expect(res.headers.get('content-encoding')).toBe(encoding)
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/)
      expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(20)
    }
  })
})
