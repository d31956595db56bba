import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../testing/test-api.ts'

const URL_A = 'https://hooks.example.com/a'

describe.each(DIALECTS)('/v1/webhooks on %s', (dialect) => {
  let api: TestApi
  let key: string

  const create = (body: unknown) => api.request('POST', '/v1/webhooks', { key, body })

  beforeAll(async () => {
    // Public-looking hosts that do not resolve here: accepted at creation, never reached.
    api = await startTestApi(dialect)
    ;({ key } = await api.newAccount())
  })
  afterAll(() => api.close())

  it('creates an endpoint and shows its whsec_ secret only in that answer', async () => {
    const res = await create({ url: URL_A, events: ['session.updated', 'session.deleted'], description: 'Site rebuild' })
    expect(res.status).toBe(201)
    const { data } = res.body
    expect(res.headers.get('location')).toBe(`/v1/webhooks/${data.id}`)
    expect(data).toMatchObject({
      url: URL_A,
      events: ['session.updated', 'session.deleted'],
      description: 'Site rebuild',
      enabled: true,
      disabled_reason: null,
      failing_since: null,
    })
    expect(data.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/)
    expect(Buffer.from(data.secret.slice('whsec_'.length), 'base64')).toHaveLength(32)

    const got = await api.request('GET', `/v1/webhooks/${data.id}`, { key })
    expect(got.status).toBe(200)
    expect(got.body.data).not.toHaveProperty('secret')
    expect(got.text).not.toContain(data.secret.slice(6))
    const { secret: _, ...withoutSecret } = data
    expect(got.body.data).toEqual(withoutSecret)

    const list = await api.request('GET', '/v1/webhooks', { key })
    expect(list.text).not.toContain(data.secret.slice(6))
  })

  it('lists the account’s endpoints oldest first with meta', async () => {
    const { key: own } = await api.newAccount()
    for (const path of ['one', 'two', 'three']) {
      await api.request('POST', '/v1/webhooks', { key: own, body: { url: `https://hooks.example.com/${path}`, events: ['*'] } })
    }
    const res = await api.request('GET', '/v1/webhooks?limit=2&page=2', { key: own })
    expect(res.status).toBe(200)
    expect(res.body.data.map((w: { url: string }) => w.url)).toEqual(['https://hooks.example.com/three'])
    expect(res.body.meta).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 })
    const byUrl = await api.request('GET', '/v1/webhooks?sort=url&order=desc', { key: own })
    expect(byUrl.body.data.map((w: { url: string }) => w.url)).toEqual([
      'https://hooks.example.com/two',
      'https://hooks.example.com/three',
      'https://hooks.example.com/one',
    ])
  })

  it('deduplicates events and accepts ["*"]', async () => {
    expect((await create({ url: URL_A, events: ['speaker.created', 'speaker.created'] })).body.data.events).toEqual(['speaker.created'])
    expect((await create({ url: URL_A, events: ['*'] })).body.data.events).toEqual(['*'])
  })

  it('updates url, events, description and enabled; an empty PATCH changes nothing', async () => {
    const { id, updated_at } = (await create({ url: URL_A, events: ['*'] })).body.data
    const empty = await api.request('PATCH', `/v1/webhooks/${id}`, { key, body: {} })
    expect(empty.status).toBe(200)
    expect(empty.body.data.updated_at).toBe(updated_at)
    const res = await api.request('PATCH', `/v1/webhooks/${id}`, {
      key,
      body: { url: 'https://hooks.example.com/b', events: ['event.updated'], description: 'Chat bot', enabled: false },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      url: 'https://hooks.example.com/b',
      events: ['event.updated'],
      description: 'Chat bot',
      enabled: false,
    })
    expect(res.body.data.updated_at >= updated_at).toBe(true)
    const cleared = await api.request('PATCH', `/v1/webhooks/${id}`, { key, body: { description: '' } })
    expect(cleared.body.data.description).toBeNull()
  })

  it('deletes an endpoint: 200, then 404', async () => {
    const { id } = (await create({ url: URL_A, events: ['*'] })).body.data
    const res = await api.request('DELETE', `/v1/webhooks/${id}`, { key })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, data: { id, deleted: true } })
    expect((await api.request('GET', `/v1/webhooks/${id}`, { key })).status).toBe(404)
    expect((await api.request('DELETE', `/v1/webhooks/${id}`, { key })).status).toBe(404)
  })

  it.each([
    ['no url', { events: ['*'] }, 'url'],
    ['an ftp URL', { url: 'ftp://hooks.example.com/x', events: ['*'] }, 'url'],
    ['a relative URL', { url: '/hook', events: ['*'] }, 'url'],
    ['no events', { url: URL_A }, 'events'],
    ['an empty events list', { url: URL_A, events: [] }, 'events'],
    ['an unknown event type', { url: URL_A, events: ['speaker.exploded'] }, 'events.0'],
    ['webhook.test (not subscribable)', { url: URL_A, events: ['webhook.test'] }, 'events.0'],
    ['"*" with other types', { url: URL_A, events: ['*', 'event.updated'] }, 'events'],
    ['enabled that is not a boolean', { url: URL_A, events: ['*'], enabled: 'yes' }, 'enabled'],
    ['an unknown field', { url: URL_A, events: ['*'], secret: 'whsec_mine' }, 'secret'],
    ['a description of 20,001 characters', { url: URL_A, events: ['*'], description: 'x'.repeat(20_001) }, 'description'],
  ])('answers 400 VALIDATION_ERROR for %s', async (_, body, path) => {
    const res = await create(body)
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
    expect(res.body.error.details.fields.map((f: { path: string }) => f.path)).toContain(path)
  })

  it('answers 400 for bad list parameters and 404 for unknown ids', async () => {
    expect((await api.request('GET', '/v1/webhooks?sort=secret', { key })).status).toBe(400)
    const { id } = (await create({ url: URL_A, events: ['*'] })).body.data
    const badStatus = await api.request('GET', `/v1/webhooks/${id}/deliveries?status=lost`, { key })
    expect(badStatus.status).toBe(400)
    expect(badStatus.body.error.details.fields[0].path).toBe('status')
    const unknown = '00000000-0000-4000-8000-000000000000'
    for (const [method, path] of [
      ['GET', `/v1/webhooks/${unknown}`],
      ['PATCH', `/v1/webhooks/${unknown}`],
      ['POST', `/v1/webhooks/${unknown}/test`],
      ['GET', `/v1/webhooks/${unknown}/deliveries`],
      ['GET', `/v1/webhooks/${id}/deliveries/${unknown}`],
      ['POST', `/v1/webhooks/${id}/deliveries/${unknown}/retry`],
    ] as const) {
      const res = await api.request(method, path, { key, ...(method === 'PATCH' ? { body: { enabled: true } } : {}) })
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(res.body.error.code).toBe('NOT_FOUND')
    }
  })

  it('requires an API key', async () => {
    const res = await api.request('GET', '/v1/webhooks')
    expect(res.status).toBe(401)
    expect(res.body.error.code).toBe('UNAUTHORIZED')
  })
})
