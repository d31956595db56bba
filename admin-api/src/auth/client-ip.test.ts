import { Writable } from 'node:stream'
import { createTestDb } from '@event-service/db/testing.ts'
import { createLogger, listen, loadConfig, type RunningServer } from '@event-service/server-common'
import { afterAll, describe, expect, it } from 'vitest'
import { type AdminApp, createAdminApp } from '../app.ts'

/** An admin API with `TRUST_PROXY`, whose request log lines the test reads. */
async function startLogged(trustProxy: string) {
  const lines: Record<string, unknown>[] = []
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    },
  })
  const handle = await createTestDb('pglite')
  const config = loadConfig({ ADMIN_PORT: '0', TRUST_PROXY: trustProxy })
  const admin: AdminApp = await createAdminApp({ db: handle.db, config, logger: createLogger('info', undefined, sink) })
  const server: RunningServer = await listen(admin.callback(), { host: '127.0.0.1', port: 0 })
  return {
    /** The client IP the request's log line names. */
    async ipOf(forwardedFor: string): Promise<unknown> {
      const requestId = `ip-check-${lines.length}`
      await fetch(`${server.url}/livez`, { headers: { 'X-Forwarded-For': forwardedFor, 'X-Request-Id': requestId } })
      await expect.poll(() => lines.some((line) => line.requestId === requestId)).toBe(true)
      return lines.find((line) => line.requestId === requestId)?.ip
    },
    async close() {
      await server.close()
      await admin.close()
      await handle.close()
    },
  }
}

// The admin API counts requests per account, not per IP: what it has of the client's address is its log line.
describe('the admin API behind a proxy', () => {
  const started: { close(): Promise<void> }[] = []
  afterAll(async () => {
    for (const s of started) await s.close()
  })

  it('logs the client X-Forwarded-For names when the peer is a trusted proxy', async () => {
    const behind = await startLogged('loopback')
    started.push(behind)
    expect(await behind.ipOf('203.0.113.1')).toBe('203.0.113.1')
    expect(await behind.ipOf('6.6.6.6, 203.0.113.2')).toBe('203.0.113.2')
  })

  it('logs the socket address, whatever X-Forwarded-For says, when the peer is not a trusted proxy', async () => {
    const direct = await startLogged('10.0.0.0/8')
    started.push(direct)
    expect(await direct.ipOf('203.0.113.1')).toMatch(/^(::ffff:)?127\.0\.0\.1$/)
  })
})
