import { createAdminApp } from '@event-service/admin-api'
import { insertApiKey } from '@event-service/admin-api/testing/test-api.ts'
import { createDb, type DbHandle } from '@event-service/db'
import { isDatabaseUnavailable, listen, loadConfig, type RunningServer } from '@event-service/server-common'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { createEmbedApp } from '@event-service/embed-server'
import { seedEvent, seedToken } from '@event-service/embed-server/testing/embed-fixtures.ts'
import { sql } from 'kysely'
import { pino } from 'pino'
import { startTcpProxy, type TcpProxy } from '@event-service/server-common/testing/tcp-proxy.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const config = loadConfig({ ADMIN_PORT: '0', EMBED_PORT: '0', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', EMBED_RATE_LIMIT: '0' })
const logger = pino({ level: 'silent' })

/** Both servers on one database handle, as `npm start` runs them. */
interface Servers {
  adminUrl: string
  embedUrl: string
  close(): Promise<void>
}

async function startServers(dbHandle: DbHandle): Promise<Servers> {
  const admin = await createAdminApp({ db: dbHandle.db, config, logger })
  const embed = await createEmbedApp({ dbHandle, config, logger })
  const running: RunningServer[] = [
    await listen(admin.callback(), { host: '127.0.0.1', port: 0 }),
    await listen(embed.callback(), { host: '127.0.0.1', port: 0 }),
  ]
  return {
    adminUrl: running[0]!.url,
    embedUrl: running[1]!.url,
    async close() {
      await Promise.all(running.map((s) => s.close(500)))
      await embed.close()
      await admin.close()
    },
  }
}

// A request that does not get an answer in this time has hung: the point of the 503 is that it does not.
const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(20_000) })
  return { status: res.status, retryAfter: res.headers.get('Retry-After'), body: (await res.json()) as Record<string, unknown> }
}

const unavailable = (details: Record<string, unknown> = {}) => ({
  status: 503,
  retryAfter: '5',
  body: { success: false, error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String), details: expect.objectContaining(details) } },
})
const healthy = { status: 200, retryAfter: null, body: { success: true, data: { status: 'ok' } } }

