import type { RouterContext } from '@koa/router'
import type { EmbedState } from '../tokens/token-auth.ts'
import { type Encoding, encode, encodedBytes, encodingFor, matchesEtag, type SerializedBody } from './serialized-body.ts'

/** What of a request decides how a cached answer is sent. */
export interface ReadConditions {
  /** `If-None-Match`, or ''. */
  ifNoneMatch: string
  /** `Accept-Encoding`, or ''. */
  acceptEncoding: string
}

/** Status, headers (in the order they are sent) and bytes of an answer to a public read. */
export interface ReadAnswer {
  status: 200 | 304
  headers: Record<string, string>
  /** `undefined` for 304 Not Modified. */
  body: Buffer | undefined
}

/**
 * `private, no-cache` lets a browser keep an answer but makes it ask (with If-None-Match) every
 * time, so a revoked token is refused on the very next request instead of being served from a cache.
 */
const CACHE_CONTROL = 'private, no-cache'
const VARY = 'Origin, Accept-Encoding'

/** The encoding a read of `body` is sent in under these conditions (identity for a 304). */
export function readEncoding(body: SerializedBody, conditions: ReadConditions): Encoding {
  return matchesEtag(conditions.ifNoneMatch, body.etag) ? 'identity' : encodingFor(body, conditions.acceptEncoding)
}

/**
 * The one builder of a read's answer, for the Koa pipeline (`sendRead`) and the hot path
 * (`fast-path.ts`) alike: 304 when the client's copy is current, else the bytes in the best
 * encoding it accepts, with their headers. `undefined` when that encoding is not made yet
 * (`encode()` makes it).
 */
export function readAnswer(body: SerializedBody, conditions: ReadConditions): ReadAnswer | undefined {
  const headers: Record<string, string> = { Vary: VARY, 'Cache-Control': CACHE_CONTROL, ETag: body.etag }
  if (matchesEtag(conditions.ifNoneMatch, body.etag)) return { status: 304, headers, body: undefined }
  const encoding = encodingFor(body, conditions.acceptEncoding)
  const bytes = encodedBytes(body, encoding)
  if (bytes === undefined) return undefined
  headers['Content-Type'] = body.contentType
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding
  headers['Content-Length'] = String(bytes.length)
  return { status: 200, headers, body: bytes }
}

/** The conditions of a Koa request. */
export const readConditionsOf = (ctx: RouterContext<EmbedState>): ReadConditions => ({
  ifNoneMatch: ctx.get('If-None-Match'),
  acceptEncoding: ctx.get('Accept-Encoding'),
})

/** Sends `readAnswer` through Koa, making the compressed form first when it is not made yet. */
export async function sendRead(ctx: RouterContext<EmbedState>, body: SerializedBody): Promise<void> {
  const conditions = readConditionsOf(ctx)
  let answer = readAnswer(body, conditions)
  if (!answer) {
    await encode(body, readEncoding(body, conditions))
    answer = readAnswer(body, conditions)!
  }
  ctx.status = answer.status
  ctx.set(answer.headers)
  ctx.body = answer.body ?? null
}
