import type { RequestListener } from 'node:http'
import { type Database, listenerOf } from '@event-service/db'
import {
  adminOrigin,
  createRateLimiter,
  createRateLimitStore,
  embedOrigin,
  errorHandler,
  requestContext,
  securityHeaders,
  type Config,
} from '@event-service/server-common'
import Koa from 'koa'
import compose from 'koa-compose'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import { accountRoutes } from './accounts/accounts.routes.ts'
import type { AdminState } from './auth/auth-state.ts'
import { authenticate } from './auth/authenticate.ts'
import { createKeyUsageRecorder } from './auth/key-usage.ts'
import { ACCOUNT_WINDOW_SECONDS, accountRateLimit } from './auth/rate-limit.ts'
import { createSignInLimit, SIGN_IN_WINDOW_SECONDS } from './auth/sign-in-limit.ts'
import { type SignInDeps, signInRoutes } from './auth/sign-in.routes.ts'
import { consoleFiles } from './console/console-files.ts'
import { embedTokenRoutes } from './embed-tokens/embed-tokens.routes.ts'
import { startSyncWorker } from './event-sync/sync-worker.ts'
import { syncRoutes } from './event-sync/sync.routes.ts'
import { eventRoutes } from './events/events.routes.ts'
import { importRoutes } from './imports/imports.routes.ts'
import { failInterruptedImports } from './imports/imports.service.ts'
import { allowedMethodsOptions, ApiBuilder } from './openapi/api-builder.ts'
import { publicRoutes } from './public.routes.ts'
import { registrationRoutes } from './registrations/registrations.routes.ts'
import { scheduleExportRoutes } from './schedule-export/schedule-export.routes.ts'
import { sessionRoutes } from './sessions/sessions.routes.ts'
import { speakerRoutes } from './speakers/speakers.routes.ts'
import { type MailDeliveryWorker, startMailDeliveryWorker } from './mail/mail-delivery-worker.ts'
import { startWebhookDeliveryWorker } from './webhooks/webhook-delivery-worker.ts'
import { userRoutes } from './users/users.routes.ts'
import { webhookRoutes } from './webhooks/webhooks.routes.ts'

export interface AdminAppDeps {
  db: Kysely<Database>
  config: Config
  logger: Logger
  /**
   * The embed server's public origin, for the console (snippets, previews, its CSP); default
   * `EMBED_PUBLIC_URL` or `EMBED_PORT` on `HOST`. A function: `npm start` learns the port once it listens.
   */
  embedUrl?: () => string
  /** Where the console's built files are (default `console/dist` of this repository). */
  consoleDir?: string
}

/** The admin API as a Koa app, and how to release what it holds (not the database). */
export interface AdminApp {
  app: Koa<AdminState>
  /** The request listener to serve (`app.callback()`). */
  callback(): RequestListener
  close(): Promise<void>
}

/** Every resource; each adds its routes and their OpenAPI operations. */
function declareRoutes(api: ApiBuilder, db: Kysely<Database>, config: Config, signIn: SignInDeps, logger: Logger): void {
  signInRoutes(api, db, signIn)
  accountRoutes(api, db)
  userRoutes(api, db, signIn)
  eventRoutes(api, db, { allowPrivate: config.webhookAllowPrivate })
  syncRoutes(api, db)
  speakerRoutes(api, db)
  sessionRoutes(api, db)
  embedTokenRoutes(api, db)
  registrationRoutes(api, db)
  scheduleExportRoutes(api, db, signIn.embedUrl)
  webhookRoutes(api, db, { allowPrivate: config.webhookAllowPrivate })
  importRoutes(api, db, {
    allowPrivate: config.webhookAllowPrivate,
    fetchTimeoutMs: config.sourceFetchTimeoutMs,
    logger: logger.child({ component: 'imports' }),
  })
}

const isVersioned = (path: string) => path === '/v1' || path.startsWith('/v1/')

