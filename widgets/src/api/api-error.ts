import { ERROR_CODES, type ErrorCode, type FieldError } from './types.js'

/** An embed API rejection (or a network failure), carrying the envelope's `code`. */
export class ApiError extends Error {
  override readonly name = 'ApiError'

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message)
  }

  /** Field-level validation messages (`details.fields`), when the server sent any. */
  get fields(): FieldError[] {
    const fields = this.details.fields
    return Array.isArray(fields)
      ? fields.filter(
          (f): f is FieldError => typeof f === 'object' && f !== null && typeof f.path === 'string' && typeof f.message === 'string',
        )
      : []
  }

  /**
   * Builds an error from a non-2xx response. Bodies that are not our envelope (a proxy's HTML
   * page, say) still give a useful code from the status alone.
   */
  static async fromResponse(res: Response): Promise<ApiError> {
    let body: unknown
    try {
      body = await res.json()
    } catch {
      body = undefined
    }
    const error = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined)?.error
    const code = ERROR_CODES.includes(error?.code as ErrorCode)
      ? (error!.code as ErrorCode)
      : res.status === 404
        ? 'NOT_FOUND'
        : res.status === 429
          ? 'RATE_LIMIT_EXCEEDED'
          : 'INTERNAL_ERROR'
    const message = typeof error?.message === 'string' ? error.message : res.statusText
    const details = typeof error?.details === 'object' && error.details !== null ? (error.details as Record<string, unknown>) : {}
    return new ApiError(res.status, code, message, details)
  }
}
