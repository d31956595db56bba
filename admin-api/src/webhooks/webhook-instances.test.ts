import { insertApiKey } from '../testing/test-api.ts'
import { createAdminApp } from '../app.ts'
import { createDb, type DbHandle } from '@event-service/db'
import { createLogger, listen, loadConfig, type RunningServer } from '@event-service/server-common'
import { createTestDb } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.ts'

const EVENTS = 150

/**
 * Two admin API instances on one Postgres database, each with its own connections and delivery
 * worker (as two `start:admin` processes): every event reaches a healthy receiver exactly once.
 */
describe.runIf(process.env.DATABASE_URL)('webhooks from two admin instances on postgres', () => {
  let base: DbHandle & { url?: string }
  const instances: { handle: DbHandle; server: RunningServer; close(): Promise<void> }[] = []
  let receiver: WebhookReceiver
  let key: string

  beforeAll(async () => {
    base = await createTestDb('postgres')
    const config = loadConfig({ ADMIN_PORT: '0', LOG_LEVEL: 'silent', WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_DELAYS: '50ms' })
    for (let i = 0; i < 2; i++) {
      const handle = await createDb({ databaseUrl: base.url, maxConnections: 5 })
      const app = await createAdminApp({ db: handle.db, config, logger: createLogger('silent') })
      instances.push({ handle, server: await listen(app.callback(), { host: '127.0.0.1', port: 0 }), close: app.close })
    }
    receiver = await startWebhookReceiver()
    const account = await base.db
      .insertInto('accounts')
      .values({ name: 'Twice', plan: 'enterprise', rate_limit: 100_000 })
      .returning('id')
      .executeTakeFirstOrThrow()
    key = await insertApiKey(base.db, account.id)
  })
  afterAll(async () => {
    await receiver?.close()
    for (const i of instances) {
      await i.server.close(100)
      await i.close()
      await i.handle.close()
    }
    await base?.close()
  })

  it('delivers each of many events once, attempted by both instances', async () => {
    const call = async (instance: number, method: string, path: string, body: unknown) => {
      const res = await fetch(`${instances[instance]?.server.url}/v1${path}`, {
        method,
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
      if (res.status >= 300) throw new Error(`${res.status} ${await res.text()}`)
      return ((await res.json()) as { data: { id: string; secret: string } }).data
    }
    const webhook = await call(0, 'POST', '/webhooks', { url: `${receiver.url}/twice`, events: ['event.updated'] })
    receiver.secrets.set('/twice', webhook.secret)
    // Which instance holds each delivery while the receiver has it (the claim's `locked_by`).
    const claimers = new Set<string>()
    receiver.answer = async (request) => {
      const row = await base.db.selectFrom('webhook_deliveries').select('locked_by').where('message_id', '=', request.id).executeTakeFirst()
      if (row?.locked_by) claimers.add(row.locked_by)
      return { status: 200, body: 'ok' }
    }
    const event = await call(0, 'POST', '/events', { name: 'Twice', starts_at: '2030-01-01T09:00:00Z', ends_at: '2030-01-01T17:00:00Z' })
    for (let i = 0; i < EVENTS; i++) await call(i % 2, 'PATCH', `/events/${event.id}`, { name: `Change ${i}` })

    // One endpoint gets at most 2 attempts in flight over both instances (its fair share), so on a
    // loaded machine the last deliveries can trail the last change by a while.
    await expect.poll(() => receiver.at('/twice').length, { timeout: 60_000 }).toBe(EVENTS)
    const received = receiver.at('/twice')
    expect(new Set(received.map((r) => r.id)).size).toBe(EVENTS)
    expect(received.every((r) => r.verified)).toBe(true)
    expect(new Set(received.map((r) => r.payload.data.object.name))).toEqual(
      new Set(Array.from({ length: EVENTS }, (_, i) => `Change ${i}`)),
    )
    await expect
      .poll(
        async () => (await base.db.selectFrom('webhook_deliveries').select('status').where('status', '=', 'delivered').execute()).length,
      )
      .toBe(EVENTS)
    const attempts = await base.db.selectFrom('webhook_deliveries').select('attempts').execute()
    expect(attempts.every((r) => r.attempts === 1)).toBe(true)
    expect(claimers.size).toBe(2)
    // 150 changes through the API and their deliveries: more than the default 30 s on a loaded machine.
  }, 120_000)
})
