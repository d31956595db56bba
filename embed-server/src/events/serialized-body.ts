import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import accepts from 'accepts'
import type { IncomingMessage } from 'node:http'

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

/** Smaller answers are not worth the bytes of a Content-Encoding header. */
const COMPRESS_FROM_BYTES = 1024

/** An answer serialised once: its bytes, their ETag, and compressed forms made on first demand. */
export interface SerializedBody {
  bytes: Buffer
  /** `Content-Type` of `bytes`. */
  contentType: string
  etag: string
  gzip?: Promise<Buffer>
  br?: Promise<Buffer>
  /** The compressed forms once made (for the synchronous hot path, `fast-path.ts`). */
  gzipBytes?: Buffer
  brBytes?: Buffer
}

/** Content encodings an answer is sent in. */
export type Encoding = 'br' | 'gzip' | 'identity'

const JSON_TYPE = 'application/json; charset=utf-8'

/** `bytes` of `contentType` with a weak ETag (weak: the same for every Content-Encoding). */
export function serializeBytes(bytes: Buffer, contentType: string): SerializedBody {
  return { bytes, contentType, etag: `W/"${createHash('sha1').update(bytes).digest('base64url')}"` }
}

/** `{success: true, data}` as JSON bytes with their ETag. */
export function serialize(data: unknown): SerializedBody {
  return serializeBytes(Buffer.from(JSON.stringify({ success: true, data })), JSON_TYPE)
}

/**
 * Whether `If-None-Match` names this ETag (weak comparison, RFC 9110 13.1.2). A request's own
 * `Cache-Control: no-cache` does not matter here: it asks caches to revalidate, and this is the
 * origin answering the revalidation (fetch() adds it to every manual If-None-Match).
 */
export function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  const opaque = etag.replace(/^W\//, '')
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque)
}

/** Memo of negotiations per Accept-Encoding header (browsers send a handful); cleared when full. */
const negotiated = new Map<string, Encoding>()

/**
 * The encoding to send `body` in for this `Accept-Encoding` header (or ''): brotli or gzip by the
 * client's preference (negotiated by \`accepts\`, as Koa's \`ctx.acceptsEncodings\`), identity for
 * small answers or when neither is accepted.
 */
export function encodingFor(body: SerializedBody, acceptEncoding: string): Encoding {
  if (!acceptEncoding || body.bytes.length < COMPRESS_FROM_BYTES) return 'identity'
  let encoding = negotiated.get(acceptEncoding)
  if (encoding === undefined) {
    const best = accepts({ headers: { 'accept-encoding': acceptEncoding } } as IncomingMessage).encodings(['br', 'gzip', 'identity'])
    encoding = best === 'br' || best === 'gzip' ? best : 'identity'
    if (negotiated.size >= 500) negotiated.clear()
    negotiated.set(acceptEncoding, encoding)
  }
  return encoding
}

/** The bytes of `body` in `encoding` when they are made already (synchronous, for the hot path). */
export function encodedBytes(body: SerializedBody, encoding: Encoding): Buffer | undefined {
  return encoding === 'br' ? body.brBytes : encoding === 'gzip' ? body.gzipBytes : body.bytes
}

/** Makes (once per body, shared by concurrent callers) and keeps the bytes of `body` in `encoding`. */
export function encode(body: SerializedBody, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'br') {
    body.br ??= brotliAsync(body.bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.bytes.length },
    }).then((bytes) => {
      body.brBytes = bytes
      return bytes
    })
    return body.br
  }
  if (encoding === 'gzip') {
    body.gzip ??= gzipAsync(body.bytes).then((bytes) => {
      body.gzipBytes = bytes
      return bytes
    })
    return body.gzip
  }
  return Promise.resolve(body.bytes)
}
