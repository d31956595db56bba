import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startUnacceptingListener } from '../testing/webhook-receiver.ts'
import { createWebhookSender } from './webhook-sender.ts'

describe('the sender at connect time', () => {
  let hits: string[]
  let server: ReturnType<typeof createServer>
  let port: number

  beforeAll(async () => {
    hits = []
    server = createServer((req, res) => {
      hits.push(req.url ?? '')
      if (req.url === '/redirect') return void res.writeHead(302, { location: `http://127.0.0.1:${port}/target` }).end()
      if (req.url === '/big') return void res.writeHead(500, { 'content-type': 'text/plain' }).end('é'.repeat(2000))
      if (req.url === '/slow') return // never answers
      res.writeHead(200).end('ok')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )

  const post = (url: string, allowPrivate: boolean, timeoutMs?: number) => {
    const sender = createWebhookSender({ allowPrivate }, timeoutMs ? { timeoutMs } : {})
    return sender.send({ url, headers: {}, body: '{}' }).finally(() => sender.close())
  }

  it('refuses a host name that resolves to 127.0.0.1 when it connects (DNS rebinding), without a request', async () => {
    const before = hits.length
    const result = await post(`http://localhost:${port}/hook`, false)
    expect(result).toMatchObject({ ok: false, statusCode: null })
    expect(result.error).toContain('localhost resolves to 127.0.0.1 is a loopback address')
    expect(hits.length).toBe(before)
  })

  it('refuses an IP literal before connecting', async () => {
    const before = hits.length
    const result = await post(`http://[::ffff:127.0.0.1]:${port}/hook`, false)
    expect(result.error).toContain('loopback')
    expect(hits.length).toBe(before)
  })

  it('connects to the same targets when private targets are allowed', async () => {
    expect(await post(`http://localhost:${port}/hook`, true)).toMatchObject({ ok: true, statusCode: 200, responseBody: 'ok' })
  })

  it('does not follow redirects: a 3xx is a failed attempt', async () => {
    const before = hits.length
    const result = await post(`http://127.0.0.1:${port}/redirect`, true)
    expect(result).toMatchObject({ ok: false, statusCode: 302 })
    expect(result.error).toBe(`HTTP 302: redirects are not followed (to http://127.0.0.1:${port}/target)`)
    expect(hits.slice(before)).toEqual(['/redirect'])
  })

  it('keeps at most 1 KB of the answer', async () => {
    const result = await post(`http://127.0.0.1:${port}/big`, true)
    expect(result).toMatchObject({ ok: false, statusCode: 500, error: 'HTTP 500' })
    expect(Buffer.byteLength(result.responseBody ?? '', 'utf8')).toBeLessThanOrEqual(1024 + 3)
    expect(result.responseBody?.startsWith('éé')).toBe(true)
  })

  it('gives up on a receiver that does not answer within the time limit', async () => {
    const result = await post(`http://127.0.0.1:${port}/slow`, true, 200)
    expect(result).toMatchObject({ ok: false, statusCode: null, error: 'timed out after 0.2 s', timedOut: true })
  })

  it('gives up sooner on an address that does not take the connection', async () => {
    const listener = await startUnacceptingListener()
    try {
      // The whole attempt may take a minute; connecting may not take more than 0.2 s.
      const sender = createWebhookSender({ allowPrivate: true }, { timeoutMs: 60_000, connectTimeoutMs: 200 })
      const result = await sender.send({ url: `${listener.url}/hook`, headers: {}, body: '{}' }).finally(() => sender.close())
      expect(result).toMatchObject({ ok: false, statusCode: null, error: 'could not connect within 0.2 s', timedOut: true })
    } finally {
      await listener.close()
    }
  })

  it('does not count an answer with an error status as a time-out', async () => {
    expect(await post(`http://127.0.0.1:${port}/big`, true)).toMatchObject({ ok: false, timedOut: false })
  })

  it('reports a refused connection', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const freePort = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    expect((await post(`http://127.0.0.1:${freePort}/`, true)).error).toBe('connection refused')
  })
})
