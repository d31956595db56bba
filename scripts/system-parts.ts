import { existsSync } from 'node:fs'
import type { Database, DbHandle } from '@event-service/db'
import { type Config, errorHandler, ok, requestContext } from '@event-service/server-common'
import Koa from 'koa'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'

/** A Koa app of the system and how to release what it holds (not the database). */
export interface AppPart {
  app: Koa
  close(): Promise<void>
}

// TODO(runtime): replace with `createAdminApp` / `createEmbedApp` when they land; until then a
// stand-in answers /healthz so that the start, stop and durability machinery can be exercised.
function standIn(logger: Logger, name: string): AppPart {
  const app = new Koa()
  app.silent = true
  app.use(requestContext(logger))
  app.use(errorHandler())
  app.use(async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === '/healthz') ctx.body = ok({ status: 'ok' })
    else await next()
  })
  logger.warn(`${name} is not available yet: serving /healthz only`)
  return { app, close: async () => {} }
}

/** The admin API (`admin-api/src/app.ts`). */
export async function buildAdminApp(deps: { db: Kysely<Database>; config: Config; logger: Logger }): Promise<AppPart> {
  return standIn(deps.logger, 'the admin API')
}

/** The embed server (`embed-server/src/app.ts`); its `close()` flushes usage counts. */
export async function buildEmbedApp(deps: { dbHandle: DbHandle; config: Config; logger: Logger }): Promise<AppPart> {
  return standIn(deps.logger, 'the embed server')
}

/** Builds the widgets when their output is missing or older than their sources. */
export async function ensureWidgetsBuilt(logger: Logger): Promise<void> {
  const script = new URL('../widgets/build-if-stale.mjs', import.meta.url)
  if (!existsSync(script)) {
    logger.warn('widgets/build-if-stale.mjs is not there yet: the loader may be missing')
    return
  }
  const { ensureWidgetsBuilt: build } = (await import(script.href)) as { ensureWidgetsBuilt: () => Promise<unknown> }
  await build()
}
