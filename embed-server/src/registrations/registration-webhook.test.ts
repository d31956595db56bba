import { createAdminApp } from '@event-service/admin-api/app.ts'
import { insertApiKey } from '@event-service/admin-api/testing/test-api.ts'
import { startWebhookReceiver, type WebhookReceiver } from '@event-service/admin-api/testing/webhook-receiver.ts'
import type { DbHandle } from '@event-service/db'
import { createLogger, listen, loadConfig, type RunningServer } from '@event-service/server-common'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedEvent, seedToken, startEmbedServer, type TestEmbedServer } from '../testing/embed-fixtures.ts'

/**
 * `registration.created` is enqueued by the embed server in the registration's transaction and
 * delivered by the admin API's worker, with the registration as the admin API lists it.
 */
describe.each(DIALECTS)('registration.created webhook on %s', (dialect) => {
  let dbHandle: DbHandle
  let embed: TestEmbedServer
  let admin: { server: RunningServer; close(): Promise<void> }
  let receiver: WebhookReceiver

  beforeAll(async () => {
    dbHandle = await createTestDb(dialect)
    embed = await startEmbedServer(dbHandle)
    const config = loadConfig({ ADMIN_PORT: '0', LOG_LEVEL: 'silent', WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_DELAYS: '20ms' })
    const app = await createAdminApp({ db: dbHandle.db, config, logger: createLogger('silent') })
    admin = { server: await listen(app.callback(), { host: '127.0.0.1', port: 0 }), close: app.close }
    receiver = await startWebhookReceiver()
  })
  afterAll(async () => {
    await receiver?.close()
    await embed?.close()
    await admin?.server.close(100)
    await admin?.close()
    await dbHandle?.close()
  })

  /** The admin API as the key's account calls it: the answer's JSON. */
  const adminClient = (key: string) => async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${admin.server.url}/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    return (await res.json()) as any
  }

  it('delivers a new registration once, as GET /v1/registrations shows it, and nothing for a repeat', async () => {
    const ev = await seedEvent(dbHandle.db, {
      tickets: [{ id: 'standard', name: 'Standard' }],
      questions: [{ id: 'diet', label: 'Diet', type: 'text', required: false }],
    })
    const { token } = await seedToken(dbHandle.db, ev)
    const adminRequest = adminClient(await insertApiKey(dbHandle.db, ev.accountId))
    const created = await adminRequest('POST', '/webhooks', { url: `${receiver.url}/registrations`, events: ['registration.created'] })
    receiver.secrets.set('/registrations', created.data.secret)

    const register = (email: string) =>
      fetch(`${embed.url}/v1/events/${ev.eventId}/registrations`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Grace Hopper', email, ticket_id: 'standard', answers: { diet: 'vegan' }, website: '' }),
      })
    expect((await register('grace@example.org')).status).toBe(201)
    const delivery = await receiver.nth('/registrations', 0)
    expect(delivery.verified, delivery.verifyError).toBe(true)
    const listed = await adminRequest('GET', `/registrations?event_id=${ev.eventId}`)
    expect(listed.data).toHaveLength(1)
    expect(delivery.payload).toEqual({ type: 'registration.created', timestamp: expect.any(String), data: { object: listed.data[0] } })

    // A repeat answers alike and announces nothing: no second delivery is even written.
    expect((await register('GRACE@example.org')).status).toBe(201)
    const written = await dbHandle.db.selectFrom('webhook_deliveries').select(['type']).where('webhook_id', '=', created.data.id).execute()
    expect(written).toEqual([{ type: 'registration.created' }])
  })

  it('with confirmation by email: registration.created when pending, registration.confirmed when its link is followed', async () => {
    const ev = await seedEvent(dbHandle.db, { tickets: [{ id: 'standard', name: 'Standard' }], confirmation: 'email' })
    const { token } = await seedToken(dbHandle.db, ev)
    const adminRequest = adminClient(await insertApiKey(dbHandle.db, ev.accountId))
    const created = await adminRequest('POST', '/webhooks', {
      url: `${receiver.url}/opt-in`,
      events: ['registration.created', 'registration.confirmed'],
    })
    receiver.secrets.set('/opt-in', created.data.secret)

    const res = await fetch(`${embed.url}/v1/events/${ev.eventId}/registrations`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Lin', email: 'lin@example.org', ticket_id: 'standard' }),
    })
    expect(res.status).toBe(201)
    const pending = await receiver.nth('/opt-in', 0)
    expect(pending.payload).toMatchObject({
      type: 'registration.created',
      data: { object: { email: 'lin@example.org', status: 'pending' } },
    })

    const mail = await dbHandle.db
      .selectFrom('email_messages')
      .select('text_body')
      .where('to_address', '=', 'lin@example.org')
      .executeTakeFirstOrThrow()
    const link = /https?:\/\/\S+\/v1\/registrations\/confirm\?token=\S+/.exec(mail.text_body)?.[0] as string
    const confirmed = await fetch(`${embed.url}/v1/registrations/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: new URL(link).searchParams.get('token') as string }).toString(),
    })
    expect(confirmed.status).toBe(200)
    const delivery = await receiver.nth('/opt-in', 1)
    expect(delivery.verified, delivery.verifyError).toBe(true)
    const listed = await adminRequest('GET', `/registrations?event_id=${ev.eventId}`)
    expect(listed.data[0]).toMatchObject({ status: 'registered' })
    expect(delivery.payload).toEqual({ type: 'registration.confirmed', timestamp: expect.any(String), data: { object: listed.data[0] } })
  })
})
