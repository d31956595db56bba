import type { DbHandle } from '@event-service/db'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
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
