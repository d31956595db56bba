import { createDb, type DbHandle } from '@event-service/db'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { parseTrustProxy } from '@event-service/server-common'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  seedEvent,
  seedSession,
  seedSpeaker,
  seedToken,
  type SeededEvent,
  startEmbedServer,
  type TestEmbedServer,
} from '../testing/embed-fixtures.ts'
import { openSse, type SseFrame } from '../testing/sse-client.ts'

const ORIGIN = 'https://shop.example.com'
const isEvent = (name: string) => (f: SseFrame) => f.event === name
const dataOf = (f: SseFrame) => JSON.parse(f.data ?? 'null') as unknown

describe.each(DIALECTS)('live streams on %s', (dialect) => {
  let dbHandle: DbHandle
  let server: TestEmbedServer
  let ev: SeededEvent
  let session: string
  let speaker: string
  const liveUrl = (token: string, base = server.url, eventId = ev.eventId) => `${base}/v1/events/${eventId}/live?token=${token}`

  beforeAll(async () => {
    dbHandle = await createTestDb(dialect)
    server = await startEmbedServer(dbHandle)
    ev = await seedEvent(dbHandle.db)
    speaker = await seedSpeaker(dbHandle.db, ev, 'Ada Public', 'confirmed')
    session = await seedSession(dbHandle.db, ev, {
      title: 'Keynote',
      startsAt: '2030-05-01T07:00:00Z',
      room: 'Hall A',
      speakerIds: [speaker],
    })
  })
  afterAll(async () => {
    await server?.close()
    await dbHandle?.close()
  })

  it('opens with ready, as an event stream with the CORS grant of a read', async () => {
    const { token } = await seedToken(dbHandle.db, ev, { allowedOrigins: [ORIGIN] })
    const stream = await openSse(liveUrl(token), { Origin: ORIGIN })
    try {
      expect(stream.status).toBe(200)
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8')
      expect(stream.headers['cache-control']).toBe('no-store')
      expect(stream.headers['access-control-allow-origin']).toBe(ORIGIN)
      expect(stream.headers.vary).toBe('Origin')
      expect(dataOf(await stream.waitFor(isEvent('ready')))).toEqual({})
    } finally {
      stream.close()
    }
  })

  it('sends changed with the parts that changed after a commit', async () => {
    const { token } = await seedToken(dbHandle.db, ev)
    const stream = await openSse(liveUrl(token))
    try {
      await stream.waitFor(isEvent('ready'))
      await dbHandle.db.updateTable('sessions').set({ room: 'Hall B' }).where('id', '=', session).execute()
      expect(dataOf(await stream.waitFor(isEvent('changed')))).toEqual({ parts: ['sessions', 'speakers'] })
      await dbHandle.db.updateTable('events').set({ venue: 'Hall 2' }).where('id', '=', ev.eventId).execute()
      const second = await stream.waitFor((f) => f.event === 'changed' && stream.frames.filter(isEvent('changed')).indexOf(f) === 1)
      expect(dataOf(second)).toEqual({ parts: ['event'] })
    } finally {
      stream.close()
    }
  })

  it('sends nothing for another event’s changes', async () => {
    const other = await seedEvent(dbHandle.db)
    const otherSession = await seedSession(dbHandle.db, other, { title: 'Elsewhere', startsAt: '2030-05-01T07:00:00Z' })
    const { token } = await seedToken(dbHandle.db, ev)
    const stream = await openSse(liveUrl(token))
    try {
      await stream.waitFor(isEvent('ready'))
      await dbHandle.db.updateTable('sessions').set({ room: 'Other' }).where('id', '=', otherSession).execute()
      // The change of our event comes after the other one: if the other one were sent, it would be first.
      await dbHandle.db.updateTable('sessions').set({ cancelled: true }).where('id', '=', session).execute()
      await stream.waitFor(isEvent('changed'))
      expect(stream.frames.filter(isEvent('changed'))).toHaveLength(1)
    } finally {
      stream.close()
      await dbHandle.db.updateTable('sessions').set({ cancelled: false }).where('id', '=', session).execute()
    }
  })

  it('refuses before the stream starts like a read: status, envelope, no CORS grant', async () => {
    const missing = await openSse(`${server.url}/v1/events/${ev.eventId}/live`, { Origin: ORIGIN })
    expect(missing.status).toBe(401)
    expect(JSON.parse(missing.body)).toMatchObject({ success: false, error: { code: 'TOKEN_MISSING' } })
    const { token } = await seedToken(dbHandle.db, ev, { allowedOrigins: ['https://elsewhere.example'] })
    const origin = await openSse(liveUrl(token), { Origin: ORIGIN })
    expect(origin.status).toBe(403)
    expect(JSON.parse(origin.body)).toMatchObject({ success: false, error: { code: 'ORIGIN_NOT_ALLOWED' } })
    expect(origin.headers['access-control-allow-origin']).toBeUndefined()
    const other = await seedEvent(dbHandle.db)
    const mismatch = await openSse(liveUrl(token, server.url, other.eventId), { Origin: 'https://elsewhere.example' })
    expect(mismatch.status).toBe(403)
    expect(JSON.parse(mismatch.body)).toMatchObject({ error: { code: 'EVENT_MISMATCH' } })
    const malformed = await openSse(`${server.url}/v1/events/not-a-uuid/live?token=${token}`)
    expect(malformed.status).toBe(400)
  })

  const refusals: [string, Parameters<typeof seedToken>[2], (id: string) => Promise<unknown>, string][] = [
    [
      'disabled',
      {},
      (id) => dbHandle.db.updateTable('embed_tokens').set({ is_active: false }).where('id', '=', id).execute(),
      'TOKEN_DISABLED',
    ],
    [
      'revoked',
      {},
      (id) => dbHandle.db.updateTable('embed_tokens').set({ revoked_at: new Date() }).where('id', '=', id).execute(),
      'TOKEN_REVOKED',
    ],
    [
      'no longer allowed from its origin',
      { allowedOrigins: [ORIGIN] },
      (id) =>
        dbHandle.db
          .updateTable('embed_tokens')
          .set({ allowed_origins: ['https://elsewhere.example'] })
          .where('id', '=', id)
          .execute(),
      'ORIGIN_NOT_ALLOWED',
    ],
    [
      'moved to another event',
      {},
      async (id) => {
        const other = await seedEvent(dbHandle.db)
        await dbHandle.db.updateTable('embed_tokens').set({ event_id: other.eventId }).where('id', '=', id).execute()
      },
      'EVENT_MISMATCH',
    ],
  ]
  it.each(refusals)('sends refused and ends the stream when its token is %s', async (_what, options, change, code) => {
    const { id, token } = await seedToken(dbHandle.db, ev, options)
    const stream = await openSse(liveUrl(token), { Origin: ORIGIN })
    await stream.waitFor(isEvent('ready'))
    await change(id)
    const refused = await stream.waitFor(isEvent('refused'))
    expect(dataOf(refused)).toMatchObject({ code, message: expect.any(String) })
    await stream.ended
  })

  it('sends refused when the token expires while the stream is open', async () => {
    const { token } = await seedToken(dbHandle.db, ev, { expiresAt: new Date(Date.now() + 1_500) })
    const stream = await openSse(liveUrl(token))
    await stream.waitFor(isEvent('ready'))
    expect(dataOf(await stream.waitFor(isEvent('refused')))).toMatchObject({ code: 'TOKEN_EXPIRED' })
    await stream.ended
  })

  it('keeps a stream whose token changed in a way that still allows it', async () => {
    const { id, token } = await seedToken(dbHandle.db, ev, { allowedOrigins: [ORIGIN] })
    const stream = await openSse(liveUrl(token), { Origin: ORIGIN })
    try {
      await stream.waitFor(isEvent('ready'))
      await dbHandle.db
        .updateTable('embed_tokens')
        .set({ allowed_origins: [ORIGIN, 'https://more.example'] })
        .where('id', '=', id)
        .execute()
      await dbHandle.db.updateTable('speakers').set({ company: 'Acme 2' }).where('id', '=', speaker).execute()
      await stream.waitFor(isEvent('changed'))
      expect(stream.frames.some(isEvent('refused'))).toBe(false)
    } finally {
      stream.close()
    }
  })

  it('caps streams per token and per client IP with 429 TOO_MANY_STREAMS, and frees a slot when one closes', async () => {
    const capped = await startEmbedServer(dbHandle, { liveLimits: { perToken: 2, perIp: 3 } })
    try {
      const { token } = await seedToken(dbHandle.db, ev)
      const open = [await openSse(liveUrl(token, capped.url)), await openSse(liveUrl(token, capped.url))]
      const third = await openSse(liveUrl(token, capped.url))
      expect(third.status).toBe(429)
      expect(third.headers['retry-after']).toBe('60')
      expect(JSON.parse(third.body)).toMatchObject({ success: false, error: { code: 'TOO_MANY_STREAMS' } })
      const { token: second } = await seedToken(dbHandle.db, ev)
      open.push(await openSse(liveUrl(second, capped.url)))
      const fourth = await openSse(liveUrl(second, capped.url))
      expect(fourth.status).toBe(429)
      expect(JSON.parse(fourth.body).error.message).toMatch(/network/)
      open[0]!.close()
      // The slot is free once the server has seen the close: wait for it, do not time it.
      let again = await openSse(liveUrl(token, capped.url))
      while (again.status === 429) {
        await new Promise((r) => setTimeout(r, 20))
        again = await openSse(liveUrl(token, capped.url))
      }
      expect(again.status).toBe(200)
      open.push(again)
      for (const s of open) s.close()
    } finally {
      await capped.close()
    }
  })

  it('caps the streams of an instance at LIVE_STREAMS_MAX with 503 SERVICE_UNAVAILABLE and Retry-After, and frees a slot when one closes', async () => {
    const full = await startEmbedServer(dbHandle, { config: { liveStreamsMax: 2 } })
    try {
      const tokens = await Promise.all([1, 2, 3].map(() => seedToken(dbHandle.db, ev)))
      const open = [await openSse(liveUrl(tokens[0]!.token, full.url)), await openSse(liveUrl(tokens[1]!.token, full.url))]
      expect(open.map((s) => s.status)).toEqual([200, 200])
      const refused = await openSse(liveUrl(tokens[2]!.token, full.url))
      expect(refused.status).toBe(503)
      expect(refused.headers['retry-after']).toBe('30')
      expect(JSON.parse(refused.body)).toMatchObject({
        success: false,
        error: { code: 'SERVICE_UNAVAILABLE', details: { limit: 2, retry_after: 30 } },
      })
      open[0]!.close()
      // The slot is free once the server has seen the close: wait for it, do not time it.
      await expect
        .poll(async () => {
          const again = await openSse(liveUrl(tokens[2]!.token, full.url))
          if (again.status === 200) open.push(again)
          return again.status
        })
        .toBe(200)
      for (const s of open) s.close()
    } finally {
      await full.close()
    }
  })

  it('caps streams per client IP behind a trusted proxy by X-Forwarded-For, and by the socket otherwise', async () => {
    // The test's requests come from 127.0.0.1: a trusted proxy for `behind`, a client for `direct`.
    const behind = await startEmbedServer(dbHandle, { liveLimits: { perIp: 1 }, config: { trustProxy: parseTrustProxy('127.0.0.1') } })
    const direct = await startEmbedServer(dbHandle, { liveLimits: { perIp: 1 }, config: { trustProxy: parseTrustProxy('10.9.9.9') } })
    const open: Awaited<ReturnType<typeof openSse>>[] = []
    try {
      const { token } = await seedToken(dbHandle.db, ev)
      const statuses = async (base: string) => {
        const out: number[] = []
        for (const client of ['203.0.113.1', '203.0.113.1', '203.0.113.2']) {
          const stream = await openSse(liveUrl(token, base), { 'X-Forwarded-For': client })
          open.push(stream)
          out.push(stream.status)
        }
        return out
      }
      expect(await statuses(behind.url)).toEqual([200, 429, 200])
      expect(await statuses(direct.url)).toEqual([200, 429, 429])
    } finally {
      for (const s of open) s.close()
      await behind.close()
      await direct.close()
    }
  })

  it('ends every stream with a retry hint on a graceful stop, and refuses new ones with 503', async () => {
    const stopping = await startEmbedServer(dbHandle)
    const { token } = await seedToken(dbHandle.db, ev)
    const streams = [await openSse(liveUrl(token, stopping.url)), await openSse(liveUrl(token, stopping.url))]
    for (const s of streams) await s.waitFor(isEvent('ready'))
    stopping.embed.endStreams()
    for (const s of streams) {
      expect((await s.waitFor((f) => f.retry !== undefined)).retry).toBe(2000)
      await s.ended
    }
    const late = await openSse(liveUrl(token, stopping.url))
    expect(late.status).toBe(503)
    expect(JSON.parse(late.body)).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } })
    await stopping.close()
  })
})