describe.each(DIALECTS)('a database outage on %s', (dialect) => {
  let direct: DbHandle & { url?: string }
  let proxy: TcpProxy | undefined
  let handle: DbHandle
  let servers: Servers
  let key: string
  let eventId: string
  let token: string

  beforeAll(async () => {
    direct = await createTestDb(dialect)
    if (dialect === 'postgres') {
      // The servers reach the test database only through the proxy; setup and checks go direct.
      const url = new URL(direct.url!)
      proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) })
      url.hostname = proxy.host
      url.port = String(proxy.port)
      handle = await createDb({ databaseUrl: url.toString() })
    } else {
      handle = direct
    }
    const seeded = await seedEvent(direct.db)
    eventId = seeded.eventId
    token = (await seedToken(direct.db, seeded)).token
    key = await insertApiKey(direct.db, seeded.accountId)
    servers = await startServers(handle)
  })
  afterAll(async () => {
    await servers?.close()
    if (handle !== direct) await handle?.close().catch(() => {})
    await proxy?.close()
    await direct?.close().catch(() => {})
  })

  const adminRead = () => get(`${servers.adminUrl}/v1/events/${eventId}`, { Authorization: `Bearer ${key}` })
  const embedRead = () => get(`${servers.embedUrl}/v1/events/${eventId}/sessions?token=${token}`)
  const everyCheck = () =>
    Promise.all([adminRead(), embedRead(), get(`${servers.adminUrl}/healthz`), get(`${servers.embedUrl}/healthz`)]).then((r) =>
      r.map(({ status }) => status),
    )

  it('serves while the database is there', async () => {
    expect(await adminRead()).toMatchObject({ status: 200 })
    expect(await embedRead()).toMatchObject({ status: 200 })
    expect(await get(`${servers.adminUrl}/healthz`)).toEqual(healthy)
    expect(await get(`${servers.embedUrl}/healthz`)).toEqual(healthy)
  })

  it.runIf(dialect === 'postgres')('answers 503 with Retry-After while Postgres refuses connections, and recovers by itself', async () => {
    await proxy!.cut()
    for (let i = 0; i < 3; i++) {
      expect(await adminRead()).toEqual(unavailable({ retry_after: 5 }))
      expect(await embedRead()).toEqual(unavailable({ retry_after: 5 }))
    }
    expect(await get(`${servers.adminUrl}/healthz`)).toEqual(unavailable({ database: 'unreachable' }))
    expect(await get(`${servers.embedUrl}/healthz`)).toEqual(unavailable({ database: 'unreachable' }))
    expect(await get(`${servers.adminUrl}/livez`)).toEqual(healthy)
    expect(await get(`${servers.embedUrl}/livez`)).toEqual(healthy)

    await proxy!.restore()
    await expect.poll(everyCheck, { timeout: 20_000, interval: 200 }).toEqual([200, 200, 200, 200])
  })

  it.runIf(dialect === 'postgres')('answers 503 instead of hanging while Postgres accepts connections but never replies', async () => {
    proxy!.blackhole()
    expect(await adminRead()).toEqual(unavailable())
    expect(await embedRead()).toEqual(unavailable())
    expect(await get(`${servers.adminUrl}/healthz`)).toEqual(unavailable({ database: 'unreachable' }))
    expect(await get(`${servers.embedUrl}/healthz`)).toEqual(unavailable({ database: 'unreachable' }))

    await proxy!.restore()
    await expect.poll(everyCheck, { timeout: 20_000, interval: 200 }).toEqual([200, 200, 200, 200])
  })

  it.runIf(dialect === 'postgres')('fails a query in flight when the connection drops, without crashing the process', async () => {
    const slow = sql`select pg_sleep(30)`.execute(handle.db)
    // The query has reached Postgres once it shows in pg_stat_activity.
    await expect
      .poll(async () => {
        const query = sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and query = 'select pg_sleep(30)'`
        return (await query.execute(direct.db)).rows[0]?.n
      })
      .toBe(1)
    await proxy!.cut()
    const err = await slow.then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(isDatabaseUnavailable(err)).toBe(true)
    await proxy!.restore()
    await expect.poll(everyCheck, { timeout: 20_000, interval: 200 }).toEqual([200, 200, 200, 200])
  })

  it.runIf(dialect === 'postgres')('listens for changes again after a Postgres that never replied is back', async () => {
    // A proxy and handle of its own: the only connection in its black hole is this listener's.
    const url = new URL(direct.url!)
    const own = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) })
    url.hostname = own.host
    url.port = String(own.port)
    const listener = await createDb({ databaseUrl: url.toString() })
    const heard: string[] = []
    const stop = await listener.listen('outage_test', { onMessage: (payload) => heard.push(payload) })
    try {
      own.blackhole()
      // Its reconnect attempt is stuck in the black hole: it must give up and try again.
      await expect.poll(() => own.held(), { timeout: 10_000 }).toBe(1)
      await own.restore()
      await expect
        .poll(
          async () => {
            await sql`select pg_notify('outage_test', 'back')`.execute(direct.db)
            return heard.length
          },
          { timeout: 30_000, interval: 500 },
        )
        .toBeGreaterThan(0)
    } finally {
      await stop()
      await listener.close()
      await own.close()
    }
  })

  it('answers 503, not 500, once the database is closed (a request that outlives a shutdown)', async () => {
    await handle.close()
    expect(await adminRead()).toEqual(unavailable())
    expect(await get(`${servers.adminUrl}/healthz`)).toEqual(unavailable({ database: 'unreachable' }))
    expect(await get(`${servers.embedUrl}/healthz`)).toEqual(unavailable({ database: 'unreachable' }))
  })
})
