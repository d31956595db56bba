import type { Middleware } from 'koa'
import { ZodError } from 'zod'
import { ApiError, errorResponse } from './api-error.ts'
import type { RequestState } from './request-context.ts'
import { constraintError } from './constraint-errors.ts'
import { isClientDataError, isDatabaseUnavailable } from './sqlstate.ts'
import { fieldErrorsOf, summarise } from './validation-messages.ts'

/** Seconds a client is asked to wait while the database cannot be reached (a restart takes a few). */
export const DATABASE_RETRY_AFTER_SECONDS = 5

/**
 * 503 `SERVICE_UNAVAILABLE` with `Retry-After`: the database cannot be reached right now. Not the
 * client's fault and not a bug; the servers recover by themselves once it is back.
 *
 * @example
 * if (isDatabaseUnavailable(err)) throw databaseUnavailable()
 */
export const databaseUnavailable = (details: Record<string, unknown> = {}): ApiError =>
  new ApiError(
    503,
    'SERVICE_UNAVAILABLE',
    `The service is briefly unavailable (its database cannot be reached); retry in ${DATABASE_RETRY_AFTER_SECONDS} s`,
    { retry_after: DATABASE_RETRY_AFTER_SECONDS, ...details },
    { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
  )

const describe = (err: unknown) => {
  const { code, message } = err as { code?: unknown; message?: unknown }
  return { code, message }
}

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
  if (isDatabaseUnavailable(err)) return databaseUnavailable()
  // By the constraint's name; an unknown or internal one stays a logged 500.
  const violated = constraintError(err)
  if (violated) return violated
  if (isClientDataError(err)) return new ApiError(400, 'VALIDATION_ERROR', 'A value in the request cannot be stored')
  if (e.status === 405) return new ApiError(405, 'METHOD_NOT_ALLOWED', 'This method is not allowed on this path')
  if (e.status === 400 && e.expose) return new ApiError(400, 'VALIDATION_ERROR', 'The request is malformed')
  return undefined
}

/**
 * The error envelope (docs/admin-api.md#response-envelope) for every failure, including unmatched routes (404).
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
      // Expected during an outage, once per request: the message says enough, without a stack.
      else if (isDatabaseUnavailable(err)) ctx.state.log?.warn({ cause: describe(err) }, 'database unavailable')
      const answer = errorResponse(
        apiError ?? new ApiError(500, 'INTERNAL_ERROR', 'Something went wrong on our side; the request id identifies it in our logs'),
      )
      ctx.status = answer.status
      ctx.set(answer.headers)
      ctx.body = answer.body
    }
  }
}
