import type { DbHandle } from '@event-service/db'
import { generateSecret } from '@event-service/server-common'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  embedFetch,
  seedEvent,
  seedToken,
  startEmbedServer,
  TRANSPORTS,
  type SeededEvent,
  type TestEmbedServer,
  stopEmbedTestBed,
} from '../testing/embed-fixtures.ts'
import { countingHandle, type CountingHandle } from '../testing/counting-handle.ts'

async function errorOf(res: Response): Promise<{ status: number; code: string; cors: string | null }> {
  const body = (await res.json()) as { success: boolean; error: { code: string } }
  expect(body.success).toBe(false)
  return { status: res.status, code: body.error.code, cors: res.headers.get('access-control-allow-origin') }
}

describe.each(DIALECTS)('token enforcement on %s', (dialect) => {
  let dbHandle: DbHandle & { url?: string }
  let counted: CountingHandle
  let server: TestEmbedServer
  let ev: SeededEvent
  let other: SeededEvent

  beforeAll(async () => {
    dbHandle = await createTestDb(dialect)
    counted = countingHandle(dbHandle)
    server = await startEmbedServer(counted.handle)
    ev = await seedEvent(dbHandle.db)
    other = await seedEvent(dbHandle.db)
  })
  afterAll(() => stopEmbedTestBed(server, dbHandle))

  const origin = { Origin: 'https://shop.example.com' }

  describe.each(TRANSPORTS)('token in the %s', (transport) => {
    const get = (token: string | undefined, eventId = ev.eventId, headers: Record<string, string> = origin) =>
      embedFetch(server.url, `/v1/events/${eventId}`, token, transport, { headers })

    it('accepts a valid token, granting CORS to the request origin with Vary: Origin', async () => {
      const { token } = await seedToken(dbHandle.db, ev)
      const res = await get(token)
      expect(res.status).toBe(200)
      expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example.com')
      expect(res.headers.get('vary')).toMatch(/Origin/)
      expect(((await res.json()) as { data: { id: string } }).data.id).toBe(ev.eventId)
    })

    it('answers an unknown token 401 INVALID_TOKEN', async () => {
      expect(await errorOf(await get(generateSecret('emb')))).toEqual({ status: 401, code: 'INVALID_TOKEN', cors: null })
    })

    it('answers a revoked token 401 TOKEN_REVOKED', async () => {
      const { token } = await seedToken(dbHandle.db, ev, { revoked: true, isActive: false })
      expect(await errorOf(await get(token))).toEqual({ status: 401, code: 'TOKEN_REVOKED', cors: null })
    })

    it('answers a disabled token 403 TOKEN_DISABLED', async () => {
      const { token } = await seedToken(dbHandle.db, ev, { isActive: false })
      expect(await errorOf(await get(token))).toEqual({ status: 403, code: 'TOKEN_DISABLED', cors: null })
    })

    it('answers an expired token 401 TOKEN_EXPIRED', async () => {
      const { token } = await seedToken(dbHandle.db, ev, { expiresAt: new Date(Date.now() - 1000) })
      expect(await errorOf(await get(token))).toEqual({ status: 401, code: 'TOKEN_EXPIRED', cors: null })
    })

    it('accepts a token whose expiry is in the future', async () => {
      const { token } = await seedToken(dbHandle.db, ev, { expiresAt: new Date(Date.now() + 3_600_000) })
      expect((await get(token)).status).toBe(200)
    })

    it('answers a token of another event 403 EVENT_MISMATCH', async () => {
      const { token } = await seedToken(dbHandle.db, other)
      expect(await errorOf(await get(token))).toEqual({ status: 403, code: 'EVENT_MISMATCH', cors: null })
    })

    it('answers an origin outside allowed_origins 403 ORIGIN_NOT_ALLOWED', async () => {
      const { token } = await seedToken(dbHandle.db, ev, { allowedOrigins: ['https://good.example'] })
      expect(await errorOf(await get(token))).toEqual({ status: 403, code: 'ORIGIN_NOT_ALLOWED', cors: null })
    })

    it('answers a missing origin 403 ORIGIN_NOT_ALLOWED when origins are restricted', async () => {
      const { token } = await seedToken(dbHandle.db, ev, { allowedOrigins: ['https://good.example'] })
      expect(await errorOf(await get(token, ev.eventId, {}))).toEqual({ status: 403, code: 'ORIGIN_NOT_ALLOWED', cors: null })
    })

    it('checks in the order of the table: a revoked, expired token of another event is TOKEN_REVOKED', async () => {
      const { token } = await seedToken(dbHandle.db, other, {
        revoked: true,
        expiresAt: new Date(0),
        allowedOrigins: ['https://x.example'],
      })
      expect((await errorOf(await get(token))).code).toBe('TOKEN_REVOKED')
    })

    it('checks disabled before expired, and expired before the event', async () => {
      const disabled = await seedToken(dbHandle.db, other, { isActive: false, expiresAt: new Date(0) })
      expect((await errorOf(await get(disabled.token))).code).toBe('TOKEN_DISABLED')
      const expired = await seedToken(dbHandle.db, other, { expiresAt: new Date(0) })
      expect((await errorOf(await get(expired.token))).code).toBe('TOKEN_EXPIRED')
    })

    it('refuses garbage, truncated and look-alike tokens 401 INVALID_TOKEN without a query', async () => {
      const real = generateSecret('emb')
      const lookAlike = `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`
      const before = counted.queries()
      for (const bad of ['garbage', real.slice(0, -3), lookAlike, `sk_${real.slice(4)}`, `${real}x`, 'emb_!!!']) {
        expect(await errorOf(await get(bad))).toEqual({ status: 401, code: 'INVALID_TOKEN', cors: null })
      }
      expect(counted.queries()).toBe(before)
    })

    it('answers a malformed event id 400 VALIDATION_ERROR', async () => {
      const { token } = await seedToken(dbHandle.db, ev)
      const res = await get(token, 'not-a-uuid')
      expect(await errorOf(res)).toEqual({ status: 400, code: 'VALIDATION_ERROR', cors: null })
    })
  })

  it('answers no token 401 TOKEN_MISSING', async () => {
    const res = await fetch(`${server.url}/v1/events/${ev.eventId}`, { headers: origin })
    expect(await errorOf(res)).toEqual({ status: 401, code: 'TOKEN_MISSING', cors: null })
  })

  it('refuses a token in the query that differs from the one in the header', async () => {
    const a = await seedToken(dbHandle.db, ev)
    const b = await seedToken(dbHandle.db, ev)
    const res = await fetch(`${server.url}/v1/events/${ev.eventId}?token=${a.token}`, { headers: { Authorization: `Bearer ${b.token}` } })
    expect(await errorOf(res)).toEqual({ status: 401, code: 'INVALID_TOKEN', cors: null })
  })

  it('refuses an Authorization header that is not Bearer', async () => {
    const { token } = await seedToken(dbHandle.db, ev)
    const res = await fetch(`${server.url}/v1/events/${ev.eventId}`, { headers: { Authorization: `Basic ${token}` } })
    expect(await errorOf(res)).toEqual({ status: 401, code: 'INVALID_TOKEN', cors: null })
  })

  it('refuses a token given twice in the query', async () => {
    const { token } = await seedToken(dbHandle.db, ev)
    const res = await fetch(`${server.url}/v1/events/${ev.eventId}?token=${token}&token=${token}`)
    expect(await errorOf(res)).toEqual({ status: 401, code: 'INVALID_TOKEN', cors: null })
  })
})
