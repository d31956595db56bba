import type { ServerResponse } from 'node:http'
import { ApiError, DEFAULT_LIVE_STREAMS_MAX } from '@event-service/server-common'
import type { Logger } from 'pino'
import type { AppliedChange } from '../cache/embed-cache.ts'
import { tokenRefusal } from '../tokens/token-auth.ts'
import type { KnownToken, TokenLookup } from '../tokens/token-store.ts'
import { type LivePart, partsOfTable } from './change-parts.ts'
import {
  COALESCE_MS,
  EXPIRY_CHECK_MS,
  FULL_RETRY_AFTER_SECONDS,
  HEARTBEAT_MS,
  LIVE_LIMITS,
  type LiveLimits,
  MAX_QUEUED_BYTES,
  RECONNECT_AFTER_MS,
} from './live-limits.ts'
import { eventFrame, PING_FRAME, retryFrame } from './sse-frames.ts'

/** One open stream: what its request was allowed for, and where to write. */
export interface LiveStream {
  res: ServerResponse
  eventId: string
  tokenHash: string
  /** The token as last checked; replaced at each re-check. */
  token: KnownToken
  ip: string
  /** The request's `Origin` and `Referer`, to check the token's origins again when they change. */
  origin: string
  referer: string
}

/** What the hub needs from outside. */
export interface LiveHubDeps {
  /** The token as it is now (after the cache dropped the old one). */
  loadToken(tokenHash: string): Promise<TokenLookup>
  logger: Logger
  /** Caps other than `LIVE_LIMITS` (the app passes `total` from `LIVE_STREAMS_MAX`). */
  limits?: Partial<LiveLimits>
}

/** Adds `by` to the count of `key`, forgetting keys that reach zero. */
function bump(counts: Map<string, number>, key: string, by: number): void {
  const n = (counts.get(key) ?? 0) + by
  if (n > 0) counts.set(key, n)
  else counts.delete(key)
}

/** Adds `value` to the set of `key`, or removes it, forgetting empty sets. */
function index<K, V>(map: Map<K, Set<V>>, key: K, value: V, add: boolean): void {
  let set = map.get(key)
  if (add) {
    if (!set) {
      set = new Set()
      map.set(key, set)
    }
    set.add(value)
  } else if (set) {
    set.delete(value)
    if (set.size === 0) map.delete(key)
  }
}

/**
 * Every open live stream of this embed server instance, indexed by event and by token, fed by the
 * cache's change notifications (`EmbedCache.follow`). One frame is built per change and written to
 * every stream of its event; heartbeats, expiry checks and the coalescing of changes each run on
 * one shared timer, never one per stream, so that an open stream costs its socket and one small
 * object.
 *
 * @example
 * const hub = new LiveHub({ loadToken, logger })
 * cache.follow((change) => hub.apply(change))
 */
export class LiveHub {
  readonly #deps: LiveHubDeps
  readonly #limits: LiveLimits
  readonly #byEvent = new Map<string, Set<LiveStream>>()
  readonly #byToken = new Map<string, Set<LiveStream>>()
  readonly #perTokenId = new Map<string, number>()
  readonly #perIp = new Map<string, number>()
  /** Streams whose token has an expiry: the only ones the expiry timer looks at. */
  readonly #expiring = new Set<LiveStream>()
  /** Parts changed per event, waiting for the coalescing timer. */
  readonly #pending = new Map<string, Set<LivePart>>()
  #coalesceTimer: NodeJS.Timeout | undefined
  #expiryTimer: NodeJS.Timeout | undefined
  readonly #heartbeat: NodeJS.Timeout
  #tokenChanges = 0
  #draining = false
  #size = 0

  constructor(deps: LiveHubDeps) {
    this.#deps = deps
    this.#limits = { ...LIVE_LIMITS, total: DEFAULT_LIVE_STREAMS_MAX, ...deps.limits }
    this.#heartbeat = setInterval(() => this.#broadcast(this.#all(), PING_FRAME), HEARTBEAT_MS)
    this.#heartbeat.unref()
  }

