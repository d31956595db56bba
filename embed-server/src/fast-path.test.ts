import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import type { DbHandle } from '@event-service/db'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { createLogger, loadConfig, parseTrustProxy, TRUST_NO_PROXY } from '@event-service/server-common'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEmbedApp } from './app.ts'
import { EmbedCache } from './cache/embed-cache.ts'
import { type EventData, loadEventData, responseKey } from './events/events.service.ts'
import { serialize } from './events/serialized-body.ts'
import { createFastPath, FAST_PATH_STEPS } from './fast-path.ts'
import type { GuardStep } from './guard/guard-chain.ts'
import type { PerTokenLimit } from './rate-limit/embed-rate-limit.ts'
import { hashToken } from './tokens/token-auth.ts'
import { findTokenByHash, type TokenLookup } from './tokens/token-store.ts'
import { createUsageCounter } from './usage/usage-counter.ts'
import { seedEvent, seedSession, seedSpeaker, seedToken, type SeededEvent } from './testing/embed-fixtures.ts'
import { openSse } from './testing/sse-client.ts'

const ORIGIN = 'https://shop.example.com'

interface Raw {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** Headers in the order sent, without those that differ between any two answers. */
const comparable = (r: Raw, extraVolatile: string[] = []) =>
  Object.entries(r.headers).filter(([k]) => !['date', 'x-request-id', 'connection', 'keep-alive', ...extraVolatile].includes(k))

interface Instance {
  url: string
  /** Requests the hot path handed to Koa (only counted with the hot path on). */
  handedToKoa: number
  logLines: Record<string, unknown>[]
  fastPathOn: boolean
  close(): Promise<void>
}

interface InstanceOptions {
  fastPath: boolean
  embedRateLimit?: number
  extraGuardSteps?: GuardStep[]
  trustProxy?: string
}

/** A logger whose JSON lines the test can read. */
function capturingLogger() {
  const logLines: Record<string, unknown>[] = []
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line) logLines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    },
  })
  return { logger: createLogger('info', undefined, sink), logLines }
}

