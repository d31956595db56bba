import type { DbHandle } from '@event-service/db'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countingHandle, type CountingHandle } from '../testing/counting-handle.ts'
import { seedEvent, seedSession, seedToken, startEmbedServer, type SeededEvent, type TestEmbedServer } from '../testing/embed-fixtures.ts'
import { expectHonouredWithinBound, heldUpNotifications } from '../testing/freshness-bound.ts'
import { FRESHNESS_BOUND_MS } from './freshness.ts'

const ORIGIN = 'https://shop.example.com'

describe.each(DIALECTS)('a cached read on %s', (dialect) => {
  let base: DbHandle & { url?: string }
  let counted: CountingHandle
  let server: TestEmbedServer
  let ev: SeededEvent

  beforeAll(async () => {
    base = await createTestDb(dialect)
    counted = countingHandle(base)
    server = await startEmbedServer(counted.handle, { freshnessBoundMs: FRESHNESS_BOUND_MS })
    ev = await seedEvent(base.db)
    await seedSession(base.db, ev, { title: 'Keynote', startsAt: '2030-05-01T08:00:00Z' })
  })
  afterAll(async () => {
    await server?.close()
    await base?.close()
  })

  const read = async (token: string) => {
    const res = await fetch(`${server.url}/v1/events/${ev.eventId}/sessions?token=${token}`, { headers: { Origin: ORIGIN } })
    await res.arrayBuffer()
    return res.status
  }

  it('waits for no query, and on Postgres shares a few round trips a second among all requests', async () => {
    const { token } = await seedToken(base.db, ev, { allowedOrigins: [ORIGIN] })
    expect(await read(token)).toBe(200) // loads the token and the event
    const queries = counted.queries()
    const roundTrips = counted.roundTrips()
    const started = performance.now()
    const requests = 60
    for (let wave = 0; wave < requests / 10; wave++) {
      expect(await Promise.all(Array.from({ length: 10 }, () => read(token)))).toEqual(Array(10).fill(200))
    }
    const elapsed = performance.now() - started
    expect(counted.queries() - queries).toBe(0)
    if (dialect === 'pglite') {
      expect(counted.roundTrips() - roundTrips).toBe(0)
    } else {
      // One in the background per half bound at most, and one more after each quiet spell.
      expect(counted.roundTrips() - roundTrips).toBeLessThanOrEqual(2 * (1 + Math.ceil(elapsed / (FRESHNESS_BOUND_MS / 2))))
      expect(counted.roundTrips() - roundTrips).toBeLessThan(requests)
    }
  })
})

describe.runIf(DIALECTS.includes('postgres'))('a change whose notification is held up, on postgres', () => {
  let base: DbHandle & { url?: string }
  let server: TestEmbedServer
  let ev: SeededEvent

  beforeAll(async () => {
    base = await createTestDb('postgres')
    server = await startEmbedServer(heldUpNotifications(base), { freshnessBoundMs: FRESHNESS_BOUND_MS })
    ev = await seedEvent(base.db)
  })
  afterAll(async () => {
    await server?.close()
    await base?.close()
  })

  const read = async (token: string) => {
    const res = await fetch(`${server.url}/v1/events/${ev.eventId}/sessions?token=${token}`, { headers: { Origin: ORIGIN } })
    const body = (await res.json()) as { error?: { code: string } }
    return body.error?.code ?? 'OK'
  }

  for (const change of ['disabled', 'revoked'] as const) {
    it(`refuses a ${change} token to every request arriving ${FRESHNESS_BOUND_MS} ms after the commit`, async () => {
      const { id, token } = await seedToken(base.db, ev, { allowedOrigins: [ORIGIN] })
      expect(await read(token)).toBe('OK')
      await base.db
        .updateTable('embed_tokens')
        .set(change === 'disabled' ? { is_active: false } : { is_active: false, revoked_at: new Date() })
        .where('id', '=', id)
        .execute()
      const committedAt = performance.now()
      await expectHonouredWithinBound(() => read(token), {
        committedAt,
        expected: change === 'disabled' ? 'TOKEN_DISABLED' : 'TOKEN_REVOKED',
        before: 'OK',
      })
    })
  }
})
