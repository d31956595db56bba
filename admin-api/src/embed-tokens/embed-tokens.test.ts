import { hashSecret, isWellFormedSecret } from '@event-service/server-common'
import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApiWithEvent, type TestApi } from '../testing/test-api.ts'

describe.each(DIALECTS)('embed tokens on %s', (dialect) => {
  let api: TestApi, key: string, eventId: string
  beforeAll(async () => ({ api, key, eventId } = await startTestApiWithEvent(dialect)))
  afterAll(() => api.close())

  const create = (body: Record<string, unknown> = {}) =>
    api.request('POST', '/v1/embed-tokens', { key, body: { eventId, name: 'Site', ...body } })

  it('creates an active token: 201 with the token once, stored only as its hash', async () => {
    const res = await create({ allowedOrigins: ['https://Shop.example.com/path', 'https://*.example.org'] })
    expect(res.status).toBe(201)
    const t = res.body.data
    expect(isWellFormedSecret(t.token, 'emb')).toBe(true)
    expect(t).toMatchObject({ event_id: eventId, name: 'Site', prefix: t.token.slice(0, 12), is_active: true, expires_at: null })
    expect(t.allowed_origins).toEqual(['https://shop.example.com', 'https://*.example.org'])
    const row = await api.db.selectFrom('embed_tokens').selectAll().where('id', '=', t.id).executeTakeFirstOrThrow()
    expect(row.token_hash).toBe(hashSecret(t.token))
    expect(JSON.stringify(row)).not.toContain(t.token)
  })

  it('never returns a token value or hash in the list, anywhere in the body', async () => {
    const created = await create()
    const { token } = created.body.data
    const res = await api.request('GET', '/v1/embed-tokens?include_revoked=true', { key })
    expect(res.status).toBe(200)
    expect(res.text).not.toContain(token)
    expect(res.text).not.toContain(hashSecret(token))
    expect(res.text).not.toContain('token_hash')
    const item = res.body.data.find((t: { id: string }) => t.id === created.body.data.id)
    expect(Object.keys(item).sort()).toEqual(
      [
        'allowed_origins',
        'calendar_feed',
        'created_at',
        'event_id',
        'expires_at',
        'id',
        'is_active',
        'last_used_at',
        'name',
        'prefix',
        'revoked_at',
        'usage_count',
      ].sort(),
    )
    expect(item).toMatchObject({ usage_count: 0, last_used_at: null, revoked_at: null })
    const one = await api.request('GET', `/v1/embed-tokens/${created.body.data.id}`, { key })
    expect(one.text).not.toContain(token)
  })

  it('lists with default limit 50, filters by event, hides revoked tokens unless include_revoked=true', async () => {
    const { key: k2 } = await api.newAccount()
    const e1 = await api.newEvent(k2)
    const e2 = await api.newEvent(k2)
    const mk = (event: string) => api.request('POST', '/v1/embed-tokens', { key: k2, body: { eventId: event, name: 'T' } })
    const a = await mk(e1)
    await mk(e1)
    await mk(e2)
    await api.request('DELETE', `/v1/embed-tokens/${a.body.data.id}`, { key: k2 })
    const all = await api.request('GET', '/v1/embed-tokens', { key: k2 })
    expect(all.body.meta).toEqual({ page: 1, limit: 50, total: 2, totalPages: 1 })
    const withRevoked = await api.request('GET', '/v1/embed-tokens?include_revoked=true', { key: k2 })
    expect(withRevoked.body.meta.total).toBe(3)
    const ofE1 = await api.request('GET', `/v1/embed-tokens?event_id=${e1}&include_revoked=true`, { key: k2 })
    expect(ofE1.body.meta.total).toBe(2)
    expect((await api.request('GET', '/v1/embed-tokens?limit=101', { key: k2 })).status).toBe(400)
    expect((await api.request('GET', '/v1/embed-tokens?limit=100', { key: k2 })).status).toBe(200)
  })

  it('moves active ⇄ disabled with PATCH isActive', async () => {
    const { id } = (await create()).body.data
    const off = await api.request('PATCH', `/v1/embed-tokens/${id}`, { key, body: { isActive: false } })
    expect(off.status).toBe(200)
    expect(off.body.data.is_active).toBe(false)
    const on = await api.request('PATCH', `/v1/embed-tokens/${id}`, { key, body: { isActive: true } })
    expect(on.status).toBe(200)
    expect(on.body.data.is_active).toBe(true)
  })

  it('revokes with DELETE; revoked is final: PATCH and DELETE again answer 409 CONFLICT', async () => {
    const { id } = (await create()).body.data
    const revoked = await api.request('DELETE', `/v1/embed-tokens/${id}`, { key })
    expect(revoked.status).toBe(200)
    expect(revoked.body.data.revoked_at).not.toBeNull()
    expect(revoked.body.data.is_active).toBe(false)
    for (const body of [{ isActive: true }, { name: 'Back' }, {}]) {
      const res = await api.request('PATCH', `/v1/embed-tokens/${id}`, { key, body })
      expect(res.status).toBe(409)
      expect(res.body.error.code).toBe('CONFLICT')
    }
    const again = await api.request('DELETE', `/v1/embed-tokens/${id}`, { key })
    expect(again.status).toBe(409)
    expect(again.body.error.code).toBe('CONFLICT')
    const row = await api.db
      .selectFrom('embed_tokens')
      .select(['is_active', 'name', 'revoked_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ is_active: false, name: 'Site' })
    expect(row.revoked_at?.toISOString()).toBe(revoked.body.data.revoked_at)
  })

  it('revokes a disabled token too', async () => {
    const { id } = (await create()).body.data
    await api.request('PATCH', `/v1/embed-tokens/${id}`, { key, body: { isActive: false } })
    expect((await api.request('DELETE', `/v1/embed-tokens/${id}`, { key })).status).toBe(200)
  })

  it('renames, replaces origins and changes or removes the expiry with PATCH', async () => {
    const { id } = (await create({ expiresAt: '2099-01-01T00:00:00Z' })).body.data
    const res = await api.request('PATCH', `/v1/embed-tokens/${id}`, {
      key,
      body: { name: 'Renamed', allowedOrigins: ['http://localhost:8080/x'] },
    })
    expect(res.body.data).toMatchObject({
      name: 'Renamed',
      allowed_origins: ['http://localhost:8080'],
      expires_at: '2099-01-01T00:00:00.000Z',
    })
    const cleared = await api.request('PATCH', `/v1/embed-tokens/${id}`, { key, body: { expiresAt: null } })
    expect(cleared.body.data.expires_at).toBeNull()
  })

  it('refuses to change the token value: `token` is an unknown field (400)', async () => {
    const { id } = (await create()).body.data
    const res = await api.request('PATCH', `/v1/embed-tokens/${id}`, { key, body: { token: 'emb_x' } })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
  })

  it('accepts a date-only expiry as 00:00 UTC of that day', async () => {
    const res = await create({ expiresAt: '2099-12-31' })
    expect(res.status).toBe(201)
    expect(res.body.data.expires_at).toBe('2099-12-31T00:00:00.000Z')
  })

  it.each([
    ['a name of 0 characters', { name: '' }, 'name'],
    ['a name of 101 characters', { name: 'n'.repeat(101) }, 'name'],
    ['a missing eventId', { eventId: undefined }, 'eventId'],
    ['a malformed eventId', { eventId: 'abc' }, 'eventId'],
    ['a snake_case field', { event_id: '00000000-0000-4000-8000-000000000000' }, 'event_id'],
    ['an origin that is not one', { allowedOrigins: ['example.com'] }, 'allowedOrigins.0'],
    ['a wildcard in the middle', { allowedOrigins: ['https://ok.example.com', 'https://a.*.example.com'] }, 'allowedOrigins.1'],
    ['51 origins', { allowedOrigins: Array.from({ length: 51 }, (_, i) => `https://s${i}.example.com`) }, 'allowedOrigins'],
    ['an expiry that is not a date', { expiresAt: 'tomorrow' }, 'expiresAt'],
    ['an expiry in the past', { expiresAt: '2001-01-01T00:00:00Z' }, 'expiresAt'],
    ['a token chosen by the caller', { token: 'emb_mine' }, 'token'],
  ])('answers 400 VALIDATION_ERROR for %s', async (_, body, path) => {
    const res = await create(body)
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
    expect(res.body.error.details.fields.map((f: { path: string }) => f.path)).toContain(path)
  })

  it('answers 404 for an event that does not exist, and for an unknown token', async () => {
    const res = await create({ eventId: '00000000-0000-4000-8000-000000000000' })
    expect(res.status).toBe(404)
    expect(res.body.error.code).toBe('NOT_FOUND')
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const r = await api.request(method, '/v1/embed-tokens/00000000-0000-4000-8000-000000000000', {
        key,
        ...(method === 'PATCH' ? { body: { name: 'x' } } : {}),
      })
      expect(r.status).toBe(404)
      expect(r.body.error.code).toBe('NOT_FOUND')
    }
  })

  it('keeps the calendar feed permission off by default, sets it with allowCalendarFeed and shows it as calendar_feed', async () => {
    const plain = await create({ allowedOrigins: ['https://shop.example.com'] })
    expect(plain.body.data.calendar_feed).toBe(false)
    const feed = await create({ allowedOrigins: ['https://shop.example.com'], allowCalendarFeed: true })
    expect(feed.status).toBe(201)
    expect(feed.body.data.calendar_feed).toBe(true)
    const off = await api.request('PATCH', `/v1/embed-tokens/${feed.body.data.id}`, { key, body: { allowCalendarFeed: false } })
    expect(off.body.data.calendar_feed).toBe(false)
    const on = await api.request('PATCH', `/v1/embed-tokens/${plain.body.data.id}`, { key, body: { allowCalendarFeed: true } })
    expect(on.body.data).toMatchObject({ calendar_feed: true, allowed_origins: ['https://shop.example.com'] })
    const bad = await api.request('PATCH', `/v1/embed-tokens/${plain.body.data.id}`, { key, body: { allowCalendarFeed: 'yes' } })
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.fields).toEqual([
      { path: 'allowCalendarFeed', message: 'allowCalendarFeed must be true or false, not a string' },
    ])
    const snake = await create({ calendar_feed: true })
    expect(snake.status).toBe(400)
    expect(snake.body.error.details.fields).toEqual([{ path: 'calendar_feed', message: 'unknown field: calendar_feed' }])
  })
})