  /** Open streams. */
  get size(): number {
    return this.#size
  }

  /**
   * A counter of token changes: a stream whose token was checked before the counter moved is
   * checked again once it is registered (a change between its check and its registration would
   * otherwise pass it by).
   */
  get tokenChanges(): number {
    return this.#tokenChanges
  }

  /**
   * Throws the refusal of a stream that may not open: 503 while stopping or when the instance holds
   * `total` streams already (its memory budget: another instance behind the load balancer, or this
   * one a little later, has room), 429 `TOO_MANY_STREAMS` over the cap of the token or the client
   * IP (with `Retry-After`: streams close as visitors leave).
   */
  admit(tokenId: string, ip: string): void {
    if (this.#draining) {
      throw new ApiError(
        503,
        'SERVICE_UNAVAILABLE',
        'This server is stopping; reconnect in a moment',
        {},
        {
          'Retry-After': String(RECONNECT_AFTER_MS / 1000),
        },
      )
    }
    if (this.#size >= this.#limits.total) {
      throw new ApiError(
        503,
        'SERVICE_UNAVAILABLE',
        `This server has ${this.#limits.total} live streams open, its most; retry in ${FULL_RETRY_AFTER_SECONDS} s`,
        { limit: this.#limits.total, retry_after: FULL_RETRY_AFTER_SECONDS },
        { 'Retry-After': String(FULL_RETRY_AFTER_SECONDS) },
      )
    }
    const over = (count: number | undefined, cap: number) => (count ?? 0) >= cap
    if (over(this.#perTokenId.get(tokenId), this.#limits.perToken)) {
      throw tooMany(`This embed token has ${this.#limits.perToken} live streams open on this server, its most`, this.#limits.perToken)
    }
    if (over(this.#perIp.get(ip), this.#limits.perIp)) {
      throw tooMany(`Your network has ${this.#limits.perIp} live streams open on this server, its most`, this.#limits.perIp)
    }
  }

  /** Registers an admitted stream whose headers are sent; it leaves when its connection closes. */
  add(stream: LiveStream, checkedAtTokenChanges: number): void {
    this.#size++
    index(this.#byEvent, stream.eventId, stream, true)
    index(this.#byToken, stream.tokenHash, stream, true)
    bump(this.#perTokenId, stream.token.id, 1)
    bump(this.#perIp, stream.ip, 1)
    this.#trackExpiry(stream)
    stream.res.once('close', () => this.#remove(stream))
    if (checkedAtTokenChanges !== this.#tokenChanges) void this.#recheck(stream.tokenHash)
  }

  /** Follows one change the cache applied. */
  apply(change: AppliedChange): void {
    if (change.kind === 'token') {
      this.#tokenChanges++
      void this.#recheck(change.tokenHash)
    } else if (change.kind === 'event') {
      if (this.#byEvent.has(change.eventId)) this.#queue(change.eventId, partsOfTable(change.table))
    } else {
      this.#tokenChanges++
      for (const eventId of this.#byEvent.keys()) this.#queue(eventId, partsOfTable(undefined))
      for (const tokenHash of this.#byToken.keys()) void this.#recheck(tokenHash)
    }
  }

  /**
   * Graceful stop: refuses new streams and ends every open one with a `retry:` hint, so that
   * browsers reconnect (to another instance, or to this one restarted) after `RECONNECT_AFTER_MS`.
   */
  drain(): void {
    this.#draining = true
    const frame = retryFrame(RECONNECT_AFTER_MS)
    for (const stream of [...this.#all()]) {
      stream.res.end(frame)
      this.#remove(stream)
    }
  }

  /** Stops the shared timers (after `drain`). */
  close(): void {
    clearInterval(this.#heartbeat)
    clearTimeout(this.#coalesceTimer)
    clearInterval(this.#expiryTimer)
  }

  *#all(): Iterable<LiveStream> {
    for (const streams of this.#byEvent.values()) yield* streams
  }

  #remove(stream: LiveStream): void {
    const streams = this.#byEvent.get(stream.eventId)
    if (!streams?.has(stream)) return
    this.#size--
    index(this.#byEvent, stream.eventId, stream, false)
    index(this.#byToken, stream.tokenHash, stream, false)
    bump(this.#perTokenId, stream.token.id, -1)
    bump(this.#perIp, stream.ip, -1)
    this.#expiring.delete(stream)
  }

  #queue(eventId: string, parts: readonly LivePart[]): void {
    let pending = this.#pending.get(eventId)
    if (!pending) {
      pending = new Set()
      this.#pending.set(eventId, pending)
    }
    for (const part of parts) pending.add(part)
    this.#coalesceTimer ??= setTimeout(() => this.#sendPending(), COALESCE_MS)
  }

  #sendPending(): void {
    this.#coalesceTimer = undefined
    for (const [eventId, parts] of this.#pending) {
      const streams = this.#byEvent.get(eventId)
      if (streams) this.#broadcast(streams, eventFrame('changed', { parts: [...parts].sort() }))
    }
    this.#pending.clear()
  }

  #broadcast(streams: Iterable<LiveStream>, frame: Buffer): void {
    for (const stream of streams) {
      // A client that reads nothing would make its queue grow with every frame.
      if (stream.res.writableLength > MAX_QUEUED_BYTES) stream.res.destroy()
      else stream.res.write(frame)
    }
  }

  /** Checks every stream of a token again with the token as it is now; refuses those it no longer allows. */
  async #recheck(tokenHash: string): Promise<void> {
    if (!this.#byToken.has(tokenHash)) return
    let token: TokenLookup
    try {
      token = await this.#deps.loadToken(tokenHash)
    } catch (err) {
      // Unknown is not allowed: a stream whose token cannot be checked ends, and its browser reconnects through the guard.
      this.#deps.logger.error({ err }, 'live streams: a token could not be checked again; its streams end')
      for (const stream of [...(this.#byToken.get(tokenHash) ?? [])]) stream.res.end(retryFrame(RECONNECT_AFTER_MS))
      return
    }
    const now = Date.now()
    for (const stream of [...(this.#byToken.get(tokenHash) ?? [])]) {
      const refusal = tokenRefusal(token, stream.eventId, stream.origin, stream.referer, now)
      if (refusal) this.#refuse(stream, refusal)
      else {
        stream.token = token as KnownToken
        this.#trackExpiry(stream)
      }
    }
  }

  #refuse(stream: LiveStream, refusal: ApiError): void {
    stream.res.end(eventFrame('refused', { code: refusal.code, message: refusal.message }))
    this.#remove(stream)
  }

  #trackExpiry(stream: LiveStream): void {
    if (stream.token.expiresAtMs === null) {
      this.#expiring.delete(stream)
      return
    }
    this.#expiring.add(stream)
    this.#expiryTimer ??= setInterval(() => this.#checkExpiry(), EXPIRY_CHECK_MS)
    this.#expiryTimer.unref()
  }

  #checkExpiry(): void {
    const now = Date.now()
    for (const stream of [...this.#expiring]) {
      const refusal = tokenRefusal(stream.token, stream.eventId, stream.origin, stream.referer, now)
      if (refusal) this.#refuse(stream, refusal)
    }
    if (this.#expiring.size === 0) {
      clearInterval(this.#expiryTimer)
      this.#expiryTimer = undefined
    }
  }
}

function tooMany(message: string, cap: number): ApiError {
  return new ApiError(429, 'TOO_MANY_STREAMS', `${message}; close another one or retry later`, { limit: cap }, { 'Retry-After': '60' })
}