/** Serves `handler` on a free port. */
async function serve(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** An embed server with or without the hot path, counting the requests the hot path hands to Koa. */
async function startInstance(dbHandle: DbHandle, options: InstanceOptions): Promise<Instance> {
  const { logger, logLines } = capturingLogger()
  const config = {
    ...loadConfig({ EMBED_PORT: '0', EMBED_RATE_LIMIT: String(options.embedRateLimit ?? 0) }),
    redisUrl: undefined,
    trustProxy: parseTrustProxy(options.trustProxy),
  }
  const embed = await createEmbedApp({
    dbHandle,
    config,
    logger,
    fastPath: options.fastPath,
    ...(options.extraGuardSteps ? { extraGuardSteps: options.extraGuardSteps } : {}),
  })
  const koa = embed.app.callback()
  const fast = embed.fastPath
  const instance: Instance = { url: '', handedToKoa: 0, logLines, fastPathOn: Boolean(fast), close: async () => {} }
  const server = await serve(
    fast
      ? (req, res) =>
          fast(req, res, (q, s) => {
            instance.handedToKoa++
            return koa(q, s)
          })
      : koa,
  )
  instance.url = server.url
  instance.close = async () => {
    await server.close()
    await embed.close()
  }
  return instance
}

/**
 * The hot path of cached reads (`fast-path.ts`) must answer exactly like the Koa pipeline: same
 * status, headers (in order) and bytes, for every read, encoding, conditional request and limit.
 */
describe.each(DIALECTS)('hot path of cached reads on %s', (dialect) => {
  let dbHandle: DbHandle
  let fast: Instance
  let koa: Instance
  let ev: SeededEvent
  let token: string
  let sessionId: string
  let speakerId: string

  beforeAll(async () => {
    dbHandle = await createTestDb(dialect)
    ev = await seedEvent(dbHandle.db)
    speakerId = await seedSpeaker(dbHandle.db, ev, 'Ada Public', 'confirmed')
    sessionId = await seedSession(dbHandle.db, ev, {
      title: 'Keynote',
      startsAt: '2030-05-01T07:30:00Z',
      track: 'Main',
      room: 'A',
      speakerIds: [speakerId],
    })
    // Big enough to be compressed (1 KiB and more).
    for (let i = 0; i < 12; i++)
      await seedSession(dbHandle.db, ev, { title: `Talk ${i} `.repeat(10), startsAt: '2030-05-01T09:00:00Z', room: `R${i}` })
    ;({ token } = await seedToken(dbHandle.db, ev, { allowedOrigins: [ORIGIN, 'https://*.example.org'] }))
    fast = await startInstance(dbHandle, { fastPath: true })
    koa = await startInstance(dbHandle, { fastPath: false })
    expect([fast.fastPathOn, koa.fastPathOn]).toEqual([true, false])
  })
  afterAll(async () => {
    await fast?.close()
    await koa?.close()
    await dbHandle?.close()
  })

  /** The same request to both, twice (the first fills the caches), compared on the second. */
  const both = async (path: string, headers: Record<string, string> = {}) => {
    await rawGet(fast.url, path, headers)
    await rawGet(koa.url, path, headers)
    const handed = fast.handedToKoa
    const a = await rawGet(fast.url, path, headers)
    const b = await rawGet(koa.url, path, headers)
    return { a, b, servedByHotPath: fast.handedToKoa === handed }
  }

  const reads = () => [
    `/v1/events/${ev.eventId}`,
    `/v1/events/${ev.eventId}/sessions`,
    `/v1/events/${ev.eventId}/sessions/${sessionId}`,
    `/v1/events/${ev.eventId}/speakers`,
    `/v1/events/${ev.eventId}/speakers/${speakerId}`,
  ]

  it('answers every cached read like Koa, in every encoding, with the token in the query or the header', async () => {
    for (const path of reads()) {
      for (const encoding of [undefined, 'gzip', 'br', 'gzip, deflate, br, zstd', 'identity', 'br;q=0.5, gzip']) {
        for (const transport of ['query', 'header'] as const) {
          const headers: Record<string, string> = { Origin: ORIGIN, ...(encoding ? { 'Accept-Encoding': encoding } : {}) }
          if (transport === 'header') headers.Authorization = `Bearer ${token}`
          const { a, b, servedByHotPath } = await both(transport === 'query' ? `${path}?token=${token}&_=123` : path, headers)
          const what = `${path} ${encoding} ${transport}`
          expect(servedByHotPath, what).toBe(true)
          expect(a.status, what).toBe(200)
          expect(comparable(a), what).toEqual(comparable(b))
          expect(a.body.equals(b.body), what).toBe(true)
        }
      }
    }
    const sessions = await rawGet(fast.url, `/v1/events/${ev.eventId}/sessions?token=${token}`, { Origin: ORIGIN, 'Accept-Encoding': 'br' })
    expect(sessions.headers['content-encoding']).toBe('br')
  })

  it('answers 304 like Koa, keeps the CORS grant for wildcard origins and none without Origin', async () => {
    const path = `/v1/events/${ev.eventId}/sessions?token=${token}`
    const { a: first } = await both(path, { Origin: ORIGIN })
    const etag = first.headers.etag!
    const variants: Record<string, string>[] = [
      { Origin: ORIGIN, 'If-None-Match': etag },
      { Origin: ORIGIN, 'If-None-Match': `"other", ${etag.replace(/^W\//, '')}` },
      { Origin: 'https://shop.example.org', 'X-Request-Id': 'my-request.1' },
      { Referer: 'https://a.b.example.org/page' },
    ]
    for (const headers of variants) {
      const { a, b, servedByHotPath } = await both(path, headers)
      expect(servedByHotPath, JSON.stringify(headers)).toBe(true)
      expect(a.status).toBe(b.status)
      expect(comparable(a)).toEqual(comparable(b))
      expect(a.body.equals(b.body)).toBe(true)
      if (headers['X-Request-Id']) expect(a.headers['x-request-id']).toBe('my-request.1')
    }
    expect((await rawGet(fast.url, path, { Origin: ORIGIN, 'If-None-Match': etag })).status).toBe(304)
  })

  it('hands refusals and anything unusual to Koa, which answers them', async () => {
    const path = `/v1/events/${ev.eventId}/sessions`
    const cases: [string, Record<string, string>][] = [
      [`${path}?token=${token}`, { Origin: 'https://evil.example' }],
      [`${path}?token=${token}`, {}],
      [`${path}?token=${token}&token=${token}`, { Origin: ORIGIN }],
      [`${path}?token=${token}`, { Origin: ORIGIN, Authorization: 'Basic x' }],
      [`${path}?token=${token.slice(0, -1)}x`, { Origin: ORIGIN }],
      [`${path}?token=${token}&day=2030-05-01`, { Origin: ORIGIN }],
      [`${path}?token=${token}&track=Main`, { Origin: ORIGIN }],
      [`${path.toUpperCase()}?token=${token}`, { Origin: ORIGIN }],
      [`${path}/?token=${token}`, { Origin: ORIGIN }],
      [`/v1/events/${ev.eventId}/sessions/00000000-0000-4000-8000-000000000000?token=${token}`, { Origin: ORIGIN }],
      [`/v1/events/00000000-0000-4000-8000-000000000000/sessions?token=${token}`, { Origin: ORIGIN }],
    ]
    for (const [url, headers] of cases) {
      const { a, b, servedByHotPath } = await both(url, headers)
      expect(servedByHotPath, url).toBe(false)
      expect(a.status, url).toBe(b.status)
      expect(comparable(a), url).toEqual(comparable(b))
      expect(a.body.toString(), url).toBe(b.body.toString())
    }
  })

  it('never answers a live stream itself: /live goes to Koa, which opens it behind the same guard', async () => {
    const handed = fast.handedToKoa
    const stream = await openSse(`${fast.url}/v1/events/${ev.eventId}/live?token=${token}`, { Origin: ORIGIN })
    try {
      expect(stream.status).toBe(200)
      await stream.waitFor((f) => f.event === 'ready')
      expect(fast.handedToKoa).toBe(handed + 1)
    } finally {
      stream.close()
    }
    const refused = await openSse(`${fast.url}/v1/events/${ev.eventId}/live?token=${token}`, { Origin: 'https://evil.example' })
    expect(refused.status).toBe(403)
    expect(fast.handedToKoa).toBe(handed + 2)
  })

  it('logs the same request line as Koa', async () => {
    const path = `/v1/events/${ev.eventId}/speakers?token=${token}`
    fast.logLines.length = 0
    koa.logLines.length = 0
    await both(path, { Origin: ORIGIN, 'X-Request-Id': 'log-check' })
    const last = (lines: Record<string, unknown>[]) => {
      const { time: _t, ms: _m, pid: _p, ...rest } = lines.at(-1)!
      return rest
    }
    expect(last(fast.logLines)).toEqual(last(koa.logLines))
    expect(last(fast.logLines)).toMatchObject({
      msg: 'request',
      requestId: 'log-check',
      path: `/v1/events/${ev.eventId}/speakers`,
      status: 200,
    })
  })

  it('counts the per-token limit once and answers the 429 like Koa', async () => {
    const limitedFast = await startInstance(dbHandle, { fastPath: true, embedRateLimit: 3 })
    const limitedKoa = await startInstance(dbHandle, { fastPath: false, embedRateLimit: 3 })
    try {
      const path = `/v1/events/${ev.eventId}/sessions?token=${token}`
      const statuses: number[] = []
      for (let i = 0; i < 5; i++) {
        const handed = limitedFast.handedToKoa
        const a = await rawGet(limitedFast.url, path, { Origin: ORIGIN })
        const b = await rawGet(limitedKoa.url, path, { Origin: ORIGIN })
        statuses.push(a.status)
        expect(a.status).toBe(b.status)
        expect(comparable(a, ['x-ratelimit-reset', 'retry-after'])).toEqual(comparable(b, ['x-ratelimit-reset', 'retry-after']))
        expect(a.body.toString()).toBe(b.body.toString())
        // The first request fills the caches through Koa; the hot path answers every later one, 429s included.
        if (i > 0) expect(limitedFast.handedToKoa).toBe(handed)
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429])
    } finally {
      await limitedFast.close()
      await limitedKoa.close()
    }
  })

  it('counts clients behind a trusted proxy apart, and ignores X-Forwarded-For from anyone else, like Koa', async () => {
    // The test's requests come from 127.0.0.1: a trusted proxy for the first instances, a client for the second.
    const clients = ['203.0.113.1', '203.0.113.1', '203.0.113.1', '203.0.113.2', '203.0.113.2', '198.51.100.7, 203.0.113.2']
    for (const [trustProxy, expected, loggedIp] of [
      ['127.0.0.1', [200, 200, 429, 200, 200, 429], '203.0.113.2'],
      // The request that fills the caches has counted for 127.0.0.1 already.
      ['10.9.9.9', [200, 429, 429, 429, 429, 429], '127.0.0.1'],
    ] as const) {
      const limitedFast = await startInstance(dbHandle, { fastPath: true, embedRateLimit: 2, trustProxy })
      const limitedKoa = await startInstance(dbHandle, { fastPath: false, embedRateLimit: 2, trustProxy })
      try {
        const path = `/v1/events/${ev.eventId}/speakers?token=${token}`
        // Fills the caches (through Koa), as a client of its own.
        for (const instance of [limitedFast, limitedKoa])
          await rawGet(instance.url, path, { Origin: ORIGIN, 'X-Forwarded-For': '192.0.2.99' })
        const handed = limitedFast.handedToKoa
        const statuses = { fast: [] as number[], koa: [] as number[] }
        for (const client of clients) {
          const headers = { Origin: ORIGIN, 'X-Forwarded-For': client }
          statuses.fast.push((await rawGet(limitedFast.url, path, headers)).status)
          statuses.koa.push((await rawGet(limitedKoa.url, path, headers)).status)
        }
        expect(statuses.fast, trustProxy).toEqual(expected)
        expect(statuses.koa, trustProxy).toEqual(expected)
        expect(limitedFast.handedToKoa, 'the hot path answered every later request').toBe(handed)
        expect(limitedFast.logLines.findLast((line) => line.msg === 'request')?.ip, trustProxy).toBe(loggedIp)
        expect(limitedKoa.logLines.findLast((line) => line.msg === 'request')?.ip, trustProxy).toBe(loggedIp)
      } finally {
        await limitedFast.close()
        await limitedKoa.close()
      }
    }
  })

  it('turns itself off, with a warning, when the guard chain has a step it does not know', async () => {
    let audited = 0
    const audit: GuardStep = {
      name: 'audit',
      middleware: async (_ctx, next) => {
        audited++
        await next()
      },
    }
    const instance = await startInstance(dbHandle, { fastPath: true, extraGuardSteps: [audit] })
    try {
      expect(instance.fastPathOn).toBe(false)
      expect(instance.logLines).toContainEqual(expect.objectContaining({ level: 40, msg: expect.stringMatching(/hot path off/) }))
      const path = `/v1/events/${ev.eventId}/sessions?token=${token}`
      for (let i = 0; i < 2; i++) expect((await rawGet(instance.url, path, { Origin: ORIGIN })).status).toBe(200)
      expect(audited).toBe(2)
    } finally {
      await instance.close()
    }
  })

  it('logs an error of its own and lets the pipeline answer', async () => {
    const { logger, logLines } = capturingLogger()
    const cache = new EmbedCache<TokenLookup, EventData>({ enabled: true, logger })
    await cache.start(dbHandle)
    const tokenHash = hashToken(token)
    await cache.tokens.getOrLoad(tokenHash, () => findTokenByHash(dbHandle.db, tokenHash), true)
    const data = await cache.events.getOrLoad(ev.eventId, () => loadEventData(dbHandle.db, ev.eventId), true)
    data.responses.set(responseKey.event(), serialize(data.event))
    const failingLimit: PerTokenLimit = { consume: () => Promise.reject(new Error('counter exploded')) }
    const steps = FAST_PATH_STEPS.map((name) => ({ name, middleware: async () => {} }))
    const fast = createFastPath({
      guard: steps,
      cache,
      usage: createUsageCounter(dbHandle.db, logger),
      perToken: failingLimit,
      logger,
      trustProxy: TRUST_NO_PROXY,
    })
    const server = await serve((req, res) => fast!(req, res, (_q, s) => s.end('pipeline')))
    try {
      const answer = await rawGet(server.url, `/v1/events/${ev.eventId}?token=${token}`, { Origin: ORIGIN })
      expect(answer.body.toString()).toBe('pipeline')
      expect(logLines).toContainEqual(
        expect.objectContaining({
          level: 50,
          msg: expect.stringMatching(/hot path failed/),
          err: expect.objectContaining({ message: 'counter exploded' }),
        }),
      )
    } finally {
      await server.close()
      await cache.stop()
    }
  })
})
