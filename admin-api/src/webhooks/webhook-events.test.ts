import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi, type TestResponse } from '../testing/test-api.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.ts'

/**
 * Every event type of the admin API reaches a subscribed endpoint, signed, with `data.object`
 * exactly as the admin API presents the resource (a deleted one: its last presentation).
 * `registration.created` is proven in the embed server's tests, where registrations happen.
 */
describe.each(DIALECTS)('webhook events on %s', (dialect) => {
  let api: TestApi
  let receiver: WebhookReceiver
  let key: string
  const endpoints: Record<string, string> = {}
  let received = 0

  const subscribe = async (apiKey: string, path: string, body: Record<string, unknown>) => {
    const res = await api.request('POST', '/v1/webhooks', { key: apiKey, body: { url: `${receiver.url}${path}`, ...body } })
    if (res.status !== 201) throw new Error(res.text)
    receiver.secrets.set(path, res.body.data.secret)
    endpoints[path] = res.body.data.id
  }

  /** The next delivery to the `*` endpoint, which must be of `type` and carry `object`. */
  const expectDelivery = async (type: string, object: unknown) => {
    const delivery = await receiver.nth('/all', received++)
    expect(delivery.verified, delivery.verifyError).toBe(true)
    expect(delivery.payload.type).toBe(type)
    expect(delivery.payload.data).toEqual({ object })
    expect(new Date(delivery.payload.timestamp).toISOString()).toBe(delivery.payload.timestamp)
    expect(delivery.id).toMatch(/^msg_[0-9a-f]{32}$/)
    return delivery
  }

  const ok = (res: TestResponse) => {
    if (res.status >= 300) throw new Error(`${res.status} ${res.text}`)
    return res.body.data
  }

  beforeAll(async () => {
    api = await startTestApi(dialect, { env: { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_DELAYS: '20ms' } })
    receiver = await startWebhookReceiver()
    ;({ key } = await api.newAccount())
    await subscribe(key, '/all', { events: ['*'] })
    await subscribe(key, '/sessions', { events: ['session.updated'] })
    await subscribe(key, '/off', { events: ['*'], enabled: false })
    const other = await api.newAccount()
    await subscribe(other.key, '/other-account', { events: ['*'] })
  })
  afterAll(async () => {
    await receiver.close()
    await api.close()
  })

  it('delivers every change of events, speakers, sessions and embed tokens as the API presents it', async () => {
    const eventId = await api.newEvent(key)
    // The source the event follows and how its syncs went are the event's presentation, not its row:
    // webhooks carry the row's fields (docs/webhooks.md).
    const {
      sync: _sync,
      sync_status: _status,
      ...event
    } = ok(await api.request('PATCH', `/v1/events/${eventId}`, { key, body: { venue: 'Hall 3', name: 'Renamed' } }))
    await expectDelivery('event.updated', event)

    const speakerBody = { event_id: eventId, email: 'ada@example.com', name: 'Ada', tags: ['keynote'] }
    const speaker = ok(await api.request('POST', '/v1/speakers', { key, body: speakerBody }))
    await expectDelivery('speaker.created', speaker)
    const upserted = ok(await api.request('POST', '/v1/speakers', { key, body: { ...speakerBody, name: 'Ada Lovelace' } }))
    await expectDelivery('speaker.updated', upserted)
    const patchedSpeaker = ok(await api.request('PATCH', `/v1/speakers/${speaker.id}`, { key, body: { status: 'confirmed' } }))
    await expectDelivery('speaker.updated', patchedSpeaker)

    const session = ok(
      await api.request('POST', '/v1/sessions', {
        key,
        body: {
          event_id: eventId,
          title: 'Keynote',
          starts_at: '2026-06-01T09:00:00Z',
          ends_at: '2026-06-01T10:00:00Z',
          speaker_ids: [speaker.id],
        },
      }),
    )
    expect(session.speakers).toHaveLength(1)
    await expectDelivery('session.created', session)
    const movedSession = ok(await api.request('PATCH', `/v1/sessions/${session.id}`, { key, body: { room: 'Hall B' } }))
    await expectDelivery('session.updated', movedSession)

    const created = ok(await api.request('POST', '/v1/embed-tokens', { key, body: { eventId, name: 'Site' } }))
    const { token, ...tokenWithoutValue } = created
    const tokenDelivery = await expectDelivery('embed_token.created', tokenWithoutValue)
    expect(tokenDelivery.payload.data.object).not.toHaveProperty('token')
    const disabled = ok(await api.request('PATCH', `/v1/embed-tokens/${created.id}`, { key, body: { isActive: false } }))
    await expectDelivery('embed_token.updated', disabled)
    const revoked = ok(await api.request('DELETE', `/v1/embed-tokens/${created.id}`, { key }))
    await expectDelivery('embed_token.revoked', revoked)

    const lastSession = ok(await api.request('GET', `/v1/sessions/${session.id}`, { key }))
    ok(await api.request('DELETE', `/v1/sessions/${session.id}`, { key }))
    await expectDelivery('session.deleted', lastSession)
    const lastSpeaker = ok(await api.request('GET', `/v1/speakers/${speaker.id}`, { key }))
    ok(await api.request('DELETE', `/v1/speakers/${speaker.id}`, { key }))
    await expectDelivery('speaker.deleted', lastSpeaker)

    // No token value, hash, API key or signing secret in any body.
    for (const delivery of receiver.received) {
      expect(delivery.body).not.toContain(token)
      expect(delivery.body).not.toContain(key)
      expect(delivery.body).not.toMatch(/token_hash|key_hash|whsec_|"secret"/)
    }
  })

  it('sends nothing for a change that did not happen: an empty PATCH, a refused one, a rolled-back one', async () => {
    const eventId = await api.newEvent(key)
    const before = await api.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect((await api.request('PATCH', `/v1/events/${eventId}`, { key, body: {} })).status).toBe(200)
    expect((await api.request('PATCH', `/v1/events/${eventId}`, { key, body: { ends_at: '2020-01-01T00:00:00Z' } })).status).toBe(400)
    // Speaker ids are checked inside the session's transaction, after the insert: all rolled back.
    const refused = await api.request('POST', '/v1/sessions', {
      key,
      body: {
        event_id: eventId,
        title: 'X',
        starts_at: '2026-06-01T09:00:00Z',
        ends_at: '2026-06-01T10:00:00Z',
        speaker_ids: ['00000000-0000-4000-8000-000000000000'],
      },
    })
    expect(refused.status).toBe(404)
    const after = await api.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
  })

  it('sends each endpoint only the types it subscribes to, and nothing to disabled endpoints or other accounts', async () => {
    const count = async (path: string) =>
      Number(
        (
          await api.db
            .selectFrom('webhook_deliveries')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('webhook_id', '=', endpoints[path] as string)
            .executeTakeFirstOrThrow()
        ).n,
      )
    expect(await count('/all')).toBe(11)
    expect(await count('/sessions')).toBe(1)
    await expect.poll(() => receiver.at('/sessions').map((r) => r.payload.type)).toEqual(['session.updated'])
    expect(await count('/off')).toBe(0)
    expect(await count('/other-account')).toBe(0)
  })
})
