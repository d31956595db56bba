import { randomUUID } from 'node:crypto'
import type { Middleware } from 'koa'
import type { Logger } from 'pino'

/** What the outermost middleware puts in `ctx.state` for everything below it. */
export interface RequestState {
  requestId: string
  log: Logger
}

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** The id of a request: the caller's `X-Request-Id` when it is sane, else a new UUID. */
export function requestIdOf(incoming: string | undefined): string {
  return incoming && CLIENT_REQUEST_ID.test(incoming) ? incoming : randomUUID()
}

/** The logger of one request: every line it writes carries the request id. */
export function requestLogger(logger: Logger, requestId: string): Logger {
  return logger.child({ requestId })
}

/** `process.hrtime.bigint()` when a request starts, for `logRequestLine`. */
export const requestStart = (): bigint => process.hrtime.bigint()

/**
 * The one line logged per request (by `requestContext`, and by the embed server's hot path).
 * Logs the path only: query strings may carry embed tokens.
 */
export function logRequestLine(log: Logger, request: { method: string; path: string; status: number; started: bigint }): void {
  const ms = Number(process.hrtime.bigint() - request.started) / 1e6
  log.info({ method: request.method, path: request.path, status: request.status, ms: Math.round(ms * 10) / 10 }, 'request')
}

/**
 * Gives every request an id (the caller's `X-Request-Id` when it is sane, else a new UUID),
 * echoes it in the response, and logs one line per request when it ends (`logRequestLine`).
 */
export function requestContext(logger: Logger): Middleware<RequestState> {
  return async (ctx, next) => {
    const requestId = requestIdOf(ctx.get('X-Request-Id'))
    ctx.state.requestId = requestId
    ctx.state.log = requestLogger(logger, requestId)
    ctx.set('X-Request-Id', requestId)
    const started = requestStart()
    try {
      await next()
    } finally {
      logRequestLine(ctx.state.log, { method: ctx.method, path: ctx.path, status: ctx.status, started })
    }
  }
}
