import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from './testing/test-api.ts'

/**
 * Account B must see account A's resources exactly as missing ones: 404 NOT_FOUND on every route
 * and verb, and nothing of A's changed afterwards.
 */
describe.each(DIALECTS)('tenant isolation on %s', (dialect) => {
  let api: TestApi
  let a: { key: string; accountId: string }
  let b: { key: string }
  const ids = { event: '', speaker: '', session: '', token: '', webhook: '', delivery: '' }
  let snapshot: string

  const snapshotOfA = async () => {
    const [events, speakers, sessions, tokens, webhook, delivery] = await Promise.all([
      api.request('GET', `/v1/events/${ids.event}`, a),
      api.request('GET', `/v1/speakers/${ids.speaker}`, a),
      api.request('GET', `/v1/sessions/${ids.session}`, a),
      api.request('GET', `/v1/embed-tokens/${ids.token}`, a),
      api.request('GET', `/v1/webhooks/${ids.webhook}`, a),
      api.request('GET', `/v1/webhooks/${ids.webhook}/deliveries/${ids.delivery}`, a),
    ])
    return JSON.stringify([events.body, speakers.body, sessions.body, tokens.body, webhook.body, delivery.body])
  }

  beforeAll(async () => {
    api = await startTestApi(dialect)
    a = await api.newAccount()
    b = await api.newAccount()
    ids.event = await api.newEvent(a.key)
    ids.speaker = (
      await api.request('POST', '/v1/speakers', { ...a, body: { event_id: ids.event, email: 'a@example.com', name: 'A' } })
    ).body.data.id
    ids.session = (
      await api.request('POST', '/v1/sessions', {
        ...a,
        body: {
          event_id: ids.event,
          title: 'S',
          starts_at: '2026-06-01T09:00:00Z',
          ends_at: '2026-06-01T10:00:00Z',
          speaker_ids: [ids.speaker],
        },
      })
    ).body.data.id
    ids.token = (await api.request('POST', '/v1/embed-tokens', { ...a, body: { eventId: ids.event, name: 'T' } })).body.data.id
    ids.webhook = (
      await api.request('POST', '/v1/webhooks', { ...a, body: { url: 'https://hooks.example.com/a', events: ['event.updated'] } })
    ).body.data.id
    // A delivery due in an hour: it stays as it is while the test runs.
    ids.delivery = (
      await api.db
        .insertInto('webhook_deliveries')
        .values({
          account_id: a.accountId,
          webhook_id: ids.webhook,
          message_id: 'msg_a',
          type: 'event.updated',
          body: '{}',
          next_attempt_at: new Date(Date.now() + 3_600_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
    snapshot = await snapshotOfA()
  })
  afterAll(() => api.close())

  const cases: [string, string, () => string, () => unknown][] = [
    ['GET', 'event', () => `/v1/events/${ids.event}`, () => undefined],
    ['PATCH', 'event', () => `/v1/events/${ids.event}`, () => ({ name: 'Hijacked' })],
    ['DELETE', 'event', () => `/v1/events/${ids.event}`, () => undefined],
    ['GET', 'speakers of the event', () => `/v1/speakers?event_id=${ids.event}`, () => undefined],
    ['POST', 'speaker into the event', () => '/v1/speakers', () => ({ event_id: ids.event, email: 'a@example.com', name: 'Hijacked' })],
    ['GET', 'speaker', () => `/v1/speakers/${ids.speaker}`, () => undefined],
    ['PATCH', 'speaker', () => `/v1/speakers/${ids.speaker}`, () => ({ name: 'Hijacked' })],
    ['DELETE', 'speaker', () => `/v1/speakers/${ids.speaker}`, () => undefined],
    ['GET', 'sessions of the event', () => `/v1/sessions?event_id=${ids.event}`, () => undefined],
    [
      'POST',
      'session into the event',
      () => '/v1/sessions',
      () => ({ event_id: ids.event, title: 'X', starts_at: '2026-06-01T09:00:00Z', ends_at: '2026-06-01T10:00:00Z' }),
    ],
    ['GET', 'session', () => `/v1/sessions/${ids.session}`, () => undefined],
    ['PATCH', 'session', () => `/v1/sessions/${ids.session}`, () => ({ title: 'Hijacked' })],
    ['DELETE', 'session', () => `/v1/sessions/${ids.session}`, () => undefined],
    ['GET', 'tokens of the event', () => `/v1/embed-tokens?event_id=${ids.event}`, () => undefined],
    ['POST', 'token for the event', () => '/v1/embed-tokens', () => ({ eventId: ids.event, name: 'Mine now' })],
    ['GET', 'token', () => `/v1/embed-tokens/${ids.token}`, () => undefined],
    ['PATCH', 'token', () => `/v1/embed-tokens/${ids.token}`, () => ({ isActive: false })],
    ['DELETE', 'token', () => `/v1/embed-tokens/${ids.token}`, () => undefined],
    ['GET', 'registrations of the event', () => `/v1/registrations?event_id=${ids.event}`, () => undefined],
    ['GET', 'webhook', () => `/v1/webhooks/${ids.webhook}`, () => undefined],
    ['PATCH', 'webhook', () => `/v1/webhooks/${ids.webhook}`, () => ({ url: 'https://evil.example.com/' })],
    ['DELETE', 'webhook', () => `/v1/webhooks/${ids.webhook}`, () => undefined],
    ['POST', 'webhook test', () => `/v1/webhooks/${ids.webhook}/test`, () => undefined],
    ['GET', 'webhook deliveries', () => `/v1/webhooks/${ids.webhook}/deliveries`, () => undefined],
    ['GET', 'webhook delivery', () => `/v1/webhooks/${ids.webhook}/deliveries/${ids.delivery}`, () => undefined],
    ['POST', 'webhook delivery retry', () => `/v1/webhooks/${ids.webhook}/deliveries/${ids.delivery}/retry`, () => undefined],
  ]

  it.each(cases)('%s of another account’s %s answers 404 NOT_FOUND', async (method, _, path, body) => {
    const res = await api.request(method, path(), { ...b, ...(body() ? { body: body() } : {}) })
    expect(res.status).toBe(404)
    expect(res.body.error.code).toBe('NOT_FOUND')
  })

  it('answers an unknown id with the same body as another account’s', async () => {
    const foreign = await api.request('GET', `/v1/speakers/${ids.speaker}`, b)
    const missing = await api.request('GET', '/v1/speakers/00000000-0000-4000-8000-000000000000', b)
    expect(foreign.body).toEqual(missing.body)
  })

  it('lets B assign only its own speakers to its sessions', async () => {
    const eventOfB = await api.newEvent(b.key)
    const res = await api.request('POST', '/v1/sessions', {
      ...b,
      body: {
        event_id: eventOfB,
        title: 'X',
        starts_at: '2026-06-01T09:00:00Z',
        ends_at: '2026-06-01T10:00:00Z',
        speaker_ids: [ids.speaker],
      },
    })
    expect(res.status).toBe(404)
    expect(res.body.error.code).toBe('NOT_FOUND')
  })

  it('shows B none of A’s resources in its own lists', async () => {
    const events = await api.request('GET', '/v1/events', b)
    const tokens = await api.request('GET', '/v1/embed-tokens?include_revoked=true', b)
    const webhooks = await api.request('GET', '/v1/webhooks', b)
    expect(events.body.data.map((e: { id: string }) => e.id)).not.toContain(ids.event)
    expect(tokens.body.data.map((t: { id: string }) => t.id)).not.toContain(ids.token)
    expect(webhooks.body.data.map((w: { id: string }) => w.id)).not.toContain(ids.webhook)
  })

  it('does not let B reach A’s delivery through an endpoint of its own', async () => {
    const own = (await api.request('POST', '/v1/webhooks', { ...b, body: { url: 'https://hooks.example.com/b', events: ['*'] } })).body.data
      .id
    for (const [method, path] of [
      ['GET', `/v1/webhooks/${own}/deliveries/${ids.delivery}`],
      ['POST', `/v1/webhooks/${own}/deliveries/${ids.delivery}/retry`],
    ] as const) {
      const res = await api.request(method, path, b)
      expect(res.status).toBe(404)
      expect(res.body.error.code).toBe('NOT_FOUND')
    }
    expect((await api.request('GET', `/v1/webhooks/${own}/deliveries`, b)).body.meta.total).toBe(0)
  })

  it('left every resource of A unchanged', async () => {
    expect(await snapshotOfA()).toBe(snapshot)
  })
})
