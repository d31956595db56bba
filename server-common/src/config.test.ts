import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'
import { parseDuration } from './durations.ts'

describe('parseDuration', () => {
  it.each([
    ['500ms', 500],
    ['30s', 30_000],
    ['5m', 300_000],
    ['1.5h', 5_400_000],
    ['3d', 259_200_000],
    [' 2 hours ', 7_200_000],
    ['0s', 0],
  ])('reads %j as %i ms', (text, expected) => {
    expect(parseDuration(text)).toBe(expected)
  })

  it.each(['500', '', '-1m', 'soon', '5x', '1e3ms', 'x'.repeat(200)])('refuses %j', (text) => {
    expect(parseDuration(text)).toBeUndefined()
  })
})

describe('webhook configuration', () => {
  it('defaults as docs/operations.md#configuration says: 1m,5m,30m,2h,5h,10h,10h, disable after 3 days, private targets refused', () => {
    const config = loadConfig({})
    expect(config.webhookRetryDelaysMs).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000])
    expect(config.webhookDisableAfterMs).toBe(3 * 24 * 3_600_000)
    expect(config.webhookAllowPrivate).toBe(false)
  })

  it('reads the three variables', () => {
    const config = loadConfig({ WEBHOOK_RETRY_DELAYS: '50ms, 1s,2m', WEBHOOK_DISABLE_AFTER: '12h', WEBHOOK_ALLOW_PRIVATE: '1' })
    expect(config.webhookRetryDelaysMs).toEqual([50, 1000, 120_000])
    expect(config.webhookDisableAfterMs).toBe(43_200_000)
    expect(config.webhookAllowPrivate).toBe(true)
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: '0' }).webhookAllowPrivate).toBe(false)
    expect(loadConfig({ WEBHOOK_RETRY_DELAYS: '' }).webhookRetryDelaysMs).toHaveLength(7)
  })

  it.each([
    [{ WEBHOOK_RETRY_DELAYS: '1m,5' }, /WEBHOOK_RETRY_DELAYS: "5" is not a duration/],
    [{ WEBHOOK_RETRY_DELAYS: '1m,,5m' }, /WEBHOOK_RETRY_DELAYS: "" is not a duration/],
    [{ WEBHOOK_RETRY_DELAYS: Array(51).fill('1s').join(',') }, /WEBHOOK_RETRY_DELAYS: at most 50 waits/],
    [{ WEBHOOK_DISABLE_AFTER: '0s' }, /WEBHOOK_DISABLE_AFTER: "0s" is not a positive duration/],
    [{ WEBHOOK_DISABLE_AFTER: 'three days' }, /WEBHOOK_DISABLE_AFTER: "three days" is not a positive duration/],
    [{ WEBHOOK_ALLOW_PRIVATE: 'yes' }, /WEBHOOK_ALLOW_PRIVATE: must be 1 \(on\) or 0 \(off\)/],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })
})

describe('registration hold', () => {
  it('holds a pending registration’s place 30 minutes by default, REGISTRATION_HOLD otherwise', () => {
    expect(loadConfig({}).registrationHoldMs).toBe(30 * 60_000)
    expect(loadConfig({ REGISTRATION_HOLD: '2h' }).registrationHoldMs).toBe(2 * 3_600_000)
  })

  it.each(['0s', 'soon'])('refuses REGISTRATION_HOLD=%j with a message naming the variable', (value) => {
    expect(() => loadConfig({ REGISTRATION_HOLD: value })).toThrow(/REGISTRATION_HOLD: .* is not a positive duration/)
  })
})

describe('first screens kept', () => {
  it('takes 64 MB by default, FIRST_SCREEN_CACHE_MB otherwise (in bytes; 0 keeps none)', () => {
    expect(loadConfig({}).firstScreenCacheBytes).toBe(64 * 1024 * 1024)
    expect(loadConfig({ FIRST_SCREEN_CACHE_MB: '0.5' }).firstScreenCacheBytes).toBe(512 * 1024)
    expect(loadConfig({ FIRST_SCREEN_CACHE_MB: '0' }).firstScreenCacheBytes).toBe(0)
  })

  it.each(['-1', 'lots'])('refuses FIRST_SCREEN_CACHE_MB=%j with a message naming the variable', (value) => {
    expect(() => loadConfig({ FIRST_SCREEN_CACHE_MB: value })).toThrow(/FIRST_SCREEN_CACHE_MB: /)
  })
})

describe('live streams per instance', () => {
  it('caps them at 50,000 by default, LIVE_STREAMS_MAX otherwise', () => {
    expect(loadConfig({}).liveStreamsMax).toBe(50_000)
    expect(loadConfig({ LIVE_STREAMS_MAX: '2000' }).liveStreamsMax).toBe(2000)
  })

  it.each(['0', '-5', '1.5', 'many'])('refuses LIVE_STREAMS_MAX=%j with a message naming the variable', (value) => {
    expect(() => loadConfig({ LIVE_STREAMS_MAX: value })).toThrow(ConfigError)
    expect(() => loadConfig({ LIVE_STREAMS_MAX: value })).toThrow(/LIVE_STREAMS_MAX: /)
  })
})
