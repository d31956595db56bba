import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DbHandle } from '@event-service/db'
import { createTestDb } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmbedServer, type TestEmbedServer } from '../testing/embed-fixtures.ts'

// Static files do not touch the database; one dialect is enough.
describe('widget files', () => {
  let dbHandle: DbHandle
  let built: TestEmbedServer
  let unbuilt: TestEmbedServer
  let dir: string
  let emptyDir: string

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'widgets-dist-'))
    emptyDir = mkdtempSync(join(tmpdir(), 'widgets-empty-'))
    mkdirSync(join(dir, 'chunks'))
    writeFileSync(join(dir, 'loader.js'), `import('./chunks/schedule-abc123.js');\n${'// padding\n'.repeat(200)}`)
    writeFileSync(join(dir, 'chunks', 'schedule-abc123.js'), `export const x = 1;\n${'// padding\n'.repeat(200)}`)
    writeFileSync(join(dir, '.secret'), 'hidden')
    dbHandle = await createTestDb('pglite')
    built = await startEmbedServer(dbHandle, { widgetsDir: dir })
    unbuilt = await startEmbedServer(dbHandle, { widgetsDir: emptyDir })
  })
  afterAll(async () => {
    await built?.close()
    await unbuilt?.close()
    await dbHandle?.close()
    rmSync(dir, { recursive: true, force: true })
    rmSync(emptyDir, { recursive: true, force: true })
  })

  it('serves loader.js with a short public cache, to any origin', async () => {
    const res = await fetch(`${built.url}/v1/loader.js`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/javascript/)
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(await res.text()).toContain('schedule-abc123')
  })

  it('serves content-hashed chunks as immutable', async () => {
    const res = await fetch(`${built.url}/v1/chunks/schedule-abc123.js`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('compresses by Accept-Encoding', async () => {
    const res = await fetch(`${built.url}/v1/loader.js`, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
  })

  it('answers a missing file, a hidden file and a path outside the folder 404 NOT_FOUND', async () => {
    for (const path of ['/v1/chunks/nope.js', '/v1/.secret', '/v1/..%2f..%2fpackage.json', '/v1/%2e%2e/%2e%2e/package.json']) {
      const res = await fetch(`${built.url}${path}`)
      expect(res.status).toBe(404)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND')
    }
  })

  it('answers 503 SERVICE_UNAVAILABLE, saying how to build, when the widgets are not built', async () => {
    const res = await fetch(`${unbuilt.url}/v1/loader.js`)
    expect(res.status).toBe(503)
    const body = (await res.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('SERVICE_UNAVAILABLE')
    expect(body.error.message).toContain('npm run build -w widgets')
  })

  it('answers /healthz', async () => {
    const res = await fetch(`${built.url}/healthz`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true, data: { status: 'ok' } })
  })
})
