import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely'
import pg from 'pg'
import lockfile from 'proper-lockfile'
import type { Database } from './database.ts'
import { createPostgresListener } from './postgres-listener.ts'

/** Where the data lives: Postgres when `databaseUrl` is set, otherwise PGlite in `dataDir`. */
export interface DbConfig {
  databaseUrl?: string | undefined
  /** PGlite directory, or `memory://` for an in-memory database. Default `./.data`. */
  dataDir?: string | undefined
  /** Pool size on Postgres. */
  maxConnections?: number
  /**
   * PGlite only: start from this dump of a data directory (PGlite's `dumpDataDir()`) instead of
   * an empty one; tests copy a migrated template this way rather than run initdb each time.
   */
  loadDataDir?: Blob | undefined
}

/** Called with each NOTIFY payload; `onReconnect` after a lost listening connection came back. */
export interface ListenHandlers {
  onMessage(payload: string): void
  onReconnect?(): void
}

/**
 * Stops listening when called. `sync()` resolves once every notification committed before the
 * call has been delivered to `onMessage` (rejects while the connection is down): a cache
 * invalidated by NOTIFY can await it to be sure it is not behind a change another process just made.
 */
export type Listening = (() => Promise<void>) & { sync(): Promise<void> }

/** A database connection and the few things that differ between PGlite and Postgres. */
export interface DbHandle {
  db: Kysely<Database>
  kind: 'pglite' | 'postgres'
  /** Listens on `channel` over a dedicated connection; resolves to a function that stops. */
  listen(channel: string, handlers: ListenHandlers): Promise<Listening>
  /** Closes every connection (and releases the PGlite directory lock). */
  close(): Promise<void>
}

const INT8_OID = 20

/**
 * Counts and bigint columns come back as JavaScript numbers on both dialects, so the rest of the
 * code never sees strings for numbers (2^53 is far beyond any count we keep).
 */
pg.types.setTypeParser(INT8_OID, (v) => Number(v))

/** Thrown when another process already has the PGlite directory open. */
export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `The embedded database in ${dataDir} is in use by another process (is \`npm start\` running?). ` +
        'PGlite can be opened by one process at a time: stop that process, or use another DATA_DIR.',
    )
    this.name = 'DataDirLockedError'
  }
}

/** `listen` of each open handle, by its Kysely instance. */
const listeners = new WeakMap<Kysely<Database>, DbHandle['listen']>()

/**
 * `listen` of the handle that opened `db`, for code that was handed only the Kysely instance
 * (the admin API's delivery worker: `createAdminApp({db})`); undefined for a Kysely instance
 * that `createDb` did not make.
 */
export function listenerOf(db: Kysely<Database>): DbHandle['listen'] | undefined {
  return listeners.get(db)
}

function registered(handle: DbHandle): DbHandle {
  listeners.set(handle.db, handle.listen)
  return handle
}

/**
 * Opens the database named by the configuration.
 *
 * @example
 * const { db, close } = await createDb({ dataDir: 'memory://' })
 */
export async function createDb(config: DbConfig = {}): Promise<DbHandle> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.maxConnections ?? 10)
    : openPglite(config.dataDir ?? './.data', config.loadDataDir)
}

/**
 * What every PGlite of ours is opened with: the trigram extension the schema needs, and int8 as
 * a number. Exported for the test templates (`testing.ts`), which must match what they copy into.
 */
export const PGLITE_OPTIONS = {
  extensions: { pg_trgm },
  parsers: { [INT8_OID]: (v: string) => Number(v) },
}

/**
 * How long a query waits for a connection: to open one, or for one of the pool to come free.
 * Without it, a request waits as long as the operating system keeps trying to reach a Postgres
 * that does not answer; with it, the request fails fast and is answered 503.
 */
export const CONNECTION_TIMEOUT_MS = 5_000

async function openPostgres(connectionString: string, max: number): Promise<DbHandle> {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: CONNECTION_TIMEOUT_MS })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  // Nor a client in use (pg-pool listens only while a client is idle): its query fails, and the
  // pool drops the client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}))
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return registered({
    db,
    kind: 'postgres',
    listen: (channel, handlers) => createPostgresListener(connectionString, channel, handlers),
    close: () => db.destroy(),
  })
}

async function openPglite(dataDir: string, loadDataDir: Blob | undefined): Promise<DbHandle> {
  const inMemory = dataDir.startsWith('memory://')
  let release: (() => Promise<void>) | undefined
  if (!inMemory) {
    const dir = resolve(dataDir)
    mkdirSync(dir, { recursive: true })
    try {
      // A lock whose holder was killed goes stale after a few seconds; waiting a little longer
      // than that lets a restart after `kill -9` succeed while a live holder is still refused.
      release = await lockfile.lock(dir, {
        lockfilePath: resolve(dir, 'pglite.lock'),
        stale: 5000,
        update: 2000,
        retries: { retries: 7, factor: 1, minTimeout: 1000, maxTimeout: 1000 },
      })
    } catch {
      throw new DataDirLockedError(dir)
    }
  }
  const pglite = await PGlite.create(inMemory ? dataDir : resolve(dataDir, 'pgdata'), {
    ...PGLITE_OPTIONS,
    ...(loadDataDir ? { loadDataDir } : {}),
  })
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) })
  return registered({
    db,
    kind: 'pglite',
    listen: async (channel, handlers) => {
      // PGlite runs in this process: its connection cannot drop, so there is no reconnect.
      const stop = await pglite.listen(channel, handlers.onMessage)
      const stopListening = async () => {
        if (!pglite.closed) await stop()
      }
      // PGlite hands notifications to listeners (as microtasks) before the committing query
      // resolves, so every writer in this process has been heard by then.
      return Object.assign(stopListening, { sync: async () => {} })
    },
    close: async () => {
      await db.destroy()
      await release?.()
    },
  })
}
