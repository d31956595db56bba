import { existsSync, statSync } from 'node:fs'
import { runCli } from '@event-service/admin-api/cli/cli-process.ts'
import { readControlFile, controlFilePath } from '@event-service/admin-api/cli/control-file.ts'
import { createDb, DataDirLockedError } from '@event-service/db'
import { DEMO_EVENT_ID } from '@event-service/seed'
import { createTestStoreEnv, DIALECTS } from '@event-service/db/testing.ts'
import { loadConfig } from '@event-service/server-common'
import { UUID_PATTERN as UUID } from '@event-service/widgets/identifiers'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { DemoConfig } from './demo-server.ts'
import { type RunningSystem, startSystem } from './start.ts'

// Child processes (tsx start-up, PGlite) are slow on a busy machine; these limits are not assertions.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 })

const HEALTHY = { success: true, data: { status: 'ok' } }
const origin = (url: string) => new URL(url).origin

describe.each(DIALECTS)('the whole system on %s', (dialect) => {
  let env: Record<string, string>
  let system: RunningSystem
  let lines: string[]
  let cleanup: () => Promise<void>

  const start = async () => {
    lines = []
    const config = loadConfig({ ...env, HOST: '127.0.0.1', ADMIN_PORT: '0', EMBED_PORT: '0', DEMO_PORT: '0' })
    system = await startSystem(config, { log: (l) => lines.push(l), logger: pino({ level: 'silent' }) })
  }
  const demoConfig = async () => (await (await fetch(`${system.demoUrl}/config.json`)).json()) as DemoConfig

  beforeAll(async () => {
    // PGlite starts on an empty DATA_DIR: the one test of a first start, which makes the database.
    // A Postgres test database comes migrated; the start must seed anyway, since the database has no accounts.
    ;({ env, cleanup } = await createTestStoreEnv(dialect, 'start-system', { empty: true }))
    await start()
  })
  afterAll(async () => {
    await system?.stop()
    await cleanup?.()
  })

  it.concurrent('answers /healthz on every server', async () => {
    for (const url of [origin(system.adminUrl), system.embedUrl, system.demoUrl]) {
      const res = await fetch(`${url}/healthz`)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual(HEALTHY)
    }
  })

  it.concurrent('prints one line per server with its URL, after the seed progress', () => {
    const admin = origin(system.adminUrl)
    expect(lines.filter((l) => /^(admin API|embed API|demo)\s/.test(l))).toEqual([
      expect.stringMatching(new RegExp(`^admin API\\s+${system.adminUrl}\\s+\\(docs: ${admin}/docs\\)$`)),
      expect.stringMatching(new RegExp(`^embed API\\s+${system.embedUrl}\\s+\\(loader: ${system.embedUrl}/v1/loader\\.js\\)$`)),
      `demo        ${system.demoUrl}`,
    ])
    expect(lines).toContain('seeding the demo event:')
    expect(system.adminUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/)
  })

  it.concurrent('gives the demo page a token that reads the demo event from the demo origin only', async () => {
    const config = await demoConfig()
    expect(config).toMatchObject({
      adminUrl: system.adminUrl,
      embedUrl: system.embedUrl,
      loaderUrl: `${system.embedUrl}/v1/loader.js`,
      eventId: DEMO_EVENT_ID,
    })
    const url = `${system.embedUrl}/v1/events/${config.eventId}/speakers?token=${config.token}`
    const allowed = await fetch(url, { headers: { Origin: system.demoUrl } })
    expect(allowed.status).toBe(200)
    expect(((await allowed.json()) as { data: unknown[] }).data.length).toBeGreaterThanOrEqual(25)
    const localhost = await fetch(url, { headers: { Origin: system.demoUrl.replace('127.0.0.1', 'localhost') } })
    expect(localhost.status).toBe(200)
    const elsewhere = await fetch(url, { headers: { Origin: 'https://elsewhere.example' } })
    expect(elsewhere.status).toBe(403)
    expect(((await elsewhere.json()) as { error: { code: string } }).error.code).toBe('ORIGIN_NOT_ALLOWED')
  })

  it.concurrent('shows the demo event’s confirm link, then its confirmation, in the demo mailbox when no SMTP_URL is set', async () => {
    const config = await demoConfig()
    const res = await fetch(`${system.embedUrl}/v1/events/${config.eventId}/registrations?token=${config.token}`, {
      method: 'POST',
      headers: { Origin: system.demoUrl, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Mailbox Tester',
        email: 'mailbox@example.com',
        ticket_id: 'workshop',
        answers: { diet: 'Vegan', 'workshop-topic': 'Accessibility' },
        consent: true,
        locale: 'de',
      }),
    })
    expect(res.status).toBe(201)
    const mailbox = async () => (await (await fetch(`${system.demoUrl}/mailbox.json`)).json()) as { mode: string; messages: any[] }
    // The demo event confirms registrations by email: first the confirm link…
    const request = await mailbox()
    expect(request.mode).toBe('outbox')
    expect(request.messages[0]).toMatchObject({
      to: 'mailbox@example.com',
      status: 'pending',
      subject: expect.stringContaining('Bitte bestätigen Sie Ihre Anmeldung'),
      ics: null,
    })
    const link = new RegExp(`${system.embedUrl}/v1/registrations/confirm\\?token=\\S+`).exec(request.messages[0].text)?.[0] as string
    const confirmed = await fetch(`${system.embedUrl}/v1/registrations/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: new URL(link).searchParams.get('token') as string }).toString(),
    })
    expect(confirmed.status).toBe(200)
    // …then, once it is followed, the confirmation with its cancel link and calendar file.
    const [confirmation] = (await mailbox()).messages
    expect(confirmation).toMatchObject({ to: 'mailbox@example.com', subject: expect.stringContaining('Sie sind angemeldet') })
    expect(confirmation.text).toContain(`${system.embedUrl}/v1/registrations/cancel?token=`)
    expect(confirmation.ics).toContain('BEGIN:VEVENT')
  })

  it.concurrent('serves the demo folder and 404s outside it', async () => {
    const page = await fetch(`${system.demoUrl}/`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    const missing = await fetch(`${system.demoUrl}/no-such-file.js`)
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND')
  })

  it.concurrent('runs the CLI while it runs: a new key authenticates at once, a key revoked through it is refused at once', async () => {
    const run = await runCli(['accounts', 'create', '--name', 'Acme', '--plan', 'pro'], env)
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toMatch(new RegExp(`^\\{"account_id":"${UUID}","api_key":"sk_[0-9A-Za-z]{36}"\\}\\n$`))
    const { account_id, api_key } = JSON.parse(run.stdout) as { account_id: string; api_key: string }
    const res = await fetch(`${system.adminUrl}/embed-tokens`, { headers: { Authorization: `Bearer ${api_key}` } })
    expect(res.status).toBe(200)

    const second = await runCli(['keys', 'create', '--account', account_id, '--name', 'CI key'], env)
    expect(second.stdout).toMatch(new RegExp(`^\\{"key_id":"${UUID}","api_key":"sk_[0-9A-Za-z]{36}"\\}\\n$`))
    const list = await runCli(['keys', 'list', '--account', account_id], env)
    const keys = JSON.parse(list.stdout) as { id: string; name: string }[]
    expect(keys.map((k) => k.name)).toEqual(['Default key', 'CI key'])

    const revoke = await runCli(['keys', 'revoke', keys[0]?.id ?? ''], env)
    expect(revoke).toMatchObject({ code: 0, stderr: '' })
    const refused = await fetch(`${system.adminUrl}/embed-tokens`, { headers: { Authorization: `Bearer ${api_key}` } })
    expect(refused.status).toBe(401)
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED')
  })

  it.runIf(dialect === 'pglite').concurrent('writes the control file for the owner only, and refuses a wrong secret', async () => {
    const control = readControlFile(env.DATA_DIR as string)
    expect(control?.pid).toBe(process.pid)
    expect(statSync(controlFilePath(env.DATA_DIR as string)).mode & 0o777).toBe(0o600)
    const res = await fetch(`${control?.url}/commands`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${'x'.repeat(43)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ command: 'accounts.create', input: { name: 'Intruder', plan: 'pro' } }),
    })
    expect(res.status).toBe(401)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED')
  })

  it.runIf(dialect === 'pglite').concurrent('refuses a second start on the same DATA_DIR with a clear message', async () => {
    const config = loadConfig({ ...env, ADMIN_PORT: '0', EMBED_PORT: '0', DEMO_PORT: '0' })
    await expect(startSystem(config, { log: () => {}, logger: pino({ level: 'silent' }) })).rejects.toThrow(DataDirLockedError)
    // The refused start must not have disturbed the running one.
    expect((await fetch(`${system.demoUrl}/healthz`)).status).toBe(200)
    expect(existsSync(controlFilePath(env.DATA_DIR as string))).toBe(true)
  })

  // Last, and alone: it stops the system the tests above read side by side.
  it.sequential('after a restart: no second seed, a new demo token, the previous one revoked', async () => {
    const before = await demoConfig()
    await system.stop()
    if (env.DATA_DIR) expect(existsSync(controlFilePath(env.DATA_DIR))).toBe(false)
    await start()
    expect(lines).not.toContain('seeding the demo event:')
    const after = await demoConfig()
    expect(after.token).not.toBe(before.token)
    const read = (token: string | null) =>
      fetch(`${system.embedUrl}/v1/events/${DEMO_EVENT_ID}?token=${token}`, { headers: { Origin: system.demoUrl } })
    expect((await read(after.token)).status).toBe(200)
    const old = await read(before.token)
    expect(old.status).toBe(401)
    expect(((await old.json()) as { error: { code: string } }).error.code).toBe('TOKEN_REVOKED')
  })
})

describe('a failed start', () => {
  it('releases the database when a port is taken', async () => {
    // Two migrated copies of the template: what is tested is the release, not the making.
    const [a, b] = await Promise.all([createTestStoreEnv('pglite', 'start-fail-a'), createTestStoreEnv('pglite', 'start-fail-b')])
    const quiet = { log: () => {}, logger: pino({ level: 'silent' }) }
    const first = await startSystem(loadConfig({ ...a.env, ADMIN_PORT: '0', EMBED_PORT: '0', DEMO_PORT: '0' }), quiet)
    try {
      const taken = new URL(first.demoUrl).port
      const config = loadConfig({ ...b.env, ADMIN_PORT: '0', EMBED_PORT: '0', DEMO_PORT: taken })
      await expect(startSystem(config, quiet)).rejects.toThrow(/EADDRINUSE/)
      // Opening again at once works only if the failed start closed the database and its lock.
      const handle = await createDb({ dataDir: b.env.DATA_DIR })
      await handle.close()
    } finally {
      await first.stop()
      await Promise.all([a.cleanup(), b.cleanup()])
    }
  })
})
