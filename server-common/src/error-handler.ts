import type { Middleware } from 'koa'
import { ZodError } from 'zod'
import { ApiError, errorResponse } from './api-error.ts'
import type { RequestState } from './request-context.ts'
import { fieldErrorsOf, summarise } from './validation-messages.ts'

/** Postgres error codes we answer as the client's fault rather than ours. */
const PG_UNIQUE_VIOLATION = '23505'
const PG_CLIENT_DATA_ERRORS = new Set(['22P02', '22021', '22007', '22008', '22003', '22001', '54000'])

/** Turns anything thrown below it into the error envelope; never leaks a stack or SQL. */
function toApiError(err: unknown): ApiError | undefined {
  if (err instanceof ApiError) return err
  if (err instanceof ZodError) {
    // Routes parse through `validated`, which throws an ApiError already; this is for any other parse.
    const fields = fieldErrorsOf(err)
    return new ApiError(400, 'VALIDATION_ERROR', summarise(fields), { fields })
  }
  const e = err as { status?: number; type?: string; code?: string; expose?: boolean }
  // Errors of the body parser (co-body / raw-body) carry a status and a type.
  if (e.type === 'entity.parse.failed') return new ApiError(400, 'INVALID_JSON', 'The request body is not valid JSON')
  if (e.status === 413 || e.type === 'entity.too.large')
    return new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request body is larger than 1 MiB')
  if (e.status === 415 || e.type === 'encoding.unsupported' || e.type === 'charset.unsupported')
    return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The request body must be JSON (Content-Type: application/json)')
  if (e.code === PG_UNIQUE_VIOLATION) return new ApiError(409, 'CONFLICT', 'A resource with these values already exists')
  if (e.code && PG_CLIENT_DATA_ERRORS.has(e.code)) return new ApiError(400, 'VALIDATION_ERROR', 'A value in the request cannot be stored')
  if (e.status === 405) return new ApiError(405, 'METHOD_NOT_ALLOWED', 'This method is not allowed on this path')
  if (e.status === 400 && e.expose) return new ApiError(400, 'VALIDATION_ERROR', 'The request is malformed')
  return undefined
}

/**
 * The error envelope of SPEC.md 7 for every failure, including unmatched routes (404).
 * Unexpected errors become 500 `INTERNAL_ERROR` and are logged with the request id.
 */
export function errorHandler(): Middleware<RequestState> {
  return async (ctx, next) => {
    try {
      await next()
      if (ctx.status === 404 && ctx.body === undefined) {
        throw new ApiError(404, 'NOT_FOUND', `No route for ${ctx.method} ${ctx.path}`)
      }
    } catch (err) {
      const apiError = toApiError(err)
      if (!apiError) ctx.state.log?.error({ err }, 'unhandled error')
      const answer = errorResponse(
        apiError ?? new ApiError(500, 'INTERNAL_ERROR', 'Something went wrong on our side; the request id identifies it in our logs'),
      )
      ctx.status = answer.status
      ctx.set(answer.headers)
      ctx.body = answer.body
    }
  }
}
