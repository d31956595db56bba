import type { DbHandle } from '@event-service/db'
import { EMBED_CHANGES_CHANNEL, parseEmbedChange } from '@event-service/db/changes/embed-change.ts'
import type { ChangeTable } from '@event-service/db/tables/changes.ts'
import { LRUCache } from 'lru-cache'
import type { Logger } from 'pino'
import { createFreshness, type Freshness } from './freshness.ts'

/** Backstops in case a notification is ever missed: security data briefly, content a little longer. */
export const TOKEN_TTL_MS = 5_000
export const EVENT_TTL_MS = 30_000

/** How the embed caches behave. */
export interface CacheOptions {
  /** `false` turns every cache off (each request reads the database). */
  enabled: boolean
  logger: Logger
  /** How long a round trip on the listening connection vouches for the caches; default `FRESHNESS_BOUND_MS`. */
  freshnessBoundMs?: number
}

/**
 * One keyed cache kept fresh by NOTIFY. `load` results are stored only when no invalidation of the
 * same kind arrived while they were loading: a lookup that started before a revoke and finished
 * after its notification must not put the old row back.
 */
export class InvalidatedCache<V extends {}> {
  readonly #lru: LRUCache<string, V>
  #epoch = 0
  readonly #inFlight = new Map<string, Promise<V>>()

  constructor(max: number, ttl: number) {
    this.#lru = new LRUCache<string, V>({ max, ttl, ttlAutopurge: false })
  }

  get(key: string): V | undefined {
    return this.#lru.get(key)
  }

  /**
   * Cached value or one `load` shared by concurrent callers; stored only if still current. With
   * `useCache` false (cache off, or not known to be current) it loads afresh and keeps nothing.
   */
  async getOrLoad(key: string, load: () => Promise<V>, useCache: boolean): Promise<V> {
    if (!useCache) return load()
    const hit = this.#lru.get(key)
    if (hit !== undefined) return hit
    const pending = this.#inFlight.get(key)
    if (pending) return pending
    const epoch = this.#epoch
    const p: Promise<V> = load()
      .then((value) => {
        if (epoch === this.#epoch) this.#lru.set(key, value)
        return value
      })
      .finally(() => {
        if (this.#inFlight.get(key) === p) this.#inFlight.delete(key)
      })
    this.#inFlight.set(key, p)
    return p
  }

  evict(key: string): void {
    this.#epoch++
    this.#lru.delete(key)
    // A load already running may have read the old row: let later callers start their own.
    this.#inFlight.delete(key)
  }

  clear(): void {
    this.#epoch++
    this.#lru.clear()
    this.#inFlight.clear()
  }
}

/**
 * A change the cache applied, for whoever follows changes after the cache (the live streams):
 * a token's settings (`token`), an event's data (`event`, with the table whose row changed when the
 * database said so), or `flush` when anything may have changed (a reconnect, an unknown message).
 */
export type AppliedChange =
  | { kind: 'token'; tokenHash: string }
  | { kind: 'event'; eventId: string; table: ChangeTable | undefined }
  | { kind: 'flush' }

/**
 * Token lookups (by SHA-256 of the token, including "no such token") and per-event public data,
 * invalidated by the `embed_changes` notifications of the database's change records
 * (`parseEmbedChange`).
 */
export class EmbedCache<T extends {}, E extends {}> {
  readonly tokens = new InvalidatedCache<T>(10_000, TOKEN_TTL_MS)
  readonly events = new InvalidatedCache<E>(200, EVENT_TTL_MS)
  readonly enabled: boolean
  #stop: (() => Promise<void>) | undefined
  #freshness: Freshness | undefined
  #inProcess = false
  readonly #logger: Logger
  readonly #freshnessBoundMs: number | undefined
  readonly #followers = new Set<(change: AppliedChange) => void>()

  constructor(options: CacheOptions) {
    this.enabled = options.enabled
    this.#logger = options.logger
    this.#freshnessBoundMs = options.freshnessBoundMs
  }

  /**
   * Calls `follower` with every change, after the cache has applied it (so a read it prompts
   * cannot get the old data from this cache). Returns a function that stops the calls.
   */
  follow(follower: (change: AppliedChange) => void): () => void {
    this.#followers.add(follower)
    return () => this.#followers.delete(follower)
  }

  /** Starts listening; resolves once LISTEN is in place (so nothing after it can be missed). */
  async start(dbHandle: DbHandle): Promise<void> {
    const listening = await dbHandle.listen(EMBED_CHANGES_CHANNEL, {
      onMessage: (payload) => this.#onMessage(payload),
      onReconnect: () => {
        this.#logger.warn('embed cache: listening connection re-established; cache flushed')
        // Called when the connection is lost and again once it is back: until a round trip on the
        // new connection comes back, nothing is trusted.
        this.#freshness?.reset()
        this.clear()
        this.#tell({ kind: 'flush' })
      },
    })
    this.#stop = listening
    // PGlite delivers notifications before the writing query resolves: nothing to wait for.
    this.#inProcess = dbHandle.kind === 'pglite'
    this.#freshness = createFreshness(
      () => listening.sync(),
      this.#freshnessBoundMs === undefined ? {} : { boundMs: this.#freshnessBoundMs },
    )
  }

  /**
   * Whether the cache holds every change committed `FRESHNESS_BOUND_MS` before this call (every
   * change whose notification has arrived, which is normally all of them); false when that cannot
   * be known (listening connection down), and the cache must not be used. Synchronous on the hot
   * path where it can be (PGlite, and Postgres under steady traffic: `createFreshness`): no
   * promise, no microtask, no round trip.
   */
  isCurrent(): boolean | Promise<boolean> {
    if (!this.enabled || !this.#freshness) return false
    if (this.#inProcess) return true
    return this.#freshness.check()
  }

  clear(): void {
    this.tokens.clear()
    this.events.clear()
  }

  async stop(): Promise<void> {
    await this.#stop?.()
    this.#stop = undefined
    this.#freshness = undefined
    this.#inProcess = false
  }

  #onMessage(payload: string): void {
    const change = parseEmbedChange(payload)
    if (change?.kind === 'token') {
      this.tokens.evict(change.tokenHash)
      this.#tell({ kind: 'token', tokenHash: change.tokenHash })
    } else if (change?.kind === 'event') {
      this.events.evict(change.eventId)
      this.#tell({ kind: 'event', eventId: change.eventId, table: change.table })
    } else {
      // Something we do not understand changed: trust nothing cached.
      this.#logger.warn({ payload }, 'embed cache: unknown change notification; cache flushed')
      this.clear()
      this.#tell({ kind: 'flush' })
    }
  }

  #tell(change: AppliedChange): void {
    for (const follower of this.#followers) {
      try {
        follower(change)
      } catch (err) {
        this.#logger.error({ err }, 'embed cache: a change follower failed')
      }
    }
  }
}