/**
 * Builds the admin API and starts its webhook delivery worker and, with `SMTP_URL`, its mail worker (woken by NOTIFY on the connection
 * `createDb` made; `close()` stops it). Middleware, outermost first: request id, client IP and log line → security headers → error envelope →
 * public routes (`/healthz`, `/docs`, `/v1/openapi.json`) → the console's files (`/console/`) → for
 * `/v1`: the sign-in routes, then authentication (API key or console session with its CSRF check)
 * → rate limit → resource routes, each checking the access it declares (those with a body parse it
 * after that check: JSON only, 1 MiB).
 *
 * @example
 * const { app, close } = await createAdminApp({ db, config: loadConfig(), logger: createLogger() })
 * const server = await listen(app.callback(), { host: '127.0.0.1', port: 0 })
 */
export async function createAdminApp(deps: AdminAppDeps): Promise<AdminApp> {
  const { db, config, logger } = deps
  const embedUrl = deps.embedUrl ?? (() => embedOrigin(config))
  const store = await createRateLimitStore(config.redisUrl, logger)
  const perAccount = createRateLimiter(store, { name: 'admin', windowSeconds: ACCOUNT_WINDOW_SECONDS })
  const signInFailures = createRateLimiter(store, { name: 'sign-in', windowSeconds: SIGN_IN_WINDOW_SECONDS })
  const api = new ApiBuilder()
  declareRoutes(
    api,
    db,
    config,
    {
      limit: createSignInLimit(signInFailures),
      signupOpen: config.consoleSignupOpen,
      // Links in emails name this server by configuration or by the port it listens on, never by the
      // request's Host header: anyone could set that and have a reset link point at their own site.
      consoleOrigin: (ctx) => adminOrigin(config, ctx.req.socket.localPort),
      embedUrl,
    },
    logger,
  )
  await failInterruptedImports(db)
  const usage = createKeyUsageRecorder(db, logger)
  const pub = publicRoutes(api.document(), db)

  const app = new Koa<AdminState>()
  // The client's address is `clientIp`'s (TRUST_PROXY, in requestContext), never Koa's guess.
  app.proxy = false
  // Errors are answered by errorHandler; Koa's own logging of them would only duplicate.
  app.silent = true
  const versioned = compose<Koa.ParameterizedContext<AdminState>>([
    api.publicRouter.routes() as Koa.Middleware<AdminState>,
    authenticate(db, usage),
    accountRateLimit(perAccount),
    api.router.routes() as Koa.Middleware<AdminState>,
    api.router.allowedMethods(allowedMethodsOptions) as Koa.Middleware<AdminState>,
  ])
  app.use(requestContext(logger, { trustProxy: config.trustProxy }))
  app.use(securityHeaders())
  app.use(errorHandler())
  app.use(pub.routes())
  app.use(consoleFiles({ dir: deps.consoleDir, embedOrigin: embedUrl }))
  app.use((ctx, next) => (isVersioned(ctx.path) ? versioned(ctx, next) : next()))

  const deliveries = await startWebhookDeliveryWorker({
    db,
    listen: listenerOf(db),
    settings: {
      retryDelaysMs: config.webhookRetryDelaysMs,
      disableAfterMs: config.webhookDisableAfterMs,
      allowPrivate: config.webhookAllowPrivate,
    },
    logger: logger.child({ component: 'webhooks' }),
  })
  // Events that follow a source (docs/schedule-exchange.md#sync) are fetched and re-imported when due.
  const syncs = await startSyncWorker({
    db,
    listen: listenerOf(db),
    allowPrivate: config.webhookAllowPrivate,
    fetchTimeoutMs: config.sourceFetchTimeoutMs,
    logger: logger.child({ component: 'sync' }),
  })
  // Without SMTP_URL, confirmation emails stay in the outbox (the demo page's mailbox shows them)
  // and are sent by the first start that has it.
  const mail: MailDeliveryWorker | undefined = config.smtpUrl
    ? await startMailDeliveryWorker({
        db,
        listen: listenerOf(db),
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        logger: logger.child({ component: 'mail' }),
      })
    : undefined

  return {
    app,
    callback: () => app.callback(),
    close: async () => {
      // Deliveries in flight are given back untried, for another instance or the next start.
      await deliveries.stop()
      await syncs.stop()
      await mail?.stop()
      await usage.flush()
      await store.close()
    },
  }
}
