import { describe, expect, it } from 'vitest'
import { encode, type SerializedBody, serializeBytes } from '../events/serialized-body.ts'
import { FirstScreenCache, type ScreenRequest } from './first-screen-cache.ts'

const screenOf = (bytes: number): SerializedBody => serializeBytes(Buffer.alloc(bytes, 'x'), 'text/html; charset=utf-8')
const request = (data: object, track: string): ScreenRequest => ({
  data,
  element: 'service-session-list',
  apiRoot: 'http://127.0.0.1:3001/v1/',
  attrs: { locale: 'en', track },
})

/** A step no test crosses but at midnight (a screen of an earlier step is not asked for again). */
const DAY_MS = 24 * 60 * 60_000

/** Asks `cache` for the screen of `track`, drawing one of `bytes` on a miss. */
const ask = (cache: FirstScreenCache, data: object, track: string, bytes = 10_000) =>
  cache.screen(request(data, track), async () => screenOf(bytes))

describe('FirstScreenCache', () => {
  it('keeps screens up to its bound in bytes, the least recently used going first', async () => {
    const data = {}
    // Room for two screens of 10 KB with their keys and overheads, not three.
    const cache = new FirstScreenCache({ maxBytes: 25_000, stepMs: DAY_MS })
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
    const cache = new FirstScreenCache({ maxBytes: 1_000_000, stepMs: DAY_MS })
    const { key, body } = await ask(cache, {}, 'a')
    const before = cache.bytes
    await encode(body, 'gzip')
    cache.recount(key, body)
    expect(cache.bytes).toBe(before + body.gzipBytes!.length)
  })

  it('lets a screen go at the end of its step, so an idle event keeps nothing', async () => {
    const cache = new FirstScreenCache({ maxBytes: 1_000_000, stepMs: 200 })
    await ask(cache, {}, 'a')
    await ask(cache, {}, 'b')
    await expect.poll(() => cache.size).toBe(0)
    expect(cache.bytes).toBe(0)
  })

  it('draws again for a new version of the event’s data, and keeps nothing with a bound of 0', async () => {
    const cache = new FirstScreenCache({ maxBytes: 1_000_000, stepMs: DAY_MS })
    await ask(cache, {}, 'a')
    await ask(cache, {}, 'a')
    expect(cache.draws).toBe(2)

    const none = new FirstScreenCache({ maxBytes: 0, stepMs: DAY_MS })
    const data = {}
    await ask(none, data, 'a')
    await ask(none, data, 'a')
    expect(none.draws).toBe(2)
    expect(none.size).toBe(0)
  })

  it('keeps nothing when told not to (the caches are off)', async () => {
    const cache = new FirstScreenCache({ maxBytes: 1_000_000, stepMs: DAY_MS })
    const data = {}
    await cache.screen(request(data, 'a'), async () => screenOf(100), false)
    expect(cache.size).toBe(0)
  })
})
