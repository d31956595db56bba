import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../testing/test-api.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.ts'

/** Attempts, retries, failure, disabling, and the retry and test routes, against a local receiver. */
describe.each(DIALECTS)('webhook delivery on %s', (dialect) => {
  let api: TestApi
  let receiver: WebhookReceiver
  let key: string
  let accountId: string
  let path: string
  let webhookId: string
  let n = 0

  /** A new endpoint at a path of its own, subscribed to everything. */
  const newEndpoint = async (body: Record<string, unknown> = {}) => {
    path = `/hook-${++n}`
    const res = await api.request('POST', '/v1/webhooks', { key, body: { url: `${receiver.url}${path}`, events: ['*'], ...body } })
    receiver.secrets.set(path, res.body.data.secret)
    webhookId = res.body.data.id
    return res.body.data
  }
  const sendTest = async () => (await api.request('POST', `/v1/webhooks/${webhookId}/test`, { key })).body.data
  const delivery = async (id: string) => (await api.request('GET', `/v1/webhooks/${webhookId}/deliveries/${id}`, { key })).body.data
  const endpoint = async () => (await api.request('GET', `/v1/webhooks/${webhookId}`, { key })).body.data

  beforeAll(async () => {
    api = await startTestApi(dialect, { env: { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_DELAYS: '30ms,30ms' } })
    receiver = await startWebhookReceiver()
    ;({ key, accountId } = await api.newAccount())
  })
  afterEach(() => {
    receiver.answer = () => 204
  })
  afterAll(async () => {
    await receiver.close()
    await api.close()
  })

  it('sends a webhook.test event whose object is the endpoint, verified by the standardwebhooks package', async () => {
    const created = await newEndpoint({ events: ['session.deleted'] })
    const queued = await sendTest()
    expect(queued).toMatchObject({ type: 'webhook.test', status: 'pending', attempts: 0, webhook_id: webhookId })
    const received = await receiver.nth(path, 0)
    expect(received.verified, received.verifyError).toBe(true)
    expect(received.id).toBe(queued.message_id)
    expect(received.headers['content-type']).toBe('application/json')
    const { secret: _, ...presented } = created
    expect(received.payload).toEqual({ type: 'webhook.test', timestamp: expect.any(String), data: { object: presented } })
    await expect.poll(async () => (await delivery(queued.id)).status).toBe('delivered')
    expect(await delivery(queued.id)).toMatchObject({ attempts: 1, last_status_code: 204, last_error: null, next_attempt_at: null })
  })

  it('retries a receiver that fails at first, with the same webhook-id and a fresh signature each time', async () => {
    await newEndpoint()
    receiver.answer = (_, count) => (count < 3 ? { status: 503, body: 'busy' } : 204)
    const queued = await sendTest()
    await expect.poll(async () => (await delivery(queued.id)).status).toBe('delivered')
    const attempts = receiver.at(path)
    expect(attempts.map((a) => a.id)).toEqual([queued.message_id, queued.message_id, queued.message_id])
    expect(attempts.every((a) => a.verified)).toBe(true)
    expect(attempts.map((a) => a.body)).toEqual([attempts[0]?.body, attempts[0]?.body, attempts[0]?.body])
    expect(await delivery(queued.id)).toMatchObject({ attempts: 3, last_status_code: 204, last_error: null, last_response_body: '' })
    // The failure streak ended with the delivery.
    expect((await endpoint()).failing_since).toBeNull()
  })

  it('marks a delivery failed after the attempt that follows the last wait, keeping 1 KB of the answer', async () => {
    await newEndpoint()
    receiver.answer = () => ({ status: 500, body: 'x'.repeat(5000), headers: { 'content-type': 'text/plain' } })
    const queued = await sendTest()
    await expect.poll(async () => (await delivery(queued.id)).status).toBe('failed')
    const failed = await delivery(queued.id)
    expect(failed).toMatchObject({ attempts: 3, last_status_code: 500, last_error: 'HTTP 500', next_attempt_at: null, delivered_at: null })
    expect(failed.last_response_body).toBe('x'.repeat(1024))
    expect(receiver.at(path)).toHaveLength(3)
    expect((await endpoint()).failing_since).not.toBeNull()
    const list = await api.request('GET', `/v1/webhooks/${webhookId}/deliveries?status=failed`, { key })
    expect(list.body.data.map((d: { id: string }) => d.id)).toEqual([queued.id])
  })

  it('counts a redirect as a failed attempt and does not follow it', async () => {
    await newEndpoint()
    receiver.answer = () => ({ status: 301, headers: { location: `${receiver.url}/elsewhere` } })
    const queued = await sendTest()
    await expect.poll(async () => (await delivery(queued.id)).status).toBe('failed')
    expect((await delivery(queued.id)).last_error).toBe(`HTTP 301: redirects are not followed (to ${receiver.url}/elsewhere)`)
    expect(receiver.at('/elsewhere')).toEqual([])
  })

  it('retries a failed delivery once on request, with the same message id', async () => {
    await newEndpoint()
    receiver.answer = () => 500
    const queued = await sendTest()
    await expect.poll(async () => (await delivery(queued.id)).status).toBe('failed')
    receiver.answer = () => 200
    const retry = await api.request('POST', `/v1/webhooks/${webhookId}/deliveries/${queued.id}/retry`, { key })
    expect(retry.status).toBe(202)
    expect(retry.body.data).toMatchObject({ id: queued.id, status: 'pending', message_id: queued.message_id })
    await expect.poll(async () => (await delivery(queued.id)).status).toBe('delivered')
    expect(await delivery(queued.id)).toMatchObject({ attempts: 4, last_status_code: 200 })
    expect(receiver.at(path).map((r) => r.id)).toEqual(Array(4).fill(queued.message_id))

    // A delivered one can be sent again too: one more attempt, nothing more.
    receiver.answer = () => 500
    expect((await api.request('POST', `/v1/webhooks/${webhookId}/deliveries/${queued.id}/retry`, { key })).status).toBe(202)
    await expect.poll(async () => (await delivery(queued.id)).status).toBe('failed')
    expect((await delivery(queued.id)).attempts).toBe(5)
  })

  it('refuses to retry a delivery while an attempt is in flight (409), and lists deliveries newest first', async () => {
    await newEndpoint()
    receiver.answer = () => 'hold'
    const first = await sendTest()
    await receiver.nth(path, 0)
    const busy = await api.request('POST', `/v1/webhooks/${webhookId}/deliveries/${first.id}/retry`, { key })
    expect(busy.status).toBe(409)
    expect(busy.body.error.code).toBe('CONFLICT')
    receiver.answer = () => 204
    receiver.release(204)
    await expect.poll(async () => (await delivery(first.id)).status).toBe('delivered')
    const second = await sendTest()
    await expect.poll(async () => (await delivery(second.id)).status).toBe('delivered')
    const list = await api.request('GET', `/v1/webhooks/${webhookId}/deliveries?limit=1`, { key })
    expect(list.body.data.map((d: { id: string }) => d.id)).toEqual([second.id])
    expect(list.body.meta).toEqual({ page: 1, limit: 1, total: 2, totalPages: 2 })
  })

  it('drops pending deliveries with a deleted endpoint', async () => {
    await newEndpoint()
    receiver.answer = () => 503
    const queued = await sendTest()
    await expect.poll(async () => (await delivery(queued.id)).attempts).toBeGreaterThanOrEqual(1)
    expect((await api.request('DELETE', `/v1/webhooks/${webhookId}`, { key })).status).toBe(200)
    const left = await api.db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', webhookId).execute()
    expect(left).toEqual([])
  })

  it('fails the pending deliveries of an endpoint that is disabled, and refuses tests and retries until it is enabled', async () => {
    await newEndpoint()
    receiver.answer = () => 'hold'
    const inFlight = await sendTest()
    await receiver.nth(path, 0)
    // One waiting for a later retry, not in flight.
    const waiting = await api.db
      .insertInto('webhook_deliveries')
      .values({
        account_id: accountId,
        webhook_id: webhookId,
        message_id: 'msg_waiting',
        type: 'event.updated',
        body: '{}',
        next_attempt_at: new Date(Date.now() + 3_600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const disabled = await api.request('PATCH', `/v1/webhooks/${webhookId}`, { key, body: { enabled: false } })
    expect(disabled.body.data).toMatchObject({ enabled: false, disabled_reason: null })
    expect(await delivery(waiting.id)).toMatchObject({
      status: 'failed',
      attempts: 0,
      last_error: 'The endpoint was disabled before this delivery was attempted',
    })
    const test = await api.request('POST', `/v1/webhooks/${webhookId}/test`, { key })
    expect(test.status).toBe(409)
    expect(test.body.error.code).toBe('CONFLICT')
    // The attempt in flight records its own outcome; its next attempt finds the endpoint disabled.
    receiver.answer = () => 503
    receiver.release(503)
    await expect.poll(async () => (await delivery(inFlight.id)).status).toBe('failed')
    expect((await delivery(inFlight.id)).last_error).toBe('HTTP 503; the endpoint is disabled')
    const retry = await api.request('POST', `/v1/webhooks/${webhookId}/deliveries/${inFlight.id}/retry`, { key })
    expect(retry.status).toBe(409)
    const enabled = await api.request('PATCH', `/v1/webhooks/${webhookId}`, { key, body: { enabled: true } })
    expect(enabled.body.data).toMatchObject({ enabled: true, failing_since: null })
  })
})

describe.each(DIALECTS)('automatic disabling on %s', (dialect) => {
  let api: TestApi
  let receiver: WebhookReceiver

  beforeAll(async () => {
    api = await startTestApi(dialect, {
      env: { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_DELAYS: '100ms,100ms,100ms,100ms,100ms', WEBHOOK_DISABLE_AFTER: '150ms' },
    })
    receiver = await startWebhookReceiver()
  })
  afterAll(async () => {
    await receiver.close()
    await api.close()
  })

  it('disables an endpoint whose attempts all failed for WEBHOOK_DISABLE_AFTER, with the reason visible', async () => {
    const { key } = await api.newAccount()
    receiver.answer = () => 502
    const created = (await api.request('POST', '/v1/webhooks', { key, body: { url: `${receiver.url}/down`, events: ['*'] } })).body.data
    receiver.secrets.set('/down', created.secret)
    const queued = (await api.request('POST', `/v1/webhooks/${created.id}/test`, { key })).body.data
    const get = async () => (await api.request('GET', `/v1/webhooks/${created.id}`, { key })).body.data
    await expect.poll(async () => (await get()).enabled, { timeout: 10_000 }).toBe(false)
    const endpoint = await get()
    expect(endpoint.disabled_reason).toMatch(/^Disabled automatically: every delivery attempt failed for 150 ms \(since \d{4}-.*\)/)
    expect(endpoint.disabled_reason).toContain('set enabled to true')
    const failed = (await api.request('GET', `/v1/webhooks/${created.id}/deliveries/${queued.id}`, { key })).body.data
    expect(failed.status).toBe('failed')
    expect(failed.last_error).toBe('HTTP 502; the endpoint is now disabled')
    // The first failure starts the streak and cannot disable; the third comes at least 200 ms
    // after it (two waits of 100 ms) and must.
    expect(failed.attempts).toBeGreaterThanOrEqual(2)
    expect(failed.attempts).toBeLessThanOrEqual(3)

    // Enabling it again clears the reason and the streak; deliveries flow again.
    receiver.answer = () => 204
    const enabled = await api.request('PATCH', `/v1/webhooks/${created.id}`, { key, body: { enabled: true } })
    expect(enabled.body.data).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null })
    const retried = await api.request('POST', `/v1/webhooks/${created.id}/deliveries/${queued.id}/retry`, { key })
    expect(retried.status).toBe(202)
    await expect
      .poll(async () => (await api.request('GET', `/v1/webhooks/${created.id}/deliveries/${queued.id}`, { key })).body.data.status)
      .toBe('delivered')
  })
})
