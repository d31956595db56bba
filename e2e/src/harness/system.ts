import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { OutboxEmail } from '@event-service/db'
import { createTestDb } from '@event-service/db/testing.ts'
import { loadConfig } from '@event-service/server-common'
import { startSystem } from '../../../scripts/start.ts'

/** The databases the journeys run on: PGlite always, Postgres too when `DATABASE_URL` is set. */
export type Dialect = 'pglite' | 'postgres'

/** The whole system, started the way `npm start` starts it, on a database of its own. */
export interface RunningSystem {
  dialect: Dialect
  /** `http://127.0.0.1:<port>/v1`-style base of the admin API (without a trailing slash). */
  adminUrl: string
  /** Origin of the embed server (`{embed_url}`). */
  embedUrl: string
  /** `{embed_url}/v1/loader.js`: what the README snippet loads. */
  loaderUrl: string
  demoUrl: string
  /** The organiser console: `http://127.0.0.1:<port>/console/`. */
  consoleUrl: string
  /** The one-time sign-in link of the demo organiser that this start printed. */
  demoSignInUrl: string | null
  /** The environment the system runs with: child processes (the CLI) get exactly this database. */
  env: Record<string, string>
  /** The newest emails of an event in the outbox (no `SMTP_URL`: they wait there), newest first. */
  emails(eventId: string): Promise<OutboxEmail[]>
  stop(): Promise<void>
}

/**
 * Starts the system in this process on free ports: on a fresh temporary `DATA_DIR` (PGlite) or a
 * fresh Postgres database beside `DATABASE_URL`'s, dropped again by `stop()`.
 */
export async function startTestSystem(dialect: Dialect): Promise<RunningSystem> {
  const env: Record<string, string> = {
    HOST: '127.0.0.1',
    ADMIN_PORT: '0',
    EMBED_PORT: '0',
    DEMO_PORT: '0',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  }
  const cleanups: (() => Promise<void>)[] = []
  if (dialect === 'postgres') {
    const testDb = await createTestDb('postgres')
    env.DATABASE_URL = testDb.url!
    // The deployment that uses Postgres is the one that may run several instances on Redis.
    if (process.env.REDIS_URL) env.REDIS_URL = process.env.REDIS_URL
    cleanups.push(() => testDb.close())
  } else {
    const dataDir = await mkdtemp(join(tmpdir(), 'e2e-data-'))
    env.DATA_DIR = dataDir
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  }
  const lines: string[] = []
  const system = await startSystem(loadConfig(env), { log: (line: string) => void lines.push(line) })
  const adminUrl = system.adminUrl.replace(/\/+$/, '')
  const embedUrl = system.embedUrl.replace(/\/+$/, '')
  // The command line names the console in the links it prints: on Postgres it opens the database
  // itself and knows no running server, so it is told where the admin server is, as an operator
  // would set it behind a proxy (on PGlite the running server carries out the command anyway).
  env.ADMIN_PUBLIC_URL = new URL(adminUrl).origin
  return {
    dialect,
    adminUrl,
    embedUrl,
    loaderUrl: `${embedUrl}/v1/loader.js`,
    demoUrl: system.demoUrl.replace(/\/+$/, ''),
    consoleUrl: system.consoleUrl,
    demoSignInUrl: system.demoSignInUrl,
    env,
    emails: (eventId) => system.emails(eventId),
    stop: async () => {
      await system.stop()
      for (const cleanup of cleanups.reverse()) await cleanup()
    },
  }
}
