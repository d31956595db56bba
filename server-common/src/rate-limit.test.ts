import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from './logger.ts'
import { createRateLimiter, createRateLimitStore, type RateLimiter, type RateLimitStore, verdictOf } from './rate-limit.ts'
import { expectRedisAt } from './testing/redis.ts'
import { startTcpProxy, type TcpProxy } from './testing/tcp-proxy.ts'

const REDIS_URL = process.env.REDIS_URL

/** A logger whose lines the test can read. */
function capturingLogger() {
  const lines: { level: number; msg: string }[] = []
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line))
      done()
    },
  })
  return { logger: createLogger('info', undefined, sink), lines }
}

const unique = (name: string) => `${name}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`

/** Counts `n` requests for `key` and returns the statuses a server would answer. */
async function statuses(limiter: RateLimiter, key: string, limit: number, n: number): Promise<number[]> {
  const out: number[] = []
  for (let i = 0; i < n; i++) out.push((await limiter.consume(key, limit)).exceeded ? 429 : 200)
  return out
}

describe('rate-limit verdicts', () => {
  it.each([
    // limit, count, ms until reset → remaining, reset (s after now), retry-after
    [3, 1, 60_000, '2', 60, undefined],
    [3, 3, 1_500, '0', 2, undefined],
    [3, 4, 1_500, '0', 2, '2'],
    [3, 9, 10, '0', 1, '1'],
  ])('limit %i, request %i, window ends in %i ms', (limit, count, ms, remaining, resetIn, retryAfter) => {
    const now = 1_700_000_000_000
    const { headers, exceeded } = verdictOf(limit, count, ms, now)
    expect(headers).toEqual({
      'X-RateLimit-Limit': String(limit),
      'X-RateLimit-Remaining': remaining,
      'X-RateLimit-Reset': String(now / 1000 + resetIn),
    })
    expect(exceeded?.status).toBe(retryAfter ? 429 : undefined)
    expect(exceeded?.code).toBe(retryAfter ? 'RATE_LIMIT_EXCEEDED' : undefined)
    expect(exceeded?.headers['Retry-After']).toBe(retryAfter)
  })
})

describe('rate limiter in memory', () => {
  const { logger } = capturingLogger()
  it('counts per key against the limit given with each request', async () => {
    const store = await createRateLimitStore(undefined, logger)
    const limiter = createRateLimiter(store, { name: unique('memory'), windowSeconds: 60 })

    expect(await statuses(limiter, 'a', 2, 3)).toEqual([200, 200, 429])
    expect(await statuses(limiter, 'b', 2, 1)).toEqual([200])
    expect((await limiter.consume('a', 10)).headers['X-RateLimit-Remaining']).toBe('6')
  })
})

describe('rate limiter with the store unreachable from the start', () => {
  it('keeps the limits in this instance and logs the outage once', async () => {
    const { logger, lines } = capturingLogger()
    const store = await createRateLimitStore('redis://127.0.0.1:1', logger)
    try {
      const limiter = createRateLimiter(store, { name: unique('down'), windowSeconds: 60 })
      expect(await statuses(limiter, 'k', 2, 4)).toEqual([200, 200, 429, 429])
      const verdict = await limiter.consume('other', 5)
      expect(verdict.headers['X-RateLimit-Remaining']).toBe('4')
      // ioredis retries the connection in the background, failing each time.
      await expect.poll(() => lines.filter((l) => l.level === 40).length >= 1).toBe(true)
      expect(lines.filter((l) => /unavailable/.test(l.msg))).toHaveLength(1)
    } finally {
      await store.close()
    }
  })
})

describe.runIf(REDIS_URL)('rate limiter in Redis', () => {
  const target = new URL(REDIS_URL ?? 'redis://127.0.0.1:6379')
  beforeAll(() => expectRedisAt(REDIS_URL!))

  it('shares one count between two instances', async () => {
    const name = unique('shared')
    const { logger } = capturingLogger()
    const stores = [await createRateLimitStore(REDIS_URL, logger), await createRateLimitStore(REDIS_URL, logger)]
    try {
      const [a, b] = stores.map((s) => createRateLimiter(s, { name, windowSeconds: 60 }))
      expect(await statuses(a!, 'k', 3, 2)).toEqual([200, 200])
      expect(await statuses(b!, 'k', 3, 2)).toEqual([200, 429])
    } finally {
      for (const s of stores) await s.close()
    }
  })

  describe('through an outage', () => {
    let proxy: TcpProxy
    const { logger, lines } = capturingLogger()
    let store: RateLimitStore
    beforeAll(async () => {
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) })
      store = await createRateLimitStore(`redis://${proxy.host}:${proxy.port}`, logger)
      expect(store.redis?.status).toBe('ready')
    })
    afterAll(async () => {
      await store?.close()
      await proxy?.close()
    })

    it('keeps limits and headers while Redis is away, and logs its going and its return once each', async () => {
      const limiter = createRateLimiter(store, { name: unique('outage'), windowSeconds: 60 })
      expect(await statuses(limiter, 'before', 5, 1)).toEqual([200])

      await proxy.cut()
      await expect.poll(() => store.redis?.status === 'ready').toBe(false)
      expect(await statuses(limiter, 'during', 2, 3)).toEqual([200, 200, 429])
      expect((await limiter.consume('during-2', 4)).headers['X-RateLimit-Remaining']).toBe('3')

      await proxy.restore()
      await expect.poll(() => store.redis?.status, { timeout: 15_000 }).toBe('ready')
      expect(lines.filter((l) => /unavailable/.test(l.msg))).toHaveLength(1)
      expect(lines.filter((l) => /store is back/.test(l.msg))).toHaveLength(1)
      // Counted in Redis again: the count from before the outage is still there.
      expect((await limiter.consume('before', 5)).headers['X-RateLimit-Remaining']).toBe('3')
    })
  })
})
