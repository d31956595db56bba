import { EventEmitter } from 'node:events'
import type { ServerResponse } from 'node:http'
import { compileOriginPolicy, createLogger } from '@event-service/server-common'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { KnownToken } from '../tokens/token-store.ts'
import { LiveHub, type LiveStream } from './live-hub.ts'
import { COALESCE_MS, HEARTBEAT_MS, MAX_QUEUED_BYTES } from './live-limits.ts'

/** A response that records what is written to it. */
class FakeResponse extends EventEmitter {
  written: string[] = []
  writableLength = 0
  destroyed = false
  write(chunk: Buffer): boolean {
    this.written.push(chunk.toString())
    return true
  }
  end(chunk?: Buffer): void {
    if (chunk) this.written.push(chunk.toString())
    this.emit('close')
  }
  destroy(): void {
    this.destroyed = true
    this.emit('close')
  }
}

const token: KnownToken = {
  found: true,
  id: 't1',
  eventId: 'e1',
  isActive: true,
  revoked: false,
  expiresAtMs: null,
  origins: compileOriginPolicy([]),
  calendarFeed: false,
}

const streamOf = (res: FakeResponse, ip = '10.0.0.1'): LiveStream => ({
  res: res as unknown as ServerResponse,
  eventId: 'e1',
  tokenHash: 'h1',
  token,
  ip,
  origin: '',
  referer: '',
})

describe('the live hub', () => {
  let hub: LiveHub
  beforeEach(() => {
    vi.useFakeTimers()
    hub = new LiveHub({ loadToken: async () => token, logger: createLogger('silent') })
  })
  afterEach(() => {
    hub.close()
    vi.useRealTimers()
  })

  it('pings every stream from one shared timer, however many are open', () => {
    const timers = vi.getTimerCount()
    const responses = Array.from({ length: 100 }, () => new FakeResponse())
    for (const res of responses) hub.add(streamOf(res), hub.tokenChanges)
    expect(vi.getTimerCount()).toBe(timers)
    vi.advanceTimersByTime(HEARTBEAT_MS)
    expect(responses.every((res) => res.written.join('') === ': ping\n\n')).toBe(true)
  })

  it('coalesces the changes of one event into one changed frame', () => {
    const res = new FakeResponse()
    hub.add(streamOf(res), hub.tokenChanges)
    hub.apply({ kind: 'event', eventId: 'e1', table: 'events' })
    hub.apply({ kind: 'event', eventId: 'e1', table: 'session_speakers' })
    hub.apply({ kind: 'event', eventId: 'other', table: 'sessions' })
    vi.advanceTimersByTime(COALESCE_MS)
    expect(res.written).toEqual(['event: changed\ndata: {"parts":["event","sessions","speakers"]}\n\n'])
  })

  it('closes a stream whose client reads nothing instead of queueing frames for it', () => {
    const slow = new FakeResponse()
    slow.writableLength = MAX_QUEUED_BYTES + 1
    hub.add(streamOf(slow), hub.tokenChanges)
    vi.advanceTimersByTime(HEARTBEAT_MS)
    expect(slow.destroyed).toBe(true)
    expect(hub.size).toBe(0)
  })

  it('forgets a stream when its connection closes, freeing its place under the caps', () => {
    const limited = new LiveHub({ loadToken: async () => token, logger: createLogger('silent'), limits: { perIp: 1 } })
    try {
      const res = new FakeResponse()
      limited.admit('t1', '10.0.0.1')
      limited.add(streamOf(res), limited.tokenChanges)
      expect(() => limited.admit('t1', '10.0.0.1')).toThrow(expect.objectContaining({ status: 429, code: 'TOO_MANY_STREAMS' }))
      res.emit('close')
      expect(limited.size).toBe(0)
      expect(() => limited.admit('t1', '10.0.0.1')).not.toThrow()
    } finally {
      limited.close()
    }
  })
})
