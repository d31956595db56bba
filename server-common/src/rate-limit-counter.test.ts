import { afterAll, describe, expect, it } from 'vitest'
import { createRateLimitCounter } from './rate-limit-counter.ts'

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

describe('rate-limit counter', () => {
  it('counts per key in memory', async () => {
    const counter = createRateLimitCounter({ windowSeconds: 60, keyPrefix: `t${Date.now()}` })
    await counter.hit('a')
    const second = await counter.hit('a')
    const other = await counter.hit('b')
    expect(second?.count).toBe(2)
    expect(other?.count).toBe(1)
    expect(second?.msUntilReset).toBeGreaterThan(0)
    expect(second?.msUntilReset).toBeLessThanOrEqual(60_000)
  })

  describe('in Redis', () => {
    const prefix = `test-${process.pid}-${Date.now()}`
    const a = createRateLimitCounter({ windowSeconds: 60, keyPrefix: prefix, redisUrl: REDIS_URL })
    const b = createRateLimitCounter({ windowSeconds: 60, keyPrefix: prefix, redisUrl: REDIS_URL })
    afterAll(async () => {
      await a.close()
      await b.close()
    })

    it('shares one count between two counters (two instances)', async () => {
      await expect.poll(() => a.hit('shared').then((r) => r !== null), { timeout: 5000 }).toBe(true)
      const fromB = await b.hit('shared')
      expect(fromB?.count).toBeGreaterThanOrEqual(2)
    })
  })

  it('answers null, quickly, when Redis cannot be reached (served, never limited)', async () => {
    const errors: unknown[] = []
    const counter = createRateLimitCounter({
      windowSeconds: 60,
      keyPrefix: 'down',
      redisUrl: 'redis://127.0.0.1:1',
      onStoreError: (e) => errors.push(e),
    })
    try {
      expect(await counter.hit('x')).toBeNull()
      expect(errors.length).toBeGreaterThan(0)
    } finally {
      await counter.close()
    }
  })
})
