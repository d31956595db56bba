import { DIALECTS } from '@event-service/db/testing.ts'
import { generateSecret } from '@event-service/server-common'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../testing/test-api.ts'

describe.each(DIALECTS)('API key authentication on %s', (dialect) => {
  let api: TestApi
  beforeAll(async () => {
    api = await startTestApi(dialect)
  })
  afterAll(() => api.close())

  it('answers 401 UNAUTHORIZED without a key', async () => {
    const res = await api.request('GET', '/v1/events')
    expect(res.status).toBe(401)
    expect(res.body.error.code).toBe('UNAUTHORIZED')
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/)
  })

  it.each([
    ['a malformed key', 'not-a-key'],
    ['a key with a bad checksum', `sk_${'a'.repeat(36)}`],
    ['an embed token instead of a key', generateSecret('emb')],
    ['a well-formed key that was never issued', generateSecret('sk')],
  ])('answers 401 UNAUTHORIZED for %s', async (_, key) => {
    const res = await api.request('GET', '/v1/events', { key })
    expect(res.status).toBe(401)
    expect(res.body.error.code).toBe('UNAUTHORIZED')
  })

  it('answers 401 for a scheme other than Bearer', async () => {
    const { key } = await api.newAccount()
    const res = await api.request('GET', '/v1/events', { headers: { Authorization: `Basic ${key}` } })
    expect(res.status).toBe(401)
    expect(res.body.error.code).toBe('UNAUTHORIZED')
  })

  it('refuses a revoked key', async () => {
    const { key, accountId } = await api.newAccount()
    expect((await api.request('GET', '/v1/events', { key })).status).toBe(200)
    await api.db.updateTable('api_keys').set({ revoked_at: new Date() }).where('account_id', '=', accountId).execute()
    const res = await api.request('GET', '/v1/events', { key })
    expect(res.status).toBe(401)
    expect(res.body.error.code).toBe('UNAUTHORIZED')
  })

  it('records last_used_at once for a burst of requests', async () => {
    const { key, accountId } = await api.newAccount()
    for (let i = 0; i < 3; i++) expect((await api.request('GET', '/v1/events', { key })).status).toBe(200)
    await expect
      .poll(
        async () =>
          (await api.db.selectFrom('api_keys').select('last_used_at').where('account_id', '=', accountId).executeTakeFirstOrThrow())
            .last_used_at,
      )
      .toBeInstanceOf(Date)
  })

  it('serves /healthz, /v1/openapi.json and /docs without a key', async () => {
    const health = await api.request('GET', '/healthz')
    expect(health.status).toBe(200)
    expect(health.body).toEqual({ success: true, data: { status: 'ok' } })
    expect((await api.request('GET', '/v1/openapi.json')).status).toBe(200)
    expect((await api.request('GET', '/docs')).status).toBe(200)
  })

  it('puts an X-Request-Id on every response, errors included', async () => {
    const ok = await api.request('GET', '/healthz')
    const denied = await api.request('GET', '/v1/speakers')
    expect(ok.headers.get('x-request-id')).toBeTruthy()
    expect(denied.headers.get('x-request-id')).toBeTruthy()
    expect(ok.headers.get('x-request-id')).not.toBe(denied.headers.get('x-request-id'))
  })
})
