import { LRUCache } from 'lru-cache'
import { responseKey } from '../events/events.service.ts'
import type { SerializedBody } from '../events/serialized-body.ts'

/**
 * What an entry costs beyond its bytes: the body's object, its ETag, the promises of its
 * compressed forms and the cache's own slot. An estimate on the high side, so that many small
 * screens cannot hold much more than the bound.
 */
const ENTRY_OVERHEAD = 1024

/**
 * How long a screen nobody asks for is kept: long enough that a visited page's screens stay
 * between visitors, short enough that an idle event (or the screens of a version its change
 * replaced) holds no memory for long.
 */
export const FIRST_SCREEN_IDLE_MS = 10 * 60_000

const sizeOf = (body: SerializedBody, key: string): number =>
  body.bytes.length + (body.gzipBytes?.length ?? 0) + (body.brBytes?.length ?? 0) + key.length * 2 + ENTRY_OVERHEAD

/** What a first screen is drawn for. */
export interface ScreenRequest {
  /** The event's data the screen is drawn from: its version (the object) is part of the key. */
  data: object
  element: string
  /** Where the screen's links point. */
  apiRoot: string
  /** The element's attributes, validated and normalised (`undefined`: not given). */
  attrs: Record<string, string | undefined>
}

/** How a `FirstScreenCache` behaves. */
export interface FirstScreenCacheOptions {
  /** Bytes the screens kept may take together (their bytes, compressed forms and keys); 0 keeps none. */
  maxBytes: number
  /** How long an unasked-for screen is kept; default `FIRST_SCREEN_IDLE_MS` (tests shorten it). */
  idleMs?: number
}

/**
 * The first screens drawn, for the whole process: least recently used ones go when the screens
 * would take more than `maxBytes` together. A screen is keyed by the version of the event's data it
 * was drawn from (the `EventData` object: a change, a reload or a flush makes a new one, so an old
 * drawing can never be answered), the element, the API root and its normalised attributes, and
 * nothing else: a first screen depends on no clock (the element draws the now line, what is past
 * and what is live after hydrating it), so it is drawn once per version and answered from here
 * after. A screen goes when nobody has asked for it for `idleMs` (so an idle event keeps nothing,
 * and the screens of an old version, never asked for again, go too) or earlier when the bound needs room.
 * A storm of distinct requests costs drawing time, never memory beyond the bound.
 */
export class FirstScreenCache {
  readonly #lru: LRUCache<string, SerializedBody> | undefined
  /** A number per version of an event's data, so that keys hold no reference to the data itself. */
  readonly #versions = new WeakMap<object, number>()
  #lastVersion = 0
  #draws = 0

  constructor(options: FirstScreenCacheOptions) {
    // lru-cache reads a maxSize of 0 as "unbounded": 0 here keeps nothing instead.
    this.#lru =
      options.maxBytes > 0
        ? new LRUCache<string, SerializedBody>({
            maxSize: options.maxBytes,
            sizeCalculation: sizeOf,
            ttl: options.idleMs ?? FIRST_SCREEN_IDLE_MS,
            // Each answer restarts the screen's idle time; one unref'd timer per screen lets it go.
            updateAgeOnGet: true,
            ttlAutopurge: true,
          })
        : undefined
  }

  /**
   * The screen of `request`, kept or drawn with `draw` (and then kept, unless `keep` is false: the
   * caches are off), with its key for `recount` and whether it was kept (`hit`). Concurrent misses
   * each draw: a draw is synchronous but for the renderer's first load, so they seldom overlap.
   */
  async screen(
    request: ScreenRequest,
    draw: () => Promise<SerializedBody>,
    keep = true,
  ): Promise<{ key: string; body: SerializedBody; hit: boolean }> {
    const key = this.#keyOf(request)
    const kept = this.#lru?.get(key)
    if (kept) return { key, body: kept, hit: true }
    this.#draws++
    const body = await draw()
    if (keep) this.#lru?.set(key, body)
    return { key, body, hit: false }
  }

  /**
   * Counts the compressed forms made for a kept screen since it was stored (they are made on the
   * first request that accepts them), so that the bound holds them too.
   */
  recount(key: string, body: SerializedBody): void {
    const lru = this.#lru
    if (!lru || lru.peek(key) !== body || lru.info(key)?.size === sizeOf(body, key)) return
    // lru-cache counts a value's size again only when another value is set: out, then in again.
    lru.delete(key)
    lru.set(key, body)
  }

  #keyOf({ data, element, apiRoot, attrs }: ScreenRequest): string {
    let version = this.#versions.get(data)
    if (version === undefined) {
      version = ++this.#lastVersion
      this.#versions.set(data, version)
    }
    return `${version}\n${responseKey.firstScreen(element, apiRoot, attrs)}`
  }

  /** Screens kept. */
  get size(): number {
    return this.#lru?.size ?? 0
  }

  /** Bytes the screens kept count for (at most the bound). */
  get bytes(): number {
    return this.#lru?.calculatedSize ?? 0
  }

  /** Screens drawn since the start (each miss draws): for tests and the benchmark. */
  get draws(): number {
    return this.#draws
  }
}
