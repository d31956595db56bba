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

/**
 * Gives every request an id (the caller's `X-Request-Id` when it is sane, else a new UUID),
 * echoes it in the response, and logs one line per request when it ends. Logs the path only:
 * query strings may carry embed tokens.
 */
export function requestContext(logger: Logger): Middleware<RequestState> {
  return async (ctx, next) => {
    const requestId = requestIdOf(ctx.get('X-Request-Id'))
    ctx.state.requestId = requestId
    ctx.state.log = logger.child({ requestId })
    ctx.set('X-Request-Id', requestId)
    const started = process.hrtime.bigint()
    try {
      await next()
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      ctx.state.log.info({ method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 }, 'request')
    }
  }
}
