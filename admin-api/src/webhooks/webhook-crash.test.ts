import { createTestStoreEnv, DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { runCli } from '../cli/cli-process.ts'
import { type AdminProcess, startAdminProcess } from '../testing/admin-process.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.ts'

// Child processes (tsx start-up, PGlite) are slow on a busy machine, and the restarted instance
// takes the delivery over only once the killed one's lease has run out (15 s): these limits are
// not assertions.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 })

/**
 * Nothing lost: a committed change is delivered even when the admin API is killed with SIGKILL
 * while its attempt is in flight; after a restart the same message arrives, with the same
 * `webhook-id`.
 */
describe.each(DIALECTS)('webhooks through kill -9 on %s', (dialect) => {
  let env: Record<string, string>
  let cleanup: () => Promise<void>
  let receiver: WebhookReceiver
  const running: AdminProcess[] = []

  beforeAll(async () => {
    ;({ env, cleanup } = await createTestStoreEnv(dialect, 'webhook-crash'))
    env = { ...env, WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_DELAYS: '100ms' }
    receiver = await startWebhookReceiver()
  })
  afterAll(async () => {
    for (const p of running) {
      p.child.kill('SIGKILL')
      await p.exited
    }
    await receiver?.close()
    await cleanup?.()
  })

  const start = async () => {
    const p = await startAdminProcess(env)
    running.push(p)
    return p
  }

  it('delivers after a restart what a killed instance had in flight, with the same webhook-id', async () => {
    // The account first: on PGlite the CLI opens the database itself while no server holds it.
    const cli = await runCli(['accounts', 'create', '--name', 'Crash GmbH', '--plan', 'pro'], env)
    expect(cli).toMatchObject({ code: 0, stderr: '' })
    const key = (JSON.parse(cli.stdout) as { api_key: string }).api_key

    let instance = await start()
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${instance.url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: res.status, body: (await res.json()) as any }
    }
    const webhook = await call('POST', '/webhooks', { url: `${receiver.url}/crash`, events: ['event.updated'] })
    expect(webhook.status).toBe(201)
    receiver.secrets.set('/crash', webhook.body.data.secret)
    const event = await call('POST', '/events', { name: 'Before', starts_at: '2030-06-01T09:00:00Z', ends_at: '2030-06-02T17:00:00Z' })

    // The receiver holds the first attempt open; the instance dies while waiting for the answer.
    receiver.answer = (_, n) => (n === 1 ? 'hold' : 204)
    const change = await call('PATCH', `/events/${event.body.data.id}`, { name: 'After' })
    expect(change.status).toBe(200)
    const inFlight = await receiver.nth('/crash', 0)
    instance.child.kill('SIGKILL')
    expect(await instance.exited).toBe('SIGKILL')

    instance = await start()
    const redelivered = await receiver.nth('/crash', 1)
    expect(redelivered.id).toBe(inFlight.id)
    expect(redelivered.verified, redelivered.verifyError).toBe(true)
    expect(redelivered.payload).toEqual(inFlight.payload)
    expect(redelivered.payload).toMatchObject({ type: 'event.updated', data: { object: { id: event.body.data.id, name: 'After' } } })
    // The attempt cut short counts: two attempts, one delivery.
    const deliveries = async () => (await call('GET', `/webhooks/${webhook.body.data.id}/deliveries`)).body.data
    await expect.poll(async () => (await deliveries())[0]?.status).toBe('delivered')
    expect(await deliveries()).toMatchObject([{ message_id: inFlight.id, attempts: 2, last_status_code: 204 }])
  })
})
