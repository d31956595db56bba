import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isLoopbackAddress, listen, type RunningServer } from '@event-service/server-common'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoChanges } from './demo-changes.ts'
import { createDemoApp, type DemoConfig, demoPagePolicy } from './demo-server.ts'
import { lanAddress } from './testing/lan-address.ts'

const CONFIG: DemoConfig = {
  adminUrl: 'http://127.0.0.1:3000/v1',
  embedUrl: 'http://127.0.0.1:3001',
  loaderUrl: 'http://127.0.0.1:3001/v1/loader.js',
  eventId: 'd3e0d3e0-0000-4000-8000-000000000002',
  token: 'emb_x',
}

describe('the demo server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'demo-dir-'))
  let config: DemoConfig | undefined
  let server: RunningServer
  beforeAll(async () => {
    writeFileSync(join(dir, 'app.js'), 'export const x = 1\n')
    server = await listen(createDemoApp({ logger: pino({ level: 'silent' }), config: () => config, demoDir: dir }).callback(), {
      host: '127.0.0.1',
      port: 0,
    })
  })
  afterAll(async () => {
    await server?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('answers 503 SERVICE_UNAVAILABLE for /config.json until the demo token exists', async () => {
    config = undefined
    const res = await fetch(`${server.url}/config.json`)
    expect(res.status).toBe(503)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('SERVICE_UNAVAILABLE')
  })

  it('serves /config.json uncached once configured', async () => {
    config = CONFIG
    const res = await fetch(`${server.url}/config.json`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual(CONFIG)
  })

  it('serves files of the demo folder', async () => {
    const res = await fetch(`${server.url}/app.js`)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('export const x = 1\n')
  })

  it('shows a page with the server links while demo/index.html is missing', async () => {
    config = CONFIG
    const res = await fetch(`${server.url}/`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('href="http://127.0.0.1:3000/docs"')
    expect(html).toContain('http://127.0.0.1:3001/v1/loader.js')
  })

  it('sends nosniff with every answer, and the demo page its own policy: its files and the embed server only, no framing', async () => {
    config = CONFIG
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>demo</title>')
    try {
      const page = await fetch(`${server.url}/`)
      expect(page.headers.get('content-type')).toContain('text/html')
      const csp = page.headers.get('content-security-policy') ?? ''
      expect(csp).toBe(demoPagePolicy(CONFIG.embedUrl))
      expect(csp).toContain("script-src 'self' http://127.0.0.1:3001 'unsafe-hashes' 'sha256-")
      expect(csp).toContain("connect-src 'self' http://127.0.0.1:3001;")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
      expect(page.headers.get('x-frame-options')).toBe('DENY')
      for (const path of ['/', '/app.js', '/config.json', '/healthz', '/nowhere']) {
        expect((await fetch(`${server.url}${path}`)).headers.get('x-content-type-options'), path).toBe('nosniff')
      }
    } finally {
      rmSync(join(dir, 'index.html'))
    }
  })

  it('answers 404 NOT_FOUND for paths outside the folder', async () => {
    const res = await fetch(`${server.url}/%2e%2e/package.json`)
    expect(res.status).toBe(404)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND')
  })
})

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['192.0.2.2', false],
    ['::ffff:192.0.2.2', false],
    ['2001:db8::1', false],
    ['localhost', false],
    [undefined, false],
  ])('%s is loopback: %s', (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected)
  })
})

describe('the demo mailbox and "change something"', () => {
  const applied: string[] = []
  const changes: DemoChanges = {
    apply: async (action) => {
      applied.push(action)
      return { message: 'done', session_id: null }
    },
  }
  let server: RunningServer
  beforeAll(async () => {
    const app = createDemoApp({
      logger: pino({ level: 'silent' }),
      config: () => CONFIG,
      changes: () => changes,
      mailbox: async () => ({ mode: 'outbox', messages: [] }),
    })
    // Every interface, for this test only, so that a client from another address can try.
    server = await listen(app.callback(), { host: '0.0.0.0', port: 0 })
  })
  afterAll(async () => {
    await server?.close()
  })
  const port = () => new URL(server.url).port
  const change = (host: string, headers: Record<string, string> = {}) =>
    fetch(`http://${host}:${port()}/demo/change`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ action: 'move' }),
    })

  it('answer a client on this machine', async () => {
    const mailbox = await fetch(`http://127.0.0.1:${port()}/mailbox.json`)
    expect(mailbox.status).toBe(200)
    expect(await mailbox.json()).toEqual({ mode: 'outbox', messages: [] })
    expect((await change('127.0.0.1')).status).toBe(200)
    expect(applied).toEqual(['move'])
  })

  it.runIf(lanAddress)('answer 404 NOT_FOUND to a client from another address, whatever X-Forwarded-For says', async () => {
    applied.length = 0
    for (const headers of [{}, { 'X-Forwarded-For': '127.0.0.1' }] as Record<string, string>[]) {
      const mailbox = await fetch(`http://${lanAddress}:${port()}/mailbox.json`, { headers })
      expect(mailbox.status).toBe(404)
      expect(((await mailbox.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND')
      const changed = await change(lanAddress!, headers)
      expect(changed.status).toBe(404)
      expect(((await changed.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND')
    }
    expect(applied).toEqual([])
    // The page itself still answers there: only the demo's listening address keeps it on this machine.
    expect((await fetch(`http://${lanAddress}:${port()}/config.json`)).status).toBe(200)
  })
})
