import type { DbHandle } from '@event-service/db'
import { createTestDb } from '@event-service/db/testing.ts'
import { HTML_CSP } from '@event-service/server-common'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CANCEL_PATH } from './registrations/link-page-routes.ts'
import { embedFetch, seedEvent, seedToken, type SeededEvent, startEmbedServer, type TestEmbedServer } from './testing/embed-fixtures.ts'

// The headers do not depend on the database: PGlite is enough.
describe('security headers of the embed server', () => {
  let dbHandle: DbHandle
  let server: TestEmbedServer
  let ev: SeededEvent
  let token: string
  beforeAll(async () => {
    dbHandle = await createTestDb('pglite')
    server = await startEmbedServer(dbHandle)
    ev = await seedEvent(dbHandle.db)
    ;({ token } = await seedToken(dbHandle.db, ev))
  })
  afterAll(async () => {
    await server?.close()
    await dbHandle?.close()
  })

  it('sends nosniff with reads (the hot path’s too), refusals, files and unknown paths', async () => {
    const read = `/v1/events/${ev.eventId}`
    for (const [path, withToken] of [
      [read, true],
      // The second read is the hot path's, from the cache the first one filled.
      [read, true],
      [read, false],
      ['/v1/loader.js', false],
      ['/v1/openapi.json', false],
      ['/nowhere', false],
    ] as const) {
      const res = await embedFetch(server.url, path, withToken ? token : undefined, 'query')
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(res.headers.get('content-security-policy'), path).toBeNull()
    }
  })

  it('gives a first screen a policy under which nothing runs, and no framing', async () => {
    const res = await embedFetch(server.url, `/v1/events/${ev.eventId}/first-screen/service-schedule`, token, 'query')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(res.headers.get('content-security-policy')).toBe(HTML_CSP)
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('keeps the cancel page’s own policy', async () => {
    const res = await fetch(`${server.url}${CANCEL_PATH}?token=nope`)
    expect(res.headers.get('content-type')).toContain('text/html')
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).not.toBe(HTML_CSP)
    expect(csp).toContain("form-action 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })
})
