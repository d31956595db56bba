import { LRUCache } from 'lru-cache'
import { responseKey } from '../events/events.service.ts'
import type { SerializedBody } from '../events/serialized-body.ts'

/** How long a drawn first screen is good for: a minute, the step of the schedule's "now" line. */
export const FIRST_SCREEN_STEP_MS = 60_000

/**
 * What an entry costs beyond its bytes: the body's object, its ETag, the promises of its
 * compressed forms and the cache's own slot. An estimate on the high side, so that many small
 * screens cannot hold much more than the bound.
 */
const ENTRY_OVERHEAD = 1024

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
  /** How long a screen is good for; default `FIRST_SCREEN_STEP_MS` (tests shorten it). */
  stepMs?: number
}

/**
 * The first screens drawn, for the whole process: least recently used ones go when the screens
 * would take more than `maxBytes` together, and each goes at the end of the step (minute) it was
 * drawn in, so an idle event keeps nothing. A screen is keyed by the version of the event's data it
 * was drawn from (the `EventData` object: a change, a reload or a flush makes a new one, so an old
 * drawing can never be answered), the step, the element, the API root and its normalised attributes.
 * A storm of distinct requests costs drawing time, never memory beyond the bound.
 */
export class FirstScreenCache {
  readonly #lru: LRUCache<string, SerializedBody> | undefined
  readonly #stepMs: number
  /** A number per version of an event's data, so that keys hold no reference to the data itself. */
  readonly #versions = new WeakMap<object, number>()
  #lastVersion = 0
  #draws = 0

  constructor(options: FirstScreenCacheOptions) {
    this.#stepMs = options.stepMs ?? FIRST_SCREEN_STEP_MS
    // lru-cache reads a maxSize of 0 as "unbounded": 0 here keeps nothing instead.
    this.#lru =
      options.maxBytes > 0
        ? new LRUCache<string, SerializedBody>({
            maxSize: options.maxBytes,
            sizeCalculation: sizeOf,
            // One timer per screen, unref'd: a screen goes when its step ends even if nothing asks again.
            ttlAutopurge: true,
          })
        : undefined
  }

  /**
   * The screen of `request` drawn now, kept or drawn with `draw` (and then kept, unless `keep` is
   * false: the caches are off), with its key for `recount`. Concurrent misses each draw: a draw is
   * synchronous but for the renderer's first load, so they seldom overlap.
   */
  async screen(request: ScreenRequest, draw: () => Promise<SerializedBody>, keep = true): Promise<{ key: string; body: SerializedBody }> {
    const step = Math.floor(Date.now() / this.#stepMs)
    const key = this.#keyOf(request, step)
    const kept = this.#lru?.get(key)
    if (kept) return { key, body: kept }
    this.#draws++
    const body = await draw()
    if (keep) this.#keep(key, body, step)
    return { key, body }
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
    this.#keep(key, body, Number(key.split('\n', 2)[1]))
  }

  #keyOf({ data, element, apiRoot, attrs }: ScreenRequest, step: number): string {
    let version = this.#versions.get(data)
    if (version === undefined) {
      version = ++this.#lastVersion
      this.#versions.set(data, version)
    }
    // The version and the step first: `recount` reads the step back from the key.
    return `${version}\n${step}\n${responseKey.firstScreen(element, apiRoot, attrs)}`
  }

  /** Keeps `body` until the end of `step`: its key is not asked for after that. */
  #keep(key: string, body: SerializedBody, step: number): void {
    const ttl = (step + 1) * this.#stepMs - Date.now()
    // A draw that ended in a later step than it began in is of no use to anyone.
    if (ttl > 0) this.#lru?.set(key, body, { ttl })
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
