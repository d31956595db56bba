import { insertApiKey } from '@event-service/admin-api/testing/test-api.ts'
import { createAdminApp } from '@event-service/admin-api/app.ts'
import { createDb, type DbHandle } from '@event-service/db'
import { createLogger, listen, loadConfig, type RunningServer } from '@event-service/server-common'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedEvent, startEmbedServer, type SeededEvent, type TestEmbedServer } from '../testing/embed-fixtures.ts'
import { expectHonouredWithinBound, heldUpNotifications } from '../testing/freshness-bound.ts'
import { FRESHNESS_BOUND_MS } from '../cache/freshness.ts'

const ORIGIN = 'https://shop.example.com'

/**
 * The token states of docs/admin-api.md#embed-token across instances: two embed servers on one database, a token in active use on both,
 * disabled, enabled again and revoked through the admin API. The first request to either instance
 * after each admin response must see the change (no waiting, no retries).
 */
describe.each(DIALECTS)('two embed instances and the admin API on %s', (dialect) => {
  let base: DbHandle & { url?: string }
  const ownHandles: DbHandle[] = []
  let admin: { server: RunningServer; close(): Promise<void> }
  let a: TestEmbedServer
  let b: TestEmbedServer
  let ev: SeededEvent
  let apiKey: string

  beforeAll(async () => {
    base = await createTestDb(dialect)
    // On Postgres each instance has its own pool and listening connection, as separate processes
    // would, and gets its notifications as late as Postgres may deliver them: the admin API's answer
    // must come only once the change holds on both anyway. PGlite is one database in one process,
    // so there they share it.
    const handleFor = async () => {
      if (dialect === 'pglite') return base
      const h = await createDb({ databaseUrl: base.url })
      ownHandles.push(h)
      return heldUpNotifications(h)
    }
    a = await startEmbedServer(await handleFor(), { freshnessBoundMs: FRESHNESS_BOUND_MS })
    b = await startEmbedServer(await handleFor(), { freshnessBoundMs: FRESHNESS_BOUND_MS })
    const config = loadConfig({ ADMIN_PORT: '0', LOG_LEVEL: 'silent' })
    const adminApp = await createAdminApp({ db: base.db, config, logger: createLogger('silent') })
    admin = { server: await listen(adminApp.callback(), { host: '127.0.0.1', port: 0 }), close: adminApp.close }

    ev = await seedEvent(base.db)
    apiKey = await insertApiKey(base.db, ev.accountId)
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
    await admin?.server.close(100)
    await admin?.close()
    for (const h of ownHandles) await h.close()
    await base?.close()
  })

  const adminCall = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${admin.server.url}/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${apiKey}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    })
    expect(res.status, `${method} ${path}`).toBeLessThan(300)
    return (await res.json()) as { data: { id: string; token?: string } }
  }
  const read = async (server: TestEmbedServer, token: string) => {
    const res = await fetch(`${server.url}/v1/events/${ev.eventId}/sessions?token=${token}`, { headers: { Origin: ORIGIN } })
    const body = (await res.json()) as { success: boolean; error?: { code: string } }
    return { status: res.status, code: body.error?.code ?? 'OK' }
  }

  it('refuses a disabled, then a revoked token on the first request to either instance', async () => {
    const created = await adminCall('POST', '/embed-tokens', { eventId: ev.eventId, name: 'site', allowedOrigins: [ORIGIN] })
    const { id } = created.data
    const token = created.data.token!

    // Keep the token busy on both instances while it changes, so that lookups are in flight.
    let busy = true
    const load = (server: TestEmbedServer) =>
      (async () => {
        while (busy) await read(server, token)
      })()
    const background = [load(a), load(b), load(a), load(b)]

    try {
      for (let round = 0; round < 5; round++) {
        expect(await read(a, token)).toEqual({ status: 200, code: 'OK' })
        expect(await read(b, token)).toEqual({ status: 200, code: 'OK' })
        await adminCall('PATCH', `/embed-tokens/${id}`, { isActive: false })
        expect(await Promise.all([read(a, token), read(b, token)])).toEqual([
          { status: 403, code: 'TOKEN_DISABLED' },
          { status: 403, code: 'TOKEN_DISABLED' },
        ])
        await adminCall('PATCH', `/embed-tokens/${id}`, { isActive: true })
        expect(await Promise.all([read(b, token), read(a, token)])).toEqual([
          { status: 200, code: 'OK' },
          { status: 200, code: 'OK' },
        ])
      }
      await adminCall('DELETE', `/embed-tokens/${id}`)
      expect(await Promise.all([read(a, token), read(b, token)])).toEqual([
        { status: 401, code: 'TOKEN_REVOKED' },
        { status: 401, code: 'TOKEN_REVOKED' },
      ])
    } finally {
      busy = false
      await Promise.all(background)
    }
  })

  it('applies an origin change on the first request to either instance', async () => {
    const created = await adminCall('POST', '/embed-tokens', { eventId: ev.eventId, name: 'origins', allowedOrigins: [ORIGIN] })
    const token = created.data.token!
    expect((await read(a, token)).status).toBe(200)
    expect((await read(b, token)).status).toBe(200)
    await adminCall('PATCH', `/embed-tokens/${created.data.id}`, { allowedOrigins: ['https://elsewhere.example'] })
    expect(await read(a, token)).toEqual({ status: 403, code: 'ORIGIN_NOT_ALLOWED' })
    expect(await read(b, token)).toEqual({ status: 403, code: 'ORIGIN_NOT_ALLOWED' })
  })

  it.runIf(dialect === 'postgres')('honours a change made while the listening connection is lost within the freshness bound', async () => {
    const created = await adminCall('POST', '/embed-tokens', { eventId: ev.eventId, name: 'reconnect', allowedOrigins: [ORIGIN] })
    const token = created.data.token!
    expect((await read(a, token)).status).toBe(200)
    expect((await read(b, token)).status).toBe(200)
    // Cut every listening connection: notifications sent now reach no one.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`.execute(base.db)
    await base.db.updateTable('embed_tokens').set({ is_active: false }).where('id', '=', created.data.id).execute()
    // No notification comes; the cache is trusted for FRESHNESS_BOUND_MS after its last round trip
    // at most, and not at all once the instance has seen the connection go.
    const committedAt = performance.now()
    const code = (server: TestEmbedServer) => async () => (await read(server, token)).code
    await expectHonouredWithinBound(code(a), { committedAt, expected: 'TOKEN_DISABLED', before: 'OK' })
    await expectHonouredWithinBound(code(b), { committedAt, expected: 'TOKEN_DISABLED', before: 'OK' })
  })
})
