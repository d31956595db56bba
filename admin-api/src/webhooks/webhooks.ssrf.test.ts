import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../testing/test-api.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.ts'

/** Server-side request forgery: refused at creation, on a new URL, and again when connecting. */
describe.each(DIALECTS)('webhook targets on %s (WEBHOOK_ALLOW_PRIVATE off)', (dialect) => {
  let api: TestApi
  let key: string
  let accountId: string
  let receiver: WebhookReceiver

  beforeAll(async () => {
    api = await startTestApi(dialect, { env: { WEBHOOK_RETRY_DELAYS: '1h' } })
    ;({ key, accountId } = await api.newAccount())
    receiver = await startWebhookReceiver()
  })
  afterAll(async () => {
    await receiver.close()
    await api.close()
  })

  it.each([
    ['a loopback address', 'http://127.0.0.1:8080/hook', '127.0.0.1 is a loopback address'],
    ['localhost', 'http://localhost:8080/hook', 'localhost resolves to 127.0.0.1 is a loopback address'],
    ['IPv6 loopback', 'http://[::1]/hook', '::1 is a loopback address'],
    ['an IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/hook', 'loopback'],
    ['the cloud metadata service', 'http://169.254.169.254/latest/meta-data/', 'link-local'],
    ['a private network', 'https://192.168.0.10/hook', 'private network'],
    ['carrier-grade NAT', 'https://100.64.0.1/hook', 'carrier-grade NAT'],
    ['an IPv6 unique-local address', 'https://[fd12::1]/hook', 'unique-local'],
    ['a decimal IPv4 loopback', 'http://2130706433/', 'loopback'],
    ['an IPv4-compatible IPv6 loopback', 'http://[::127.0.0.1]/hook', '::7f00:1 is an IPv4-compatible IPv6 address'],
    ['an IPv4-compatible IPv6 metadata address', 'http://[::a9fe:a9fe]/latest/meta-data/', 'IPv4-compatible'],
    ['a NAT64 address', 'http://[64:ff9b::a9fe:a9fe]/', 'NAT64'],
    ['a 6to4 address', 'http://[2002:7f00:1::1]/', '6to4'],
    ['a Teredo address', 'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', 'Teredo'],
    ['an IPv6 address outside global unicast', 'http://[100::1]/', 'not a global unicast IPv6 address'],
    ['a non-http scheme', 'gopher://hooks.example.com/', 'must be an http: or https: URL'],
  ])('refuses %s at creation with 400 VALIDATION_ERROR at url', async (_, url, message) => {
    const res = await api.request('POST', '/v1/webhooks', { key, body: { url, events: ['*'] } })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
    expect(res.body.error.details.fields).toHaveLength(1)
    expect(res.body.error.details.fields[0].path).toBe('url')
    expect(res.body.error.details.fields[0].message).toContain(message)
  })

  it('refuses a private target as a new URL too, and leaves the endpoint as it was', async () => {
    const { id } = (await api.request('POST', '/v1/webhooks', { key, body: { url: 'https://hooks.example.com/x', events: ['*'] } })).body
      .data
    const res = await api.request('PATCH', `/v1/webhooks/${id}`, { key, body: { url: 'http://localhost/x' } })
    expect(res.status).toBe(400)
    expect(res.body.error.details.fields[0].path).toBe('url')
    expect((await api.request('GET', `/v1/webhooks/${id}`, { key })).body.data.url).toBe('https://hooks.example.com/x')
  })

  it('refuses at connect time a stored host name that now resolves to 127.0.0.1 (DNS rebinding)', async () => {
    // As if `url` had resolved to a public address when it was created.
    const port = new URL(receiver.url).port
    const endpoint = await api.db
      .insertInto('webhook_endpoints')
      .values({ account_id: accountId, url: `http://localhost:${port}/rebound`, events: ['*'], description: null, secret: 'whsec_AAAA' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const test = await api.request('POST', `/v1/webhooks/${endpoint.id}/test`, { key })
    expect(test.status).toBe(202)
    const delivery = () => api.request('GET', `/v1/webhooks/${endpoint.id}/deliveries/${test.body.data.id}`, { key })
    await expect.poll(async () => (await delivery()).body.data.last_error).not.toBeNull()
    const { data } = (await delivery()).body
    expect(data).toMatchObject({ status: 'pending', attempts: 1, last_status_code: null })
    expect(data.last_error).toContain('localhost resolves to 127.0.0.1 is a loopback address; refused')
    expect(receiver.at('/rebound')).toEqual([])
  })

  it('refuses at connect time a stored IPv4-compatible IPv6 literal (::127.0.0.1) without connecting', async () => {
    // Stored before the rule existed: the sender checks it again before every attempt.
    const port = new URL(receiver.url).port
    const endpoint = await api.db
      .insertInto('webhook_endpoints')
      .values({ account_id: accountId, url: `http://[::127.0.0.1]:${port}/compat`, events: ['*'], description: null, secret: 'whsec_AAAA' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const test = await api.request('POST', `/v1/webhooks/${endpoint.id}/test`, { key })
    expect(test.status).toBe(202)
    const delivery = () => api.request('GET', `/v1/webhooks/${endpoint.id}/deliveries/${test.body.data.id}`, { key })
    await expect.poll(async () => (await delivery()).body.data.last_error).not.toBeNull()
    const { data } = (await delivery()).body
    expect(data).toMatchObject({ status: 'pending', attempts: 1, last_status_code: null })
    expect(data.last_error).toContain('::7f00:1 is an IPv4-compatible IPv6 address')
    expect(data.last_error).toContain('refused')
    expect(receiver.at('/compat')).toEqual([])
  })
})
