import { startControlServer, type ControlServer } from '@event-service/admin-api/cli/control-server.ts'
import { createLink, linkUrl } from '@event-service/admin-api/users/user-links.ts'
import { createDb, type DbHandle, migrateToLatest, type OutboxEmail, recentEmails } from '@event-service/db'
import { ensureDemoOrganiser, findDemoEvent, seedDemo } from '@event-service/seed'
import { type Config, embedOrigin, listen, type RunningServer } from '@event-service/server-common'
import type { Logger } from 'pino'
import { createDemoChanges, type DemoChanges } from './demo-changes.ts'
import { createDemoApp, DEMO_HOST, type DemoConfig } from './demo-server.ts'
import { renewDemoPageToken } from './demo-token.ts'
import { createStartLogger } from './start-logger.ts'
import { type AppPart, buildAdminApp, buildEmbedApp, ensureWidgetsBuilt } from './system-parts.ts'

/** Options of `startSystem`. */
export interface StartOptions {
  /** Receives the progress lines and the one line per server (default: stdout). */
  log?: (line: string) => void
  /** The servers' logger (default: pino at LOG_LEVEL on stdout, pretty on a terminal). */
  logger?: Logger
}

/** The whole system, running. */
export interface RunningSystem {
  /** `{base_url}` of the admin API: `http://host:port/v1`. */
  adminUrl: string
  /** `{embed_url}`: `http://host:port`. */
  embedUrl: string
  demoUrl: string
  /** The organiser console: `http://host:port/console/`. */
  consoleUrl: string
  /** A one-time sign-in link for the demo organiser (made at this start), or null without the demo. */
  demoSignInUrl: string | null
  /**
   * The newest emails of an event in the outbox, newest first (what the demo mailbox shows of the
   * demo event): the end-to-end journeys follow the links a registrant gets from them.
   */
  emails(eventId: string): Promise<OutboxEmail[]>
  /** Stops accepting, lets in-flight requests finish, flushes, closes the database. */
  stop(): Promise<void>
}

/** How long in-flight requests may take to finish once a stop began. */
const GRACE_MS = 10_000

// A server bound to every interface is reached on the loopback address.
const reachable = (url: string) => url.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//127.0.0.1:')

async function isEmpty(handle: DbHandle): Promise<boolean> {
  return !(await handle.db.selectFrom('accounts').select('id').limit(1).executeTakeFirst())
}

function serverLines(adminUrl: string, embedUrl: string, demoUrl: string, consoleUrl: string, signInUrl: string | null): string[] {
  const rows = [
    ['admin API', `${adminUrl}/v1`, `(docs: ${adminUrl}/docs)`],
    ['embed API', embedUrl, `(loader: ${embedUrl}/v1/loader.js)`],
    ['demo', demoUrl, ''],
    ['console', consoleUrl, signInUrl ? '(sign in as the demo organiser below)' : ''],
  ]
  const width = Math.max(...rows.map(([, url]) => (url as string).length))
  const lines = rows.map(([name, url, extra]) => `${(name as string).padEnd(11)} ${(url as string).padEnd(width)}   ${extra}`.trimEnd())
  if (signInUrl) lines.push(`${'sign in'.padEnd(11)} ${signInUrl}   (one-time link for demo@example.com, 24 h)`)
  return lines
}

/**
 * Starts the whole system in this process on one database: migrations, the demo seed on an empty
 * database, the admin API, the embed server and the demo page, and on PGlite the control
 * endpoint through which the CLI reaches the database this process holds.
 *
 * @example
 * const system = await startSystem(loadConfig({ ADMIN_PORT: '0', EMBED_PORT: '0', DEMO_PORT: '0', DATA_DIR: dir }))
 * await fetch(`${system.adminUrl}/speakers?event_id=…`, { headers: { Authorization: `Bearer ${key}` } })
 * await system.stop()
 */
