import Router from '@koa/router'
import type { DbHandle } from '@event-service/db'
import { errorHandler, requestContext, validationError, type Config } from '@event-service/server-common'
import Koa, { type Middleware } from 'koa'
import compose from 'koa-compose'
import type { Logger } from 'pino'
import { EmbedCache } from './cache/embed-cache.ts'
import { createFastPath, type FastPath, type RequestHandler } from './fast-path.ts'
import { registerEventRoutes } from './events/events.routes.ts'
import type { EventData } from './events/events.service.ts'
import { createEmbedRateLimits } from './rate-limit/embed-rate-limit.ts'
import { registerRegistrationRoutes } from './registrations/registrations.routes.ts'
import { widgetFiles } from './static/widget-files.ts'
import { grantCors } from './tokens/cors.ts'
import { preflightOrigin } from './tokens/preflight.ts'
import { registerAccessRoute } from './tokens/access.routes.ts'
import { checkToken, tokenVerifier, type EmbedState } from './tokens/token-auth.ts'
import type { TokenLookup } from './tokens/token-store.ts'
import { createUsageCounter } from './usage/usage-counter.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const ID_PARAMS = ['eventId', 'sessionId', 'speakerId'] as const

/** 400 `VALIDATION_ERROR` for a malformed id in the path, before the token is even looked at. */
const validIds: Middleware<EmbedState> = async (ctx, next) => {
  const params = (ctx as unknown as { params: Record<string, string | undefined> }).params
  for (const name of ID_PARAMS) {
    const value = params[name]
    if (value === undefined) continue
    if (!UUID.test(value)) throw validationError([{ path: name, message: 'Expected a UUID' }])
    params[name] = value.toLowerCase()
  }
  await next()
}

/** What `createEmbedApp` needs. */
export interface EmbedAppDeps {
  dbHandle: DbHandle
  config: Config
  logger: Logger
  /** Where the widgets' build output is; default `widgets/dist` of this repository. */
  widgetsDir?: string
  /** `false` turns off the token and event caches (every request reads the database). */
  cache?: boolean
  /** `false` sends cached reads through the Koa pipeline too (tests compare both). */
  fastPath?: boolean
}

/** Koa whose `callback()` puts the hot path of cached reads (`fast-path.ts`) in front of the pipeline. */
class EmbedKoa extends Koa<EmbedState> {
  fastPath: FastPath | undefined

  override callback(): ReturnType<Koa<EmbedState>['callback']> {
    const koa = super.callback()
    const fast = this.fastPath
    if (!fast) return koa
    const handler = (req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1]) => fast(req, res, koa as RequestHandler)
    return handler as unknown as ReturnType<Koa<EmbedState>['callback']>
  }
}

/**
 * The embed server: public, token-checked reads of one event, registrations, and the widgets'
 * files. Resolves once it listens for `embed_changes`, so no change made after that can be missed.
 * `close()` stops listening, flushes usage counts and closes the rate-limit stores (not the database).
 *
 * @example
 * const { app, close } = await createEmbedApp({ dbHandle, config, logger })
 * const server = await listen(app.callback(), { host: config.host, port: config.embedPort })
 */
export async function createEmbedApp(deps: EmbedAppDeps): Promise<{ app: Koa<EmbedState>; close(): Promise<void> }> {
  const { dbHandle, config, logger } = deps
  const db = dbHandle.db
  const cache = new EmbedCache<TokenLookup, EventData>({ enabled: deps.cache !== false, logger })
  if (cache.enabled) await cache.start(dbHandle)
  const usage = createUsageCounter(db, logger)
  const limits = createEmbedRateLimits(config, logger)

  // One verifier: the data routes enforce it, the access route explains its refusals.
  const verifyToken = tokenVerifier({ db, cache })
  const tokenCheck = checkToken(verifyToken)
  const cors = grantCors()
  const countUsage: Middleware<EmbedState> = async (ctx, next) => {
    usage.count(ctx.state.token.id)
    await next()
  }
  // Order matters: ids, token (refusals stop here, without CORS), CORS grant, rate limit, usage.
  const guard = compose([validIds, tokenCheck, cors, limits.perToken, countUsage])

  const router = new Router<EmbedState>()
  router.get('/healthz', (ctx) => {
    ctx.set('Cache-Control', 'no-store')
    ctx.body = { success: true, data: { status: 'ok' } }
  })
  registerEventRoutes(router, guard, { db, cache })
  registerRegistrationRoutes(router, guard, limits.registrations, { db, cache })
  registerAccessRoute(router, validIds, limits.access, verifyToken)
  router.options(['/v1/events/:eventId', '/v1/events/:eventId/*rest'], validIds, preflightOrigin(tokenCheck), cors, (ctx) => {
    ctx.status = 204
  })

  const app = new EmbedKoa()
  if (cache.enabled && deps.fastPath !== false) {
    app.fastPath = createFastPath({ cache, usage, perTokenLimit: limits.perTokenLimit, logger, proxied: () => app.proxy })
  }
  app.use(requestContext(logger))
  app.use(errorHandler())
  app.use(router.routes())
  app.use(widgetFiles(deps.widgetsDir))

  return {
    app,
    async close() {
      await cache.stop()
      await usage.close()
      await limits.close()
    },
  }
}
