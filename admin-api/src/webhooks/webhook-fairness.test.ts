import type { DbHandle } from '@event-service/db'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../testing/test-api.ts'
import { type SlowReceiver, startTarpit, startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.ts'
import { ACCOUNT_IN_FLIGHT, ENDPOINT_IN_FLIGHT, startWebhookDeliveryWorker } from './webhook-delivery-worker.ts'
import { createWebhookSender } from './webhook-sender.ts'
import { MAX_WEBHOOK_ENDPOINTS } from './webhooks.service.ts'

/**
 * One account's receivers that never answer must not delay another account's deliveries: the
 * claim's fair shares, the cap on endpoints, and the back-off of endpoints that time out.
 */
describe.each(DIALECTS)('webhook fairness between accounts on %s', (dialect) => {
  let api: TestApi
  let tarpit: SlowReceiver
  let receiver: WebhookReceiver

  beforeAll(async () => {
    api = await startTestApi(dialect, { env: { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_DELAYS: '1h' } })
    tarpit = await startTarpit()
    receiver = await startWebhookReceiver()
  })
  afterAll(async () => {
    // Closing the API aborts the attempts still hanging on the tarpit.
    await api.close()
    await tarpit.close()
    await receiver.close()
  })

  it(`caps an account at ${MAX_WEBHOOK_ENDPOINTS} endpoints with 409 CONFLICT`, async () => {
    const { key } = await api.newAccount()
    const create = (i: number) =>
      api.request('POST', '/v1/webhooks', { key, body: { url: `https://hooks.example.com/${i}`, events: ['*'] } })
    // Created at once: the account's row lock counts them one after the other.
    const created = await Promise.all(Array.from({ length: MAX_WEBHOOK_ENDPOINTS + 2 }, (_, i) => create(i)))
    expect(created.filter((r) => r.status === 201)).toHaveLength(MAX_WEBHOOK_ENDPOINTS)
    const refused = created.filter((r) => r.status !== 201)
    expect(refused).toHaveLength(2)
    for (const res of refused) {
      expect(res.status).toBe(409)
      expect(res.body).toMatchObject({ success: false, error: { code: 'CONFLICT', details: { limit: MAX_WEBHOOK_ENDPOINTS } } })
      expect(res.body.error.message).toContain(`${MAX_WEBHOOK_ENDPOINTS} webhook endpoints, the most it may have`)
    }
    // Deleting one makes room again.
    expect((await api.request('DELETE', `/v1/webhooks/${created[0]?.body.data.id}`, { key })).status).toBe(200)
    expect((await create(99)).status).toBe(201)
  })

  it("delivers another account's webhook while every endpoint of a tarpit account hangs", async () => {
    const slow = await api.newAccount()
    for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS; i++) {
      const res = await api.request('POST', '/v1/webhooks', { key: slow.key, body: { url: `${tarpit.url}/hang-${i}`, events: ['*'] } })
      expect(res.status).toBe(201)
    }
    const eventId = await api.newEvent(slow.key)
    // Several changes: 5 × 16 deliveries that would each hold a slot for the whole time limit.
    for (let i = 0; i < 5; i++) {
      expect((await api.request('PATCH', `/v1/events/${eventId}`, { key: slow.key, body: { name: `Change ${i}` } })).status).toBe(200)
    }
    await expect.poll(() => tarpit.open, { timeout: 10_000 }).toBeGreaterThan(0)

    const healthy = await api.newAccount()
    const endpoint = (
      await api.request('POST', '/v1/webhooks', { key: healthy.key, body: { url: `${receiver.url}/healthy`, events: ['*'] } })
    ).body.data
    receiver.secrets.set('/healthy', endpoint.secret)
    const queued = (await api.request('POST', `/v1/webhooks/${endpoint.id}/test`, { key: healthy.key })).body.data
    // Delivered and recorded within a claim or two, where a first-in-first-out outbox needed 5
    // rounds of 10 s.
    const delivery = async () =>
      (await api.request('GET', `/v1/webhooks/${endpoint.id}/deliveries/${queued.id}`, { key: healthy.key })).body.data
    await expect.poll(async () => (await delivery()).status, { timeout: 20_000 }).toBe('delivered')
    expect(await delivery()).toMatchObject({ attempts: 1, last_status_code: 204 })
    const received = await receiver.nth('/healthy', 0)
    expect(received.id).toBe(queued.message_id)
    expect(received.verified).toBe(true)

    // When it arrived, the tarpit account's first attempts were all still hanging (none had
    // timed out), and they held no more than the account's share of the slots.
    const slowRows = await api.db
      .selectFrom('webhook_deliveries')
      .select(['webhook_id', 'attempts', 'last_error', 'lease_expires_at'])
      .where('account_id', '=', slow.accountId)
      .execute()
    expect(slowRows).toHaveLength(5 * MAX_WEBHOOK_ENDPOINTS)
    expect(slowRows.filter((r) => r.last_error !== null)).toEqual([])
    const inFlight = slowRows.filter((r) => r.attempts > 0)
    expect(inFlight.length).toBeGreaterThan(0)
    expect(inFlight.length).toBeLessThanOrEqual(ACCOUNT_IN_FLIGHT)
    const perEndpoint = new Map<string, number>()
    for (const r of inFlight) perEndpoint.set(r.webhook_id, (perEndpoint.get(r.webhook_id) ?? 0) + 1)
    expect([...perEndpoint.values()].every((n) => n <= ENDPOINT_IN_FLIGHT)).toBe(true)
    expect(tarpit.open).toBeLessThanOrEqual(ACCOUNT_IN_FLIGHT)
  })
})