export async function startSystem(config: Config, options: StartOptions = {}): Promise<RunningSystem> {
  const log = options.log ?? ((line: string) => void process.stdout.write(`${line}\n`))
  const logger = options.logger ?? (await createStartLogger(config.logLevel))
  const servers: RunningServer[] = []
  const parts: AppPart[] = []
  let handle: DbHandle | undefined
  let control: ControlServer | undefined

  let stopped: Promise<void> | undefined
  // Idempotent: a second call waits for the first stop instead of closing things twice.
  const stop = () =>
    (stopped ??= (async () => {
      // Stop accepting everywhere at once and let in-flight requests finish, then release what
      // the apps hold (the embed server flushes usage counts), then the database. Live streams
      // never finish by themselves: they end first, asking browsers to reconnect.
      for (const part of parts) part.endStreams?.()
      await Promise.allSettled([...servers.map((s) => s.close(GRACE_MS)), control?.close()])
      for (const part of parts) await part.close().catch((err) => logger.error({ err }, 'closing failed'))
      await handle?.close()
    })())

  try {
    await ensureWidgetsBuilt(log)
    handle = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
    const db = handle.db
    const applied = await migrateToLatest(db)
    if (applied.length) log(`database: ${applied.length} migration(s) applied`)
    if (await isEmpty(handle)) {
      log('seeding the demo event:')
      await seedDemo(db, { onProgress: (line) => log(`  ${line}`) })
    }
    const demoEvent = await findDemoEvent(db)
    if (demoEvent && demoEvent.ends_at < new Date()) log('the demo event is over: `npm run seed -- --reset` plans it anew')

    // Embed first: its close() must run before the admin API's (it flushes usage counts).
    const embed = await buildEmbedApp({ dbHandle: handle, config, logger })
    parts.push(embed)
    // The embed server's address is known once it listens (EMBED_PORT=0 picks one).
    let embedUrlOnceListening: string | undefined
    const admin = await buildAdminApp({ db, config, logger, embedUrl: () => embedUrlOnceListening ?? embedOrigin(config) })
    parts.push(admin)

    let demoConfig: DemoConfig | undefined
    const changes: DemoChanges | undefined = demoEvent ? createDemoChanges(db, demoEvent.id) : undefined
    // Without SMTP_URL the demo event's confirmation emails stay in the outbox: the demo shows them.
    const demoEventId = demoEvent?.id
    const demo = createDemoApp({
      logger,
      config: () => demoConfig,
      changes: () => changes,
      mailbox: async () =>
        config.smtpUrl || !demoEventId ? { mode: 'smtp', messages: [] } : { mode: 'outbox', messages: await recentEmails(db, demoEventId) },
    })
    const { host } = config
    // The demo is for the person at this machine, whatever HOST opens the servers to.
    for (const [part, port, partHost] of [
      [admin, config.adminPort, host],
      [embed, config.embedPort, host],
      [demo, config.demoPort, DEMO_HOST],
    ] as const) {
      servers.push(await listen(part.callback(), { host: partHost, port }))
    }
    const [adminUrl, embedUrl, demoUrl] = servers.map((s) => reachable(s.url)) as [string, string, string]
    embedUrlOnceListening = config.embedPublicUrl ?? embedUrl
    const consoleOrigin = config.adminPublicUrl ?? adminUrl
    const organiserId = demoEvent ? await ensureDemoOrganiser(db) : undefined
    const demoSignInUrl = organiserId ? linkUrl(consoleOrigin, await createLink(db, organiserId, 'sign_in')) : null

    let token: string | null = null
    if (demoEvent) {
      const port = new URL(demoUrl).port
      const origins = [...new Set([demoUrl, `http://127.0.0.1:${port}`, `http://localhost:${port}`])]
      token = await renewDemoPageToken(db, { eventId: demoEvent.id, origins })
    }
    demoConfig = { adminUrl: `${adminUrl}/v1`, embedUrl, loaderUrl: `${embedUrl}/v1/loader.js`, eventId: demoEvent?.id ?? null, token }

    if (handle.kind === 'pglite' && !config.dataDir.startsWith('memory://')) {
      control = await startControlServer({
        db,
        dataDir: config.dataDir,
        logger,
        context: {
          consoleOrigin,
          sourceFetch: { allowPrivate: config.webhookAllowPrivate, timeoutMs: config.sourceFetchTimeoutMs },
        },
      })
    }

    const consoleUrl = `${adminUrl}/console/`
    for (const line of serverLines(adminUrl, embedUrl, demoUrl, consoleUrl, demoSignInUrl)) log(line)
    return {
      adminUrl: `${adminUrl}/v1`,
      embedUrl,
      demoUrl,
      consoleUrl,
      demoSignInUrl,
      emails: (eventId) => recentEmails(db, eventId),
      stop,
    }
  } catch (err) {
    await stop().catch(() => {})
    throw err
  }
}
