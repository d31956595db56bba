import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ApiError } from '@event-service/server-common'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_SOURCE_BYTES } from './import-errors.ts'
import { fetchSource, MAX_SOURCE_REDIRECTS } from './source-fetch.ts'

const SCHEDULE = JSON.stringify({ schedule: { version: '1' } })
const ETAG = '"v1"'
const LAST_MODIFIED = 'Fri, 27 Nov 2026 10:00:00 GMT'

/** Rejects with what `promise` rejected with, as the API would answer it. */
async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(err instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(err)}`)
  return { code: err.code, message: err.message }
}

describe('fetching a source', () => {
  let server: ReturnType<typeof createServer>
  let base: string
  /** The request headers of each request, by path. */
  const seen = new Map<string, IncomingHttpHeaders>()

  const routes: Record<string, (res: ServerResponse, headers: IncomingHttpHeaders) => void> = {
    '/schedule.json': (res, headers) => {
      if (headers['if-none-match'] === ETAG) return void res.writeHead(304).end()
      res.writeHead(200, { 'content-type': 'application/json', etag: ETAG, 'last-modified': LAST_MODIFIED }).end(SCHEDULE)
    },
    '/since': (res, headers) => {
      if (headers['if-modified-since'] === LAST_MODIFIED) return void res.writeHead(304).end()
      res.writeHead(200, { 'last-modified': LAST_MODIFIED }).end(SCHEDULE)
    },
    '/moved': (res) => void res.writeHead(302, { location: '/schedule.json' }).end(),
    '/to-file': (res) => void res.writeHead(301, { location: 'file:///etc/passwd' }).end(),
    '/loop': (res) => void res.writeHead(307, { location: '/loop' }).end(),
    '/gone': (res) => void res.writeHead(500, { 'content-type': 'text/plain' }).end('boom'),
    '/hangs': () => {},
    '/declared-huge': (res) => {
      res.writeHead(200, { 'content-length': String(MAX_SOURCE_BYTES + 1) })
      // Only the header: the fetch must refuse without waiting for the body.
      res.flushHeaders()
    },
    '/streams-huge': (res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      const chunk = Buffer.alloc(1024 * 1024, 0x20)
      let sent = 0
      const more = () => {
        while (sent <= MAX_SOURCE_BYTES && !res.destroyed) {
          sent += chunk.length
          if (!res.write(chunk)) return void res.once('drain', more)
        }
        res.end()
      }
      more()
    },
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = req.url ?? '/'
      seen.set(path, req.headers)
      const route = routes[path]
      if (route) route(res, req.headers)
      else res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )

  const none = { etag: null, lastModified: null }
  const allowed = { allowPrivate: true }

  it('reads the body with its type and validators, saying who asks and what it takes', async () => {
    const got = await fetchSource(`${base}/schedule.json`, none, allowed)
    expect(got).toMatchObject({ kind: 'body', contentType: 'application/json', etag: ETAG, lastModified: LAST_MODIFIED })
    expect(got.kind === 'body' && Buffer.from(got.bytes).toString('utf8')).toBe(SCHEDULE)
    const headers = seen.get('/schedule.json')
    expect(headers?.['user-agent']).toBe('event-service-sync')
    expect(headers?.accept).toBe('application/json, application/xml;q=0.9, */*;q=0.5')
    expect(headers?.['if-none-match']).toBeUndefined()
  })

  it('sends the validators back: If-None-Match and If-Modified-Since answered 304 are not-modified', async () => {
    expect(await fetchSource(`${base}/schedule.json`, { etag: ETAG, lastModified: null }, allowed)).toEqual({ kind: 'not-modified' })
    expect(await fetchSource(`${base}/since`, { etag: null, lastModified: LAST_MODIFIED }, allowed)).toEqual({ kind: 'not-modified' })
    expect(seen.get('/since')?.['if-modified-since']).toBe(LAST_MODIFIED)
  })

  it('follows a redirect', async () => {
    const got = await fetchSource(`${base}/moved`, none, allowed)
    expect(got.kind === 'body' && got.etag).toBe(ETAG)
  })

  it(`stops after ${MAX_SOURCE_REDIRECTS} redirects`, async () => {
    expect(await failure(fetchSource(`${base}/loop`, none, allowed))).toEqual({
      code: 'SOURCE_UNAVAILABLE',
      message: `The source at ${base}/loop could not be fetched: it redirected more than ${MAX_SOURCE_REDIRECTS} times`,
    })
  })

  it('names the status of an answer that is not a 2xx', async () => {
    expect(await failure(fetchSource(`${base}/gone`, none, allowed))).toEqual({
      code: 'SOURCE_UNAVAILABLE',
      message: `The source at ${base}/gone could not be fetched: it answered HTTP 500`,
    })
  })

  it('gives up on a source that does not answer within the time limit', async () => {
    const { code, message } = await failure(fetchSource(`${base}/hangs`, none, { allowPrivate: true, timeoutMs: 200 }))
    expect(code).toBe('SOURCE_UNAVAILABLE')
    expect(message).toBe(`The source at ${base}/hangs could not be fetched: it did not answer within 0.2 s`)
  })

  it('refuses a body declared larger than an import reads without reading it', async () => {
    // A minute's limit: the refusal must come from the header, not from a timeout.
    const { code, message } = await failure(fetchSource(`${base}/declared-huge`, none, { allowPrivate: true, timeoutMs: 60_000 }))
    expect(code).toBe('SOURCE_TOO_LARGE')
    expect(message).toContain('larger than the 20 MiB an import reads')
  })

  it('stops reading a body that grows past the limit while it streams', async () => {
    expect((await failure(fetchSource(`${base}/streams-huge`, none, allowed))).code).toBe('SOURCE_TOO_LARGE')
  })

  it('refuses a loopback address unless private targets are allowed, with the reason and the hint, before any request', async () => {
    seen.delete('/schedule.json')
    const literal = await failure(fetchSource(`${base}/schedule.json`, none, { allowPrivate: false }))
    expect(literal.code).toBe('SOURCE_UNAVAILABLE')
    expect(literal.message).toContain('127.0.0.1 is a loopback address')
    expect(literal.message).toContain('WEBHOOK_ALLOW_PRIVATE=1')
    const named = await failure(fetchSource(`http://localhost:${new URL(base).port}/schedule.json`, none, { allowPrivate: false }))
    expect(named.message).toContain('localhost resolves to 127.0.0.1 is a loopback address')
    expect(seen.has('/schedule.json')).toBe(false)
  })

  it('checks the target of each redirect by the same rules', async () => {
    // Every hop goes through the same checks (scheme, IP literal, the guarded lookup); the scheme is
    // the one a local test can reach past an allowed first hop.
    expect((await failure(fetchSource(`${base}/to-file`, none, allowed))).message).toBe(
      `The source at ${base}/to-file could not be fetched: file:///etc/passwd is not an http: or https: URL`,
    )
  })

  it('refuses a non-http scheme', async () => {
    expect((await failure(fetchSource('file:///etc/passwd', none, allowed))).message).toContain('is not an http: or https: URL')
  })
})
