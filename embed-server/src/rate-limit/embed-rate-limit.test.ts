import type { DbHandle } from '@event-service/db'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { parseTrustProxy } from '@event-service/server-common'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embedFetch, seedEvent, seedToken, startEmbedServer, type SeededEvent, type TestEmbedServer } from '../testing/embed-fixtures.ts'

const LIMIT = 3

describe.each(DIALECTS)('request limit per token and client IP on %s', (dialect) => {
  let dbHandle: DbHandle
  let server: TestEmbedServer
  let ev: SeededEvent

  beforeAll(async () => {
    dbHandle = await createTestDb(dialect)
    server = await startEmbedServer(dbHandle, { config: { embedRateLimit: LIMIT } })
    ev = await seedEvent(dbHandle.db)
  })
  afterAll(async () => {
    await server?.close()
    await dbHandle?.close()
  })

  it('answers the request past the limit 429 RATE_LIMIT_EXCEEDED with Retry-After', async () => {
    const { token } = await seedToken(dbHandle.db, ev)
    for (let i = 0; i < LIMIT; i++) {
      const ok = await embedFetch(server.url, `/v1/events/${ev.eventId}`, token, 'query')
      expect(ok.status).toBe(200)
      expect(ok.headers.get('x-ratelimit-remaining')).toBe(String(LIMIT - i - 1))
    }
    const res = await embedFetch(server.url, `/v1/events/${ev.eventId}`, token, 'query', { headers: { Origin: 'https://a.example' } })
    expect(res.status).toBe(429)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMIT_EXCEEDED')
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('counts each token on its own', async () => {
    const a = await seedToken(dbHandle.db, ev)
    const b = await seedToken(dbHandle.db, ev)
    for (let i = 0; i < LIMIT; i++) await embedFetch(server.url, `/v1/events/${ev.eventId}`, a.token, 'header')
    expect((await embedFetch(server.url, `/v1/events/${ev.eventId}`, b.token, 'header')).status).toBe(200)
  })

  it('counts each client behind a trusted proxy on its own, and ignores X-Forwarded-For from anyone else', async () => {
    // The test's requests come from 127.0.0.1: a trusted proxy for `behind`, a client for `direct`.
    const behind = await startEmbedServer(dbHandle, {
      cache: false,
      config: { embedRateLimit: 2, trustProxy: parseTrustProxy('127.0.0.1') },
    })
    const direct = await startEmbedServer(dbHandle, {
      cache: false,
      config: { embedRateLimit: 2, trustProxy: parseTrustProxy('10.9.9.9') },
    })
    try {
      const { token } = await seedToken(dbHandle.db, ev)
      const read = (url: string, client: string) =>
        embedFetch(url, `/v1/events/${ev.eventId}`, token, 'query', { headers: { 'X-Forwarded-For': client } })
      const statuses = async (url: string, clients: string[]) => {
        const out: number[] = []
        for (const client of clients) out.push((await read(url, client)).status)
        return out
      }
      const clients = ['203.0.113.1', '203.0.113.1', '203.0.113.1', '203.0.113.2', '203.0.113.2', '198.51.100.7, 203.0.113.2']
      // A client's own X-Forwarded-For entries (left of the one the proxy wrote) change nothing.
      expect(await statuses(behind.url, clients)).toEqual([200, 200, 429, 200, 200, 429])
      expect(await statuses(direct.url, clients)).toEqual([200, 200, 429, 429, 429, 429])
    } finally {
      await behind.close()
      await direct.close()
    }
  })

  it('keeps the limit, with its headers, while the rate-limit store is unreachable', async () => {
    const down = await startEmbedServer(dbHandle, { config: { embedRateLimit: 2, redisUrl: 'redis://127.0.0.1:1' } })
    try {
      const { token } = await seedToken(dbHandle.db, ev)
      const answers = []
      for (let i = 0; i < 3; i++) answers.push(await embedFetch(down.url, `/v1/events/${ev.eventId}`, token, 'query'))
      expect(answers.map((r) => r.status)).toEqual([200, 200, 429])
      expect(answers.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['1', '0', '0'])
    } finally {
      await down.close()
    }
  })
})
