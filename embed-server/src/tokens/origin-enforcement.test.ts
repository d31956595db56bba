import type { DbHandle } from '@event-service/db'
import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  embedFetch,
  seedToken,
  TRANSPORTS,
  type SeededEvent,
  type TestEmbedServer,
  startEmbedTestBed,
  stopEmbedTestBed,
} from '../testing/embed-fixtures.ts'

describe.each(DIALECTS)('origins over HTTP on %s', (dialect) => {
  let dbHandle: DbHandle
  let server: TestEmbedServer
  let ev: SeededEvent
  let restricted: string
  let open: string

  beforeAll(async () => {
    ;({ dbHandle, server, ev } = await startEmbedTestBed(dialect))
    restricted = (await seedToken(dbHandle.db, ev, { allowedOrigins: ['https://good.example', 'https://*.example.com'] })).token
    open = (await seedToken(dbHandle.db, ev)).token
  })
  afterAll(() => stopEmbedTestBed(server, dbHandle))

  describe.each(TRANSPORTS)('token in the %s', (transport) => {
    const get = (token: string, headers: Record<string, string>) =>
      embedFetch(server.url, `/v1/events/${ev.eventId}`, token, transport, { headers })

    it.each(['https://good.example', 'https://shop.example.com', 'https://a.b.example.com'])('grants %s', async (origin) => {
      const res = await get(restricted, { Origin: origin })
      expect(res.status).toBe(200)
      expect(res.headers.get('access-control-allow-origin')).toBe(origin)
      expect(res.headers.get('vary')).toMatch(/Origin/)
    })

    it.each(['https://good.example.evil.com', 'https://evilgood.example', 'https://example.com', 'http://good.example', 'null'])(
      'refuses %s 403 ORIGIN_NOT_ALLOWED without a CORS grant',
      async (origin) => {
        const res = await get(restricted, { Origin: origin })
        const body = (await res.json()) as { error: { code: string } }
        expect(res.status).toBe(403)
        expect(body.error.code).toBe('ORIGIN_NOT_ALLOWED')
        expect(res.headers.get('access-control-allow-origin')).toBeNull()
        expect(res.headers.get('vary')).toMatch(/Origin/)
      },
    )

    it('falls back to the Referer when Origin is absent', async () => {
      expect((await get(restricted, { Referer: 'https://shop.example.com/schedule?x=1' })).status).toBe(200)
      const refused = await get(restricted, { Referer: 'https://evilgood.example/schedule' })
      expect(refused.status).toBe(403)
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('ORIGIN_NOT_ALLOWED')
    })

    it('serves an unrestricted token from any origin, echoing it', async () => {
      const res = await get(open, { Origin: 'https://anyone.example' })
      expect(res.status).toBe(200)
      expect(res.headers.get('access-control-allow-origin')).toBe('https://anyone.example')
    })

    it('serves an unrestricted token to an opaque origin without a CORS grant', async () => {
      const res = await get(open, { Origin: 'null' })
      expect(res.status).toBe(200)
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
    })
  })

  it('answers a preflight for the Authorization header from an allowed origin', async () => {
    const res = await fetch(`${server.url}/v1/events/${ev.eventId}/sessions`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://good.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('https://good.example')
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization')
    expect(res.headers.get('access-control-allow-methods')).toContain('GET')
  })

  it('refuses a preflight whose query token does not allow the origin, without a grant', async () => {
    const res = await fetch(`${server.url}/v1/events/${ev.eventId}/sessions?token=${restricted}`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evilgood.example', 'Access-Control-Request-Method': 'GET' },
    })
    expect(res.status).toBe(403)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('ORIGIN_NOT_ALLOWED')
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('grants a preflight whose query token allows the origin', async () => {
    const res = await fetch(`${server.url}/v1/events/${ev.eventId}/registrations?token=${restricted}`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://shop.example.com',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example.com')
  })
})
