import type { RequestListener } from 'node:http'
import { createAdminApp } from '@event-service/admin-api/app.ts'
import type { Database, DbHandle } from '@event-service/db'
import { createEmbedApp } from '@event-service/embed-server/app.ts'
import { ensureConsoleBuilt as buildConsoleIfStale } from '@event-service/console/build-if-stale'
import { ensureWidgetsBuilt as buildWidgetsIfStale } from '@event-service/widgets/build-if-stale'
import type { Config } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'

/** A server of the system: the request listener it serves, and how to release what it holds (not the database). */
export interface AppPart {
  callback(): RequestListener
  /** First step of a graceful stop: ends what would hold the server's close open (the embed server's live streams). */
  endStreams?(): void
  close(): Promise<void>
}

/** The admin API (`admin-api/src/app.ts`). */
export async function buildAdminApp(deps: {
  db: Kysely<Database>
  config: Config
  logger: Logger
  embedUrl?: () => string
}): Promise<AppPart> {
  return createAdminApp(deps)
}

/** The embed server (`embed-server/src/app.ts`); its `close()` flushes usage counts. */
export async function buildEmbedApp(deps: { dbHandle: DbHandle; config: Config; logger: Logger }): Promise<AppPart> {
  return createEmbedApp(deps)
}

/**
 * Builds the widgets and the console when their output is missing or older than their sources, so
 * that `npm install && npm start` needs no build step of its own.
 */
export async function ensureWidgetsBuilt(log: (line: string) => void): Promise<void> {
  await buildWidgetsIfStale({ log })
  await buildConsoleIfStale({ log })
}