describe.runIf(DIALECTS.includes('postgres'))('live streams across two embed instances on postgres', () => {
  let base: DbHandle & { url?: string }
  const handles: DbHandle[] = []
  let a: TestEmbedServer
  let b: TestEmbedServer
  let ev: SeededEvent

  beforeAll(async () => {
    base = await createTestDb('postgres')
    // Each instance with its own pool and listening connection, as separate processes would.
    for (let i = 0; i < 2; i++) handles.push(await createDb({ databaseUrl: base.url }))
    a = await startEmbedServer(handles[0]!)
    b = await startEmbedServer(handles[1]!)
    ev = await seedEvent(base.db)
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
    for (const h of handles) await h.close()
    await base?.close()
  })

  it('sends a commit made through one connection to the streams of both instances, and a revoke refuses both', async () => {
    const session = await seedSession(base.db, ev, { title: 'Talk', startsAt: '2030-05-01T09:00:00Z' })
    const { id, token } = await seedToken(base.db, ev)
    const streams = await Promise.all([a, b].map((s) => openSse(`${s.url}/v1/events/${ev.eventId}/live?token=${token}`)))
    for (const s of streams) await s.waitFor(isEvent('ready'))
    await base.db.updateTable('sessions').set({ room: 'Room 2' }).where('id', '=', session).execute()
    for (const s of streams) expect(dataOf(await s.waitFor(isEvent('changed')))).toEqual({ parts: ['sessions', 'speakers'] })
    await base.db.updateTable('embed_tokens').set({ revoked_at: new Date() }).where('id', '=', id).execute()
    for (const s of streams) {
      expect(dataOf(await s.waitFor(isEvent('refused')))).toMatchObject({ code: 'TOKEN_REVOKED' })
      await s.ended
    }
  })
})
