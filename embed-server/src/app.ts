import type { RequestListener } from 'node:http'
import Router from '@koa/router'
import type { DbHandle } from '@event-service/db'
import { type Config, errorHandler, healthCheck, liveness, requestContext, securityHeaders } from '@event-service/server-common'
import Koa from 'koa'
import type { Logger } from 'pino'
import { EmbedCache } from './cache/embed-cache.ts'
import { registerCalendarRoutes } from './calendar/calendar.routes.ts'
import { FirstScreenCache } from './first-screen/first-screen-cache.ts'
import { registerFirstScreenRoutes } from './first-screen/first-screen.routes.ts'
import { registerEventRoutes } from './events/events.routes.ts'
import type { EventData } from './events/events.service.ts'
import { createFastPath, type FastPath } from './fast-path.ts'
import { composeGuard, type GuardStep, guardSteps } from './guard/guard-chain.ts'
import { validPathIds } from './guard/path-ids.ts'
import { LiveHub } from './live/live-hub.ts'
import type { LiveLimits } from './live/live-limits.ts'
import { registerLiveRoutes } from './live/live.routes.ts'
import { createEmbedApi } from './openapi/embed-api.ts'
import { registerOpenApiRoute } from './openapi/openapi.routes.ts'
import { registerScheduleExportRoutes } from './schedule-export/schedule-export.routes.ts'
import { createEmbedRateLimits } from './rate-limit/embed-rate-limit.ts'
import { registerCancelPageRoutes } from './registrations/cancel-page.routes.ts'
import { registerConfirmPageRoutes } from './registrations/confirm-page.routes.ts'
import { startHoldExpiry } from './registrations/hold-expiry.ts'
import { registerRegistrationRoutes } from './registrations/registrations.routes.ts'
import { widgetFiles } from './static/widget-files.ts'
import { registerAccessRoute } from './tokens/access.routes.ts'
import { answerPreflight } from './tokens/cors.ts'
import { preflightOrigin } from './tokens/preflight.ts'
import { checkToken, type EmbedState, tokenVerifier } from './tokens/token-auth.ts'
import { findTokenByHash, type TokenLookup } from './tokens/token-store.ts'
import { createUsageCounter } from './usage/usage-counter.ts'

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
  /** Steps added to the end of the guard chain (tests prove the hot path then turns itself off). */
  extraGuardSteps?: GuardStep[]
  /** Caps of the live streams other than `LIVE_LIMITS` (tests, the benchmark); never from the environment. */
  liveLimits?: Partial<LiveLimits>
  /** How long a round trip vouches for the caches on Postgres; `FRESHNESS_BOUND_MS` unless a test asks for 0 (every request waits for one). */
  freshnessBoundMs?: number
}

/** The embed server, ready to listen. */
export interface EmbedApp {
  /** The Koa pipeline, which answers every request the hot path does not. */
  app: Koa<EmbedState>
  /** The hot path of cached reads in front of the pipeline; `undefined` when it is off. */
  fastPath: FastPath | undefined
  /** The request listener to serve: the hot path wrapped around `app.callback()`. */
  callback(): RequestListener
  /** The open live streams. */
  live: LiveHub
  /** The first screens drawn and kept (`FIRST_SCREEN_CACHE_MB`), for tests and the benchmark. */
  firstScreens: FirstScreenCache
  /**
   * First step of a graceful stop, before the server's `close()`: ends every live stream with a
   * `retry:` hint and refuses new ones (an open stream would otherwise hold `close()` open).
   */
  endStreams(): void
  /** Ends the live streams, stops listening for changes, flushes usage counts and closes the rate-limit store (not the database). */
  close(): Promise<void>
}

/**
 * The embed server: public, token-checked reads of one event, registrations, and the widgets'
 * files. Resolves once it listens for `embed_changes`, so no change made after that can be missed.
 *
 * @example
 * const embed = await createEmbedApp({ dbHandle, config, logger })
 * const server = await listen(embed.callback(), { host: config.host, port: config.embedPort })
 */
