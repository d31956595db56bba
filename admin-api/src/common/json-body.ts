import { bodyParser } from '@koa/bodyparser'
import { ApiError } from '@event-service/server-common'
import type { Middleware } from 'koa'

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH'])

/** 1 MiB (DESIGN.md); `raw-body` reads `mb` as 2^20 bytes. */
export const BODY_LIMIT = '1mb'

/**
 * Parses JSON request bodies (at most 1 MiB) into `ctx.request.body`. A body of another media
 * type is 415 `UNSUPPORTED_MEDIA_TYPE` (never silently ignored); a body that is not JSON, or is
 * JSON but not an object or array, is 400 `INVALID_JSON`.
 */
export function jsonBody(): Middleware {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: BODY_LIMIT, jsonStrict: true, encoding: 'utf-8' })
  return async (ctx, next) => {
    // An empty body (Content-Length: 0) is no body: the route's schema decides what is missing.
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
      // co-body marks JSON syntax errors with status 400 but no type; everything else it throws
      // (413, 415 of encodings) the error middleware already knows.
      if (err instanceof SyntaxError) throw new ApiError(400, 'INVALID_JSON', 'The request body is not valid JSON (an object is expected)')
      throw err
    }
    if (parsed) await next()
  }
}
