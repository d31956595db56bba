import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { listen, type RunningServer } from '@event-service/server-common'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoApp, type DemoConfig } from './demo-server.ts'

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

  it('answers 404 NOT_FOUND for paths outside the folder', async () => {
    const res = await fetch(`${server.url}/%2e%2e/package.json`)
    expect(res.status).toBe(404)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND')
  })
})