export async function createEmbedApp(deps: EmbedAppDeps): Promise<EmbedApp> {
  const { dbHandle, config, logger } = deps
  const db = dbHandle.db
  const cache = new EmbedCache<TokenLookup, EventData>({
    enabled: deps.cache !== false,
    logger,
    ...(deps.freshnessBoundMs === undefined ? {} : { freshnessBoundMs: deps.freshnessBoundMs }),
  })
  // Listening even with the caches off: the live streams follow the same notifications.
  await cache.start(dbHandle)
  const live = new LiveHub({
    loadToken: (tokenHash) => cache.tokens.getOrLoad(tokenHash, () => findTokenByHash(db, tokenHash), cache.enabled),
    logger,
    limits: { total: config.liveStreamsMax, ...deps.liveLimits },
  })
  cache.follow((change) => live.apply(change))
  const usage = createUsageCounter(db, logger)
  const limits = await createEmbedRateLimits(config, logger)
  const holds = startHoldExpiry({ db, logger })

  // One verifier: the data routes enforce it, the access route explains its refusals.
  const verifyToken = tokenVerifier({ db, cache })
  const steps = [...guardSteps({ verifyToken, limits, usage }), ...(deps.extraGuardSteps ?? [])]
  const guard = composeGuard(steps)
  // The calendar feed: the same steps with the feed's token check (the feed permission instead of
  // the origin check). The hot path knows only `steps`, and leaves the feed to Koa.
  const feedGuard = composeGuard([
    ...guardSteps({ verifyToken: tokenVerifier({ db, cache }, 'feed'), limits, usage }),
    ...(deps.extraGuardSteps ?? []),
  ])

  const router = new Router<EmbedState>()
  router.get('/healthz', healthCheck(db))
  router.get('/livez', liveness())
  // Every route the embed API's document describes is declared on `api` (`*.routes.ts`).
  const api = createEmbedApi()
  registerEventRoutes(api, guard, { db, cache })
  registerCalendarRoutes(api, feedGuard, { db, cache })
  registerScheduleExportRoutes(api, feedGuard, { db, cache, config })
  const firstScreens = new FirstScreenCache({ maxBytes: config.firstScreenCacheBytes })
  registerFirstScreenRoutes(api, guard, { db, cache, config, screens: firstScreens })
  registerLiveRoutes(api, guard, live)
  registerRegistrationRoutes(api, guard, limits, { db, cache, config })
  registerCancelPageRoutes(api, { db })
  registerConfirmPageRoutes(api, { db, cache, config })
  registerAccessRoute(api, validPathIds, limits.access, verifyToken)
  registerOpenApiRoute(api)
  router.options(
    ['/v1/events/:eventId', '/v1/events/:eventId/*rest'],
    validPathIds,
    preflightOrigin(checkToken(verifyToken)),
    answerPreflight,
    (ctx) => {
      ctx.status = 204
    },
  )

  const app = new Koa<EmbedState>()
  app.use(requestContext(logger, { trustProxy: config.trustProxy }))
  app.use(securityHeaders())
  app.use(errorHandler())
  app.use(router.routes())
  app.use(api.router.routes())
  app.use(widgetFiles(deps.widgetsDir))

  const fastPath =
    cache.enabled && deps.fastPath !== false
      ? createFastPath({ guard: steps, cache, usage, perToken: limits.perToken, logger, trustProxy: config.trustProxy })
      : undefined

  return {
    app,
    fastPath,
    callback() {
      const koa = app.callback()
      return fastPath ? (req, res) => fastPath(req, res, koa) : koa
    },
    live,
    firstScreens,
    endStreams() {
      live.drain()
    },
    async close() {
      live.drain()
      live.close()
      await cache.stop()
      await usage.close()
      await limits.close()
      await holds.stop()
    },
  }
}
