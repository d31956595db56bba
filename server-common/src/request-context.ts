import { randomUUID } from 'node:crypto'
import type { Middleware } from 'koa'
import type { Logger } from 'pino'
import { clientIp, TRUST_NO_PROXY, type TrustProxy } from './client-ip.ts'

/** What the outermost middleware puts in `ctx.state` for everything below it. */
export interface RequestState {
  requestId: string
  log: Logger
  /** The client's IP address (`clientIp`, by `TRUST_PROXY`); `ctx.ip` says the same. */
  clientIp: string
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
export function logRequestLine(log: Logger, request: { method: string; path: string; status: number; ip: string; started: bigint }): void {
  const ms = Number(process.hrtime.bigint() - request.started) / 1e6
  log.info({ method: request.method, path: request.path, status: request.status, ip: request.ip, ms: Math.round(ms * 10) / 10 }, 'request')
}

/**
 * Gives every request an id (the caller's `X-Request-Id` when it is sane, else a new UUID),
 * echoes it in the response, works out the client's IP address once (`clientIp` with
 * `trustProxy`; default: the socket's peer) for everything below, and logs one line per request
 * when it ends (`logRequestLine`).
 */
export function requestContext(logger: Logger, options: { trustProxy?: TrustProxy } = {}): Middleware<RequestState> {
  const trust = options.trustProxy ?? TRUST_NO_PROXY
  return async (ctx, next) => {
    const requestId = requestIdOf(ctx.get('X-Request-Id'))
    ctx.state.requestId = requestId
    ctx.state.log = requestLogger(logger, requestId)
    ctx.state.clientIp = clientIp(ctx.req, trust)
    // Koa's own `ctx.ip` (which knows only `app.proxy`) says the same, should anything read it.
    ctx.request.ip = ctx.state.clientIp
    ctx.set('X-Request-Id', requestId)
    const started = requestStart()
    try {
      await next()
    } finally {
      logRequestLine(ctx.state.log, { method: ctx.method, path: ctx.path, status: ctx.status, ip: ctx.state.clientIp, started })
    }
  }
}