describe.each(DIALECTS)('backing off an endpoint that times out on %s', (dialect) => {
  let handle: DbHandle
  let tarpit: SlowReceiver

  beforeAll(async () => {
    handle = await createTestDb(dialect)
    tarpit = await startTarpit()
  })
  afterAll(async () => {
    await tarpit.close()
    await handle.close()
  })

  it("moves the endpoint's other deliveries to its first retry delay, uncounted, after a time-out", async () => {
    const { db } = handle
    const account = await db
      .insertInto('accounts')
      .values({ name: 'Slow', plan: 'pro', rate_limit: null })
      .returning('id')
      .executeTakeFirstOrThrow()
    const endpoint = await db
      .insertInto('webhook_endpoints')
      .values({ account_id: account.id, url: `${tarpit.url}/hang`, events: ['*'], description: null, secret: 'whsec_AAAA' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const now = new Date()
    const event = await db
      .insertInto('events')
      .values({ account_id: account.id, name: 'E', timezone: 'UTC', starts_at: now, ends_at: now, description: null, venue: null })
      .returning('id')
      .executeTakeFirstOrThrow()
    const hourMs = 3_600_000
    const worker = await startWebhookDeliveryWorker({
      db,
      listen: handle.listen,
      settings: { retryDelaysMs: [hourMs], disableAfterMs: 30 * 24 * hourMs, allowPrivate: true },
      logger: pino({ level: 'silent' }),
      sender: createWebhookSender({ allowPrivate: true }, { timeoutMs: 300 }),
    })
    try {
      // Six changes, six `event.updated` deliveries to the one endpoint.
      for (let i = 0; i < 6; i++)
        await db
          .updateTable('events')
          .set({ name: `Renamed ${i}` })
          .where('id', '=', event.id)
          .execute()
      const rows = () =>
        db
          .selectFrom('webhook_deliveries')
          .select(['attempts', 'last_error', 'next_attempt_at'])
          .where('webhook_id', '=', endpoint.id)
          .execute()
      // The endpoint's share of attempts times out...
      await expect
        .poll(async () => (await rows()).filter((r) => r.last_error === 'timed out after 0.3 s').length, { timeout: 10_000 })
        .toBe(ENDPOINT_IN_FLIGHT)
      // ...and the others wait as long as a first retry would, without an attempt counted.
      const waiting = (await rows()).filter((r) => r.attempts === 0)
      expect(waiting).toHaveLength(6 - ENDPOINT_IN_FLIGHT)
      const soonest = Math.min(...waiting.map((r) => r.next_attempt_at.getTime()))
      expect(soonest).toBeGreaterThan(Date.now() + hourMs / 2)
      expect(tarpit.accepted).toBe(ENDPOINT_IN_FLIGHT)
    } finally {
      await worker.stop()
    }
  })
})
