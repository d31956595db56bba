import { describe, expect, it, vi } from 'vitest'
import { encode, type SerializedBody, serializeBytes } from '../events/serialized-body.ts'
import { FirstScreenCache, type ScreenRequest } from './first-screen-cache.ts'

const screenOf = (bytes: number): SerializedBody => serializeBytes(Buffer.alloc(bytes, 'x'), 'text/html; charset=utf-8')
const request = (data: object, track: string): ScreenRequest => ({
  data,
  element: 'service-session-list',
  apiRoot: 'http://127.0.0.1:3001/v1/',
  attrs: { locale: 'en', track },
})

/** Asks `cache` for the screen of `track`, drawing one of `bytes` on a miss. */
const ask = (cache: FirstScreenCache, data: object, track: string, bytes = 10_000) =>
  cache.screen(request(data, track), async () => screenOf(bytes))

describe('FirstScreenCache', () => {
  it('keeps screens up to its bound in bytes, the least recently used going first', async () => {
    const data = {}
    // Room for two screens of 10 KB with their keys and overheads, not three.
    const cache = new FirstScreenCache({ maxBytes: 25_000 })
    await ask(cache, data, 'a')
    await ask(cache, data, 'b')
    await ask(cache, data, 'a') // a is now the most recently used
    expect(cache.draws).toBe(2)
    await ask(cache, data, 'c') // b goes
    expect(cache.size).toBe(2)
    expect(cache.bytes).toBeLessThanOrEqual(25_000)
    await ask(cache, data, 'a')
    expect(cache.draws).toBe(3)
    await ask(cache, data, 'b')
    expect(cache.draws).toBe(4)
  })

  it('counts the compressed forms made after a screen was kept', async () => {
    const cache = new FirstScreenCache({ maxBytes: 1_000_000 })
    const { key, body } = await ask(cache, {}, 'a')
    const before = cache.bytes
    await encode(body, 'gzip')
    cache.recount(key, body)
    expect(cache.bytes).toBe(before + body.gzipBytes!.length)
  })

  it('answers a screen from the cache however much later it is asked for: no clock is part of its key', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const cache = new FirstScreenCache({ maxBytes: 1_000_000, idleMs: 24 * 60 * 60_000 })
      const data = {}
      const first = await ask(cache, data, 'a')
      expect(first.hit).toBe(false)
      vi.setSystemTime(Date.now() + 3 * 60 * 60_000)
      const later = await ask(cache, data, 'a')
      expect(later.hit).toBe(true)
      expect(later.body).toBe(first.body)
      expect(cache.draws).toBe(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('lets a screen nobody asks for go after its idle time, so an idle event keeps nothing', async () => {
    const cache = new FirstScreenCache({ maxBytes: 1_000_000, idleMs: 300 })
    const data = {}
    await ask(cache, data, 'a')
    await ask(cache, data, 'b')
    expect(cache.size).toBe(2)
    await expect.poll(() => cache.size).toBe(0)
    expect(cache.bytes).toBe(0)
    expect((await ask(cache, data, 'a')).hit).toBe(false)
  })

  it('draws again for a new version of the event’s data, and keeps nothing with a bound of 0', async () => {
    const cache = new FirstScreenCache({ maxBytes: 1_000_000 })
    await ask(cache, {}, 'a')
    await ask(cache, {}, 'a')
    expect(cache.draws).toBe(2)

    const none = new FirstScreenCache({ maxBytes: 0 })
    const data = {}
    await ask(none, data, 'a')
    await ask(none, data, 'a')
    expect(none.draws).toBe(2)
    expect(none.size).toBe(0)
  })

  it('keeps nothing when told not to (the caches are off)', async () => {
    const cache = new FirstScreenCache({ maxBytes: 1_000_000 })
    const data = {}
    await cache.screen(request(data, 'a'), async () => screenOf(100), false)
    expect(cache.size).toBe(0)
  })
})
