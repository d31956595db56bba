import { fieldError, summarise } from './validation-messages.ts'

/**
 * Why the embed server refuses a token (docs/embed-api.md, "Why a token is refused"): the one list
 * the access verdict's codes, the embed document's enum and the widgets' setup problems come from.
 */
export const TOKEN_REFUSAL_CODES = [
  'TOKEN_MISSING',
  'INVALID_TOKEN',
  'TOKEN_REVOKED',
  'TOKEN_DISABLED',
  'TOKEN_EXPIRED',
  'EVENT_MISMATCH',
  'ORIGIN_NOT_ALLOWED',
] as const
export type TokenRefusalCode = (typeof TOKEN_REFUSAL_CODES)[number]

/**
 * Why an import's source was not taken (docs/schedule-exchange.md#errors): it cannot be read as
 * any format, breaks its format's rules, is too large, or could not be fetched.
 */
export const SOURCE_ERROR_CODES = ['SOURCE_UNREADABLE', 'SOURCE_INVALID', 'SOURCE_TOO_LARGE', 'SOURCE_UNAVAILABLE'] as const
export type SourceErrorCode = (typeof SOURCE_ERROR_CODES)[number]

/** Every `error.code` either server can answer with (docs/admin-api.md#error-codes). */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'SOLD_OUT',
  'RATE_LIMIT_EXCEEDED',
  'TOO_MANY_STREAMS',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  ...TOKEN_REFUSAL_CODES,
  ...SOURCE_ERROR_CODES,
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

/** One invalid input: `path` is dotted (`allowedOrigins.2`), `message` is for people. */
export interface FieldError {
  path: string
  message: string
}

/**
 * The one error type the servers throw on purpose. The error middleware turns it into
 * `{success:false, error:{code, message, details}}` with `status`.
 *
 * @example
 * throw new ApiError(409, 'CONFLICT', 'This embed token has been revoked and cannot be changed')
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    /** Extra response headers, e.g. `Retry-After`. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/**
 * 400 `VALIDATION_ERROR` with `details.fields`. Each message is a phrase that completes its
 * field's name (or a sentence of its own); `error.message` summarises them.
 *
 * @example
 * throw validationError([{ path: 'ends_at', message: 'must not be before starts_at' }])
 * // {code: 'VALIDATION_ERROR', message: 'ends_at must not be before starts_at', details: {fields: [{path: 'ends_at', message: 'ends_at must not be before starts_at'}]}}
 */
export const validationError = (fields: FieldError[]): ApiError => {
  const named = fields.map((f) => fieldError(f.path, f.message))
  return new ApiError(400, 'VALIDATION_ERROR', summarise(named), { fields: named })
}

export const notFound = (what = 'Resource'): ApiError => new ApiError(404, 'NOT_FOUND', `${what} not found`)

export const conflict = (message: string): ApiError => new ApiError(409, 'CONFLICT', message)

/** 409 `SOLD_OUT`: every place of the ticket is taken (a cancellation frees one). */
export const soldOut = (): ApiError => new ApiError(409, 'SOLD_OUT', 'This ticket is sold out')

export const unauthorized = (message: string): ApiError => new ApiError(401, 'UNAUTHORIZED', message)

/** 403 `FORBIDDEN`: the caller is known, and may not do this (a role, a read-only key, a CSRF check). */
export const forbidden = (message: string): ApiError => new ApiError(403, 'FORBIDDEN', message)

export const rateLimitExceeded = (retryAfterSeconds: number, limit: number): ApiError =>
  new ApiError(
    429,
    'RATE_LIMIT_EXCEEDED',
    `Rate limit of ${limit} requests exceeded; retry in ${retryAfterSeconds} s`,
    { limit, retry_after: retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  )

/** An error as it is sent: status, headers and the envelope's bytes. */
export interface ErrorResponse {
  status: number
  headers: Record<string, string>
  body: Buffer
}

/**
 * The one serialisation of an error: `{success:false, error:{code, message, details}}` with the
 * error's own headers (e.g. `Retry-After`), for the error middleware and the embed server's hot path.
 */
export function errorResponse(err: ApiError): ErrorResponse {
  const body = Buffer.from(JSON.stringify({ success: false, error: { code: err.code, message: err.message, details: err.details } }))
  return {
    status: err.status,
    headers: { ...err.headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(body.length) },
    body,
  }
}
