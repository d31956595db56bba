import type { DbHandle } from '@event-service/db'
import { generateSecret } from '@event-service/server-common'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCESS_CHECKS_PER_MINUTE } from '../rate-limit/embed-rate-limit.ts'
import {
  embedFetch,
  seedEvent,
  seedToken,
  startEmbedServer,
  TRANSPORTS,
  type SeededEvent,
  type TestEmbedServer,
  startEmbedTestBed,
  stopEmbedTestBed,
} from '../testing/embed-fixtures.ts'

interface Verdict {
  allowed: boolean
  code?: string
  message?: string
}

/** `GET …/access` explains a refusal to any page; the refusal itself stays unreadable by it. */
describe.each(DIALECTS)('access verdicts on %s', (dialect) => {
  let dbHandle: DbHandle
  let server: TestEmbedServer
  let ev: SeededEvent
  let other: SeededEvent

  beforeAll(async () => {
    ;({ dbHandle, server, ev } = await startEmbedTestBed(dialect))
    other = await seedEvent(dbHandle.db)
  })
  afterAll(() => stopEmbedTestBed(server, dbHandle))

  const site = { Origin: 'https://shop.example.com' }

  async function verdictOf(res: Response): Promise<Verdict> {
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('vary')).toMatch(/Origin/)
    const body = (await res.json()) as { success: boolean; data: Verdict }
    expect(body.success).toBe(true)
    return body.data
  }

  describe.each(TRANSPORTS)('token in the %s', (transport) => {
    const access = (token: string | undefined, eventId = ev.eventId, headers: Record<string, string> = site) =>
      embedFetch(server.url, `/v1/events/${eventId}/access`, token, transport, { headers })

    it('says a usable token is allowed', async () => {
      const { token } = await seedToken(dbHandle.db, ev, { allowedOrigins: ['https://shop.example.com'] })
      expect(await verdictOf(await access(token))).toEqual({ allowed: true, calendar_feed: false })
    })

    it('says whether the token serves the calendar feed: without allowed origins, or with the feed permission', async () => {
      const open = await seedToken(dbHandle.db, ev)
      expect(await verdictOf(await access(open.token))).toEqual({ allowed: true, calendar_feed: true })
      const feed = await seedToken(dbHandle.db, ev, { allowedOrigins: ['https://shop.example.com'], calendarFeed: true })
      expect(await verdictOf(await access(feed.token))).toEqual({ allowed: true, calendar_feed: true })
    })

    it.each([
      ['unknown', 'INVALID_TOKEN', {}],
      ['revoked', 'TOKEN_REVOKED', { revoked: true, isActive: false }],
      ['disabled', 'TOKEN_DISABLED', { isActive: false }],
      ['expired', 'TOKEN_EXPIRED', { expiresAt: new Date(Date.now() - 1000) }],
      ['restricted to another site', 'ORIGIN_NOT_ALLOWED', { allowedOrigins: ['https://good.example'] }],
    ] as const)('explains a token that is %s as %s, while the data route refuses it unreadably', async (what, code, options) => {
      const token = what === 'unknown' ? generateSecret('emb') : (await seedToken(dbHandle.db, ev, options)).token
      expect(await verdictOf(await access(token))).toMatchObject({ allowed: false, code, message: expect.any(String) })
      const refused = await embedFetch(server.url, `/v1/events/${ev.eventId}`, token, transport, { headers: site })
      expect(refused.status).toBeGreaterThanOrEqual(401)
      expect(refused.headers.get('access-control-allow-origin')).toBeNull()
    })

    it('explains a token of another event as EVENT_MISMATCH', async () => {
      const { token } = await seedToken(dbHandle.db, other)
      expect(await verdictOf(await access(token))).toMatchObject({ allowed: false, code: 'EVENT_MISMATCH' })
    })

    it('explains a look-alike token as INVALID_TOKEN', async () => {
      const { token } = await seedToken(dbHandle.db, ev)
      const lookAlike = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
      expect(await verdictOf(await access(lookAlike))).toMatchObject({ allowed: false, code: 'INVALID_TOKEN' })
    })
  })

  it('explains a missing token and a malformed event id', async () => {
    expect(
      await verdictOf(await embedFetch(server.url, `/v1/events/${ev.eventId}/access`, undefined, 'query', { headers: site })),
    ).toMatchObject({
      allowed: false,
      code: 'TOKEN_MISSING',
    })
    const { token } = await seedToken(dbHandle.db, ev)
    expect(await verdictOf(await embedFetch(server.url, '/v1/events/not-a-uuid/access', token, 'query', { headers: site }))).toMatchObject({
      allowed: false,
      code: 'VALIDATION_ERROR',
    })
  })

  it('judges the origin by Referer when there is no Origin, as the data routes do', async () => {
    const { token } = await seedToken(dbHandle.db, ev, { allowedOrigins: ['https://shop.example.com'] })
    const fromPage = { Referer: 'https://shop.example.com/schedule.html' }
    expect(await verdictOf(await embedFetch(server.url, `/v1/events/${ev.eventId}/access`, token, 'query', { headers: fromPage }))).toEqual(
      { allowed: true, calendar_feed: false },
    )
    const elsewhere = { Referer: 'https://shop.example.com.evil.example/' }
    expect(
      await verdictOf(await embedFetch(server.url, `/v1/events/${ev.eventId}/access`, token, 'query', { headers: elsewhere })),
    ).toMatchObject({
      allowed: false,
      code: 'ORIGIN_NOT_ALLOWED',
    })
  })

  it('does not count as usage of the token', async () => {
    const { id, token } = await seedToken(dbHandle.db, ev)
    await verdictOf(await embedFetch(server.url, `/v1/events/${ev.eventId}/access`, token, 'query', { headers: site }))
    await server.close()
    server = await startEmbedServer(dbHandle)
    const row = await dbHandle.db.selectFrom('embed_tokens').select(['usage_count']).where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.usage_count).toBe(0)
  })
})

describe('access verdicts under the per-IP limit', () => {
  let dbHandle: DbHandle
  let server: TestEmbedServer
  beforeAll(async () => {
    dbHandle = await createTestDb('pglite')
    server = await startEmbedServer(dbHandle, { config: { embedRateLimit: 600, redisUrl: undefined } })
  })
  afterAll(() => stopEmbedTestBed(server, dbHandle))

  it(`answers the request after ${ACCESS_CHECKS_PER_MINUTE} a minute with a readable 429`, async () => {
    const ev = await seedEvent(dbHandle.db)
    const { token } = await seedToken(dbHandle.db, ev)
    const url = `${server.url}/v1/events/${ev.eventId}/access?token=${token}`
    for (let i = 0; i < ACCESS_CHECKS_PER_MINUTE; i++) expect((await fetch(url)).status).toBe(200)
    const limited = await fetch(url)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('access-control-allow-origin')).toBe('*')
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMIT_EXCEEDED')
  })
})
