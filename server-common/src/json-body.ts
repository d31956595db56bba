import { bodyParser } from '@koa/bodyparser'
import type { Middleware } from 'koa'
import { ApiError } from './api-error.ts'

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH'])

const isCompressed = (contentEncoding: string) => contentEncoding !== '' && contentEncoding.toLowerCase() !== 'identity'

export interface JsonBodyOptions {
  /** raw-body size (`'1mb'` is 2^20 bytes). Default `'1mb'`, the limit of docs/admin-api.md#limits. */
  limit?: string
  /** How the limit reads in the 413 message. Default `1 MiB`. */
  limitLabel?: string
}

/**
 * Parses JSON request bodies into `ctx.request.body`, with every failure in the envelope:
 * a body of another media type is 415 `UNSUPPORTED_MEDIA_TYPE` (never silently ignored), a body
 * that is not JSON (or not an object or array) is 400 `INVALID_JSON`, one over the limit is 413
 * `PAYLOAD_TOO_LARGE`. An empty body is `{}`, so that the route's schema says what is missing.
 *
 * @example
 * router.post('/registrations', jsonBody({ limit: '16kb', limitLabel: '16 KiB' }), handler)
 */
export function jsonBody({ limit = '1mb', limitLabel = '1 MiB' }: JsonBodyOptions = {}): Middleware {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: limit, jsonStrict: true, encoding: 'utf-8' })
  return async (ctx, next) => {
    if (!METHODS_WITH_BODY.has(ctx.method) || ctx.request.length === 0) {
      ctx.request.body = {}
      return next()
    }
    // `is()` is null without a body, false for a body of another type.
    if (ctx.is('application/json', '+json') === false) {
      throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The request body must be JSON (Content-Type: application/json)')
    }
    let parsed = false
    try {
      await parse(ctx, async () => {
        parsed = true
      })
    } catch (err) {
      const e = err as { status?: number; type?: string }
      if (e.status === 413 || e.type === 'entity.too.large') {
        throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${limitLabel}`)
      }
      // inflation (unknown Content-Encoding) and raw-body (unknown charset) both answer 415.
      if (e.status === 415) {
        throw new ApiError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          'The request body must be UTF-8 JSON, uncompressed or with Content-Encoding gzip, deflate or br',
        )
      }
      // zlib's and brotli's stream errors carry no status: a body that says it is compressed but is not.
      if (e.status === undefined && isCompressed(ctx.get('Content-Encoding'))) {
        throw new ApiError(400, 'INVALID_JSON', 'The request body could not be decompressed as its Content-Encoding says')
      }
      // co-body marks JSON syntax errors (and non-object JSON in strict mode) with status 400 only.
      if (err instanceof SyntaxError || e.status === 400) {
        throw new ApiError(400, 'INVALID_JSON', 'The request body is not valid JSON (an object or array is expected)')
      }
      throw err
    }
    if (parsed) await next()
  }
}
