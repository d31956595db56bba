import { runCli } from '@event-service/admin-api/cli/cli-process.ts'
import { createTestStoreEnv, DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { slowPost, type SystemProcess, startSystemProcess } from './testing/system-process.ts'

// Child processes (tsx start-up, PGlite) are slow on a busy machine; these limits are not assertions.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 })

const json = { 'Content-Type': 'application/json' }

describe.each(DIALECTS)('npm start as a process on %s', (dialect) => {
  let env: Record<string, string>
  let cleanup: () => Promise<void>
  const running: SystemProcess[] = []

  beforeAll(async () => {
    ;({ env, cleanup } = await createTestStoreEnv(dialect, 'start-process'))
  })
  afterEach(async () => {
    for (const p of running.splice(0)) {
      p.child.kill('SIGKILL')
      await p.exited
    }
  })
  afterAll(() => cleanup?.())

  const start = async () => {
    const p = await startSystemProcess(env)
    running.push(p)
    return p
  }

  const apiKey = async () => {
    const run = await runCli(['accounts', 'create', '--name', 'Durable GmbH', '--plan', 'pro'], env)
    expect(run).toMatchObject({ code: 0, stderr: '' })
    return (JSON.parse(run.stdout) as { api_key: string }).api_key
  }

  it('lets a request in flight at SIGTERM finish, refuses new ones, and exits 0', async () => {
    const system = await start()
    const auth = { Authorization: `Bearer ${await apiKey()}` }
    const event = { name: 'Slow upload', starts_at: '2030-05-01T09:00:00Z', ends_at: '2030-05-01T17:00:00Z', description: 'x'.repeat(2000) }
    const upload = slowPost(`${system.adminUrl}/events`, event, auth)
    await upload.inFlight
    system.child.kill('SIGTERM')
    await system.waitFor('SIGTERM: stopping')
    await expect(fetch(`${system.adminUrl.replace(/\/v1$/, '')}/healthz`)).rejects.toThrow()
    upload.sendRest()
    const { status, body } = await upload.response
    expect(status).toBe(201)
    expect(JSON.parse(body)).toMatchObject({ success: true, data: { name: 'Slow upload' } })
    expect(await system.exited).toBe(0)
    expect(system.output()).toContain('stopped')
  })

  it('keeps every acknowledged write through a kill -9 and a restart', async () => {
    const first = await start()
    const key = await apiKey()
    const headers = { ...json, Authorization: `Bearer ${key}` }
    const created = await fetch(`${first.adminUrl}/events`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Crash test', starts_at: '2030-06-01T09:00:00Z', ends_at: '2030-06-02T17:00:00Z' }),
    })
    expect(created.status).toBe(201)
    const eventId = ((await created.json()) as { data: { id: string } }).data.id
    const acknowledged: string[] = []
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${first.adminUrl}/speakers`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ event_id: eventId, email: `speaker${i}@durable.example`, name: `Speaker ${i}` }),
      })
      expect(res.status).toBe(201)
      acknowledged.push(((await res.json()) as { data: { id: string } }).data.id)
    }
    first.child.kill('SIGKILL')
    expect(await first.exited).toBe('SIGKILL')

    const second = await start()
    const res = await fetch(`${second.adminUrl}/speakers?event_id=${eventId}&limit=100`, { headers })
    expect(res.status).toBe(200)
    const ids = ((await res.json()) as { data: { id: string }[] }).data.map((s) => s.id)
    expect(ids.sort()).toEqual(acknowledged.sort())
  })

  it.runIf(dialect === 'pglite')('refuses a second npm start on the same DATA_DIR with a clear message', async () => {
    await start()
    const second = startSystemProcess(env)
    await expect(second).rejects.toThrow(/in use by another process/)
  })
})
