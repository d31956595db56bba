import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestDb } from '@event-service/db/testing.ts'
import { listen, loadConfig, type RunningServer } from '@event-service/server-common'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminApp, createAdminApp } from '../app.ts'

type TestDb = Awaited<ReturnType<typeof createTestDb>>

/** The admin server with a console build of its own (or none), on PGlite. */
async function startWith(consoleDir: string, db: TestDb) {
  const config = loadConfig({ ADMIN_PORT: '0', DATA_DIR: 'memory://', LOG_LEVEL: 'silent' })
  const admin = await createAdminApp({
    db: db.db,
    config,
    logger: pino({ level: 'silent' }),
    consoleDir,
    embedUrl: () => 'https://embed.example.com',
  })
  const server = await listen(admin.callback(), { host: '127.0.0.1', port: 0 })
  return { admin, server }
}

describe('the console served by the admin server', () => {
  let db: TestDb
  let built: string
  let empty: string
  const running: { admin: AdminApp; server: RunningServer }[] = []
  let url: string
  let unbuiltUrl: string

  beforeAll(async () => {
    db = await createTestDb('pglite')
    built = mkdtempSync(join(tmpdir(), 'console-dist-'))
    empty = mkdtempSync(join(tmpdir(), 'console-empty-'))
    writeFileSync(
      join(built, 'index.html'),
      '<!doctype html><title>Console</title><script type="module" src="/console/assets/main-abc123.js"></script>',
    )
    mkdirSync(join(built, 'assets'))
    writeFileSync(join(built, 'assets/main-abc123.js'), `console.log(${JSON.stringify('x'.repeat(2000))})`)
    for (const dir of [built, empty]) running.push(await startWith(dir, db))
    url = running[0]?.server.url ?? ''
    unbuiltUrl = running[1]?.server.url ?? ''
  })
  afterAll(async () => {
    for (const { admin, server } of running) {
      await server.close(1000)
      await admin.close()
    }
    await db.close()
    for (const dir of [built, empty]) rmSync(dir, { recursive: true, force: true })
  })

  it("answers every screen's address with the page, revalidated, under a policy without inline script", async () => {
    for (const path of ['/console/', '/console/events/3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b/schedule', '/console/sign-in']) {
      const res = await fetch(`${url}${path}`)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(res.headers.get('referrer-policy')).toBe('same-origin')
      const csp = res.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("script-src 'self' https://embed.example.com")
      expect(csp).toContain("connect-src 'self' https://embed.example.com")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
      expect(await res.text()).toContain('<title>Console</title>')
    }
  })

  it('caches content-hashed files for a year, compressed, and answers a missing one 404', async () => {
    const res = await fetch(`${url}/console/assets/main-abc123.js`, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('content-encoding')).toBe('gzip')
    const missing = await fetch(`${url}/console/assets/gone-000.js`)
    expect(missing.status).toBe(404)
    expect((await missing.json()).error.code).toBe('NOT_FOUND')
    expect((await fetch(`${url}/console/assets/..%2f..%2fpackage.json`)).status).toBe(404)
  })

  it('redirects /console to /console/, and refuses other methods in the envelope', async () => {
    const res = await fetch(`${url}/console`, { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/console/')
    const post = await fetch(`${url}/console/`, { method: 'POST' })
    expect(post.status).toBe(405)
    expect((await post.json()).error.code).toBe('METHOD_NOT_ALLOWED')
  })

  it('says how to build the console when it is not built', async () => {
    const res = await fetch(`${unbuiltUrl}/console/`)
    expect(res.status).toBe(503)
    expect((await res.json()).error.message).toContain('npm run build -w console')
  })
})
