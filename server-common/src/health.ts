import type { Middleware } from 'koa'
import { type Kysely, sql } from 'kysely'
import { ok } from './envelope.ts'
import { databaseUnavailable } from './error-handler.ts'

/** How long `GET /healthz` waits for the database before it calls it unreachable. */
export const HEALTH_DATABASE_TIMEOUT_MS = 2_000

const unreachable = Symbol('unreachable')

async function databaseAnswers(db: Kysely<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<typeof unreachable>((resolve) => {
    timer = setTimeout(() => resolve(unreachable), HEALTH_DATABASE_TIMEOUT_MS)
  })
  try {
    const answer = await Promise.race([sql`select 1`.execute(db), timeout])
    return answer !== unreachable
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

/**
 * `GET /healthz`, the readiness check of both servers (and of a load balancer in front of them):
 * `200 {"success":true,"data":{"status":"ok"}}` when the database answers `select 1` within 2 s,
 * else `503 SERVICE_UNAVAILABLE` with `Retry-After` and `details.database = "unreachable"`.
 * Never cached.
 *
 * @example
 * router.get('/healthz', healthCheck(db))
 */
export function healthCheck<DB>(db: Kysely<DB>): Middleware {
  return async (ctx) => {
    ctx.set('Cache-Control', 'no-store')
    if (!(await databaseAnswers(db as unknown as Kysely<unknown>))) throw databaseUnavailable({ database: 'unreachable' })
    ctx.body = ok({ status: 'ok' })
  }
}

/**
 * `GET /livez`, the liveness check: `200 {"success":true,"data":{"status":"ok"}}` whenever the
 * process serves requests, whatever the database does (restarting the process would not bring
 * the database back, so a supervisor must not restart it for that).
 *
 * @example
 * router.get('/livez', liveness())
 */
export function liveness(): Middleware {
  return (ctx) => {
    ctx.set('Cache-Control', 'no-store')
    ctx.body = ok({ status: 'ok' })
  }
}
