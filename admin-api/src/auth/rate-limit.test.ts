import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectRedisAt } from '@event-service/server-common/testing/redis.ts'
import { startTestApi, type TestApi } from '../testing/test-api.ts'
import { PLAN_HOURLY_LIMITS } from './plan-limits.ts'

const REDIS_URL = process.env.REDIS_URL

/** Counted in memory always, and in Redis too when `REDIS_URL` names one (CI sets it). */
const STORES: [string, string | undefined][] = [['memory', undefined], ...(REDIS_URL ? [['Redis', REDIS_URL] as [string, string]] : [])]

describe.each(DIALECTS)('account rate limit on %s', (dialect) => {
  describe.each(STORES)('counted in %s', (_, redisUrl) => {
    let api: TestApi
    beforeAll(async () => {
      if (redisUrl) await expectRedisAt(redisUrl)
      api = await startTestApi(dialect, redisUrl ? { redisUrl } : {})
    })
    afterAll(() => api.close())

    it('answers 429 RATE_LIMIT_EXCEEDED past the limit, with Retry-After and the X-RateLimit headers', async () => {
      const { key } = await api.newAccount({ plan: 'enterprise', rateLimit: 3 })
      const seen: (string | null)[] = []
      for (let i = 0; i < 3; i++) {
        const res = await api.request('GET', '/v1/events', { key })
        expect(res.status).toBe(200)
        seen.push(res.headers.get('x-ratelimit-remaining'))
      }
      expect(seen).toEqual(['2', '1', '0'])
      const limited = await api.request('GET', '/v1/events', { key })
      expect(limited.status).toBe(429)
      expect(limited.body.error.code).toBe('RATE_LIMIT_EXCEEDED')
      expect(limited.headers.get('x-ratelimit-limit')).toBe('3')
      expect(limited.headers.get('x-ratelimit-remaining')).toBe('0')
      const retryAfter = Number(limited.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThan(0)
      expect(retryAfter).toBeLessThanOrEqual(3600)
      const reset = Number(limited.headers.get('x-ratelimit-reset'))
      const now = Math.floor(Date.now() / 1000)
      expect(reset).toBeGreaterThan(now)
      expect(reset).toBeLessThanOrEqual(now + 3601)
    })

    it('counts per account: one account at its limit does not limit another', async () => {
      const a = await api.newAccount({ plan: 'enterprise', rateLimit: 1 })
      const b = await api.newAccount({ plan: 'enterprise', rateLimit: 1 })
      await api.request('GET', '/v1/events', { key: a.key })
      expect((await api.request('GET', '/v1/events', { key: a.key })).status).toBe(429)
      expect((await api.request('GET', '/v1/events', { key: b.key })).status).toBe(200)
    })

    it('puts the headers on error responses too', async () => {
      const { key } = await api.newAccount({ plan: 'free' })
      const res = await api.request('GET', '/v1/speakers?event_id=nope', { key })
      expect(res.status).toBe(400)
      expect(res.body.error.code).toBe('VALIDATION_ERROR')
      expect(res.headers.get('x-ratelimit-limit')).toBe(String(PLAN_HOURLY_LIMITS.free))
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(PLAN_HOURLY_LIMITS.free - 1))
    })

    it.each([
      ['starter', PLAN_HOURLY_LIMITS.starter],
      ['pro', PLAN_HOURLY_LIMITS.pro],
    ] as const)('gives the %s plan its hourly limit', async (plan, limit) => {
      const { key } = await api.newAccount({ plan })
      const res = await api.request('GET', '/v1/events', { key })
      expect(res.headers.get('x-ratelimit-limit')).toBe(String(limit))
    })

    it('lets an account rate_limit override the plan', async () => {
      const { key } = await api.newAccount({ plan: 'free', rateLimit: 7 })
      const res = await api.request('GET', '/v1/events', { key })
      expect(res.headers.get('x-ratelimit-limit')).toBe('7')
    })
  })

  describe('with the rate-limit store unreachable', () => {
    let api: TestApi
    beforeAll(async () => {
      api = await startTestApi(dialect, { redisUrl: 'redis://127.0.0.1:1' })
    })
    afterAll(() => api.close())

    it('keeps the limit, counted in this instance, with every header', async () => {
      const { key } = await api.newAccount({ plan: 'enterprise', rateLimit: 2 })
      const answers = []
      for (let i = 0; i < 3; i++) answers.push(await api.request('GET', '/v1/events', { key }))
      expect(answers.map((r) => r.status)).toEqual([200, 200, 429])
      expect(answers.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['1', '0', '0'])
      expect(answers.every((r) => r.headers.get('x-ratelimit-limit') === '2' && r.headers.has('x-ratelimit-reset'))).toBe(true)
      expect(answers[2]!.body.error.code).toBe('RATE_LIMIT_EXCEEDED')
    })
  })
})
