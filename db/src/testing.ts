import { createHash, randomUUID } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PGliteDialect } from 'kysely'
import pg from 'pg'
import { createDb, type DbHandle, PGLITE_OPTIONS } from './create-db.ts'
import type { Database } from './database.ts'
import type { NewEvent } from './tables/events.ts'
import { migrateToLatest } from './migrate.ts'

export type DialectName = 'pglite' | 'postgres'

/**
 * The databases every database test runs on: PGlite in memory always, and Postgres too when
 * `DATABASE_URL` is set (CI sets it).
 *
 * @example
 * describe.each(DIALECTS)('speakers on %s', (dialect) => { … createTestDb(dialect) … })
 */
export const DIALECTS: DialectName[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

// Test databases are copies of a template migrated once, not migrated one by one: initdb and
// the migrations cost seconds on a loaded machine, a copy costs milliseconds (Postgres) or about
// a second (PGlite). Each copy is still a database of its own, so test files share no data.

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))
const CACHE_DIR = join(tmpdir(), 'event-service-test-templates')
/** Older templates than this, of other migrations, are removed when a new one is made. */
const STALE_TEMPLATE_MS = 24 * 60 * 60 * 1000

/**
 * Names the schema the migrations make: a hash of every file in `db/src/migrations` (the list
 * and each migration's code), so that a new or edited migration gets a new template.
 */
export function migrationsKey(dir: string = MIGRATIONS_DIR): string {
  const hash = createHash('sha256')
  const names = readdirSync(dir)
    .filter((n) => n.endsWith('.ts'))
    .sort()
  for (const name of names)
    hash
      .update(`${name}\0`)
      .update(readFileSync(join(dir, name)))
      .update('\0')
  return hash.digest('hex').slice(0, 16)
}

/** PGlite's version: a data directory is only good for the Postgres build that wrote it. */
function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir)
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version
}

const pgliteKey = () => `pglite-${pgliteVersion()}-${migrationsKey()}`

/** Writes `make(tmp)`'s result at `path` in one rename, so that a reader never sees half of it. */
function publish(path: string, make: (tmp: string) => void | Promise<void>): Promise<void> {
  mkdirSync(CACHE_DIR, { recursive: true })
  const tmp = mkdtempSync(`${path}.partial-`)
  return Promise.resolve(make(tmp))
    .then(() => {
      try {
        renameSync(tmp, path)
      } catch (error) {
        // Another process published the same template first (a directory is not replaced).
        if (!existsSync(path)) throw error
      }
    })
    .finally(() => rmSync(tmp, { recursive: true, force: true }))
}

/** Removes the templates of other migrations made more than a day ago. */
function removeStaleTemplates(current: string): void {
  for (const name of readdirSync(CACHE_DIR)) {
    if (!name.startsWith('pglite-') || name.startsWith(current)) continue
    const path = join(CACHE_DIR, name)
    try {
      if (Date.now() - statSync(path).mtimeMs > STALE_TEMPLATE_MS) rmSync(path, { recursive: true, force: true })
    } catch {
      // Removed by another process meanwhile.
    }
  }
}

let pgliteDump: Promise<Blob> | undefined

/**
 * A dump of a migrated PGlite data directory, made once per set of migrations and kept in the
 * temporary directory for every later test process (and run) to load.
 */
function pgliteTemplate(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const key = pgliteKey()
    const file = join(CACHE_DIR, key, 'pgdata.tar')
    if (!existsSync(file)) {
      await publish(join(CACHE_DIR, key), async (tmp) => {
        const pglite = await PGlite.create('memory://', PGLITE_OPTIONS)
        try {
          await migrateToLatest(new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) }))
          const dump = await pglite.dumpDataDir('none')
          writeFileSync(join(tmp, 'pgdata.tar'), new Uint8Array(await dump.arrayBuffer()))
        } finally {
          await pglite.close()
        }
      })
      removeStaleTemplates(key)
    }
    return new Blob([readFileSync(file)])
  })()
  // A failed attempt (a full disk, say) is tried again by the next caller rather than remembered.
  pgliteDump.catch(() => (pgliteDump = undefined))
  return pgliteDump
}

/**
 * A migrated PGlite data directory (the `pgdata` inside a `DATA_DIR`), made once from the dump
 * for the tests that start whole processes on a `DATA_DIR`; they get a copy each.
 */
async function pgliteTemplateDir(): Promise<string> {
  const dir = join(CACHE_DIR, pgliteKey(), 'data-dir')
  if (!existsSync(dir)) {
    const loadDataDir = await pgliteTemplate()
    await publish(dir, async (tmp) => {
      const pglite = await PGlite.create(join(tmp, 'pgdata'), { ...PGLITE_OPTIONS, loadDataDir })
      await pglite.close()
    })
  }
  return dir
}

const postgresTemplates = new Map<string, Promise<string>>()
/** Serialises the making of Postgres templates across test processes (and concurrent runs). */
const TEMPLATE_LOCK = 0x7e57_da7a

/**
 * The name of a migrated template database on the server of `baseUrl`, `test_template_<key>`,
 * made once per set of migrations under an advisory lock. It takes no connections, so that
 * `create database … template` (which needs it unused) always can copy it.
 */
function postgresTemplate(baseUrl: string): Promise<string> {
  let template = postgresTemplates.get(baseUrl)
  if (!template) {
    template = withAdminClient(baseUrl, async (c) => {
      const name = `test_template_${migrationsKey()}`
      await c.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK])
      try {
        if ((await c.query('select 1 from pg_database where datname = $1', [name])).rowCount) return name
        // Made under another name and renamed when complete: a run killed half-way leaves no
        // template that looks ready.
        const building = `${name}_building`
        await c.query(`drop database if exists ${building} with (force)`)
        await c.query(`create database ${building}`)
        const handle = await createDb({ databaseUrl: databaseUrl(baseUrl, building), maxConnections: 1 })
        try {
          await migrateToLatest(handle.db)
        } finally {
          await handle.close()
        }
        await c.query(`alter database ${building} rename to ${name}`)
        await c.query(`alter database ${name} with is_template true allow_connections false`)
        return name
      } finally {
        await c.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK])
      }
    })
    template.catch(() => postgresTemplates.delete(baseUrl))
    postgresTemplates.set(baseUrl, template)
  }
  return template
}

function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/**
 * Makes the templates that `createTestDb` copies (PGlite's always, Postgres's when `DATABASE_URL`
 * is set), so that the test processes find them ready; Vitest's global set-up calls it once.
 */
export async function prepareTestTemplates(): Promise<void> {
  const baseUrl = process.env.DATABASE_URL
  await Promise.all([pgliteTemplate(), baseUrl ? postgresTemplate(baseUrl) : undefined])
}

/**
 * A freshly migrated, empty database of its own: in-memory PGlite, or a new Postgres database
 * created beside `DATABASE_URL`'s and dropped again by `close()`, so test files never share data.
 * Both are copies of a template migrated once per set of migrations.
 */
export async function createTestDb(dialect: DialectName): Promise<DbHandle & { url?: string }> {
  if (dialect === 'pglite') return createDb({ dataDir: 'memory://', loadDataDir: await pgliteTemplate() })
  const baseUrl = process.env.DATABASE_URL
  if (!baseUrl) throw new Error('DATABASE_URL is not set: the postgres dialect needs a server')
  const template = await postgresTemplate(baseUrl)
  const name = `test_${randomUUID().replaceAll('-', '')}`
  await withAdminClient(baseUrl, (c) => c.query(`create database ${name} template ${template}`))
  const url = databaseUrl(baseUrl, name)
  const handle = await createDb({ databaseUrl: url, maxConnections: 20 })
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close()
      await withAdminClient(baseUrl, (c) => c.query(`drop database if exists ${name} with (force)`))
    },
  }
}

async function withAdminClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/**
 * The environment a whole process (`npm start`, the CLI) needs to open a store of its own: a new
 * Postgres database (`DATABASE_URL`) or a new PGlite data directory (`DATA_DIR`); `cleanup()`
 * drops or deletes it again. Both come migrated, copied from the template, unless `empty` asks
 * for a PGlite directory with nothing in it (to test a first start, which makes the database).
 */
export async function createTestStoreEnv(
  dialect: DialectName,
  prefix: string,
  { empty = false }: { empty?: boolean } = {},
): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  if (dialect === 'postgres') {
    const testDb = await createTestDb('postgres')
    return { env: { DATABASE_URL: testDb.url as string }, cleanup: testDb.close }
  }
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`))
  if (!empty) cpSync(await pgliteTemplateDir(), dir, { recursive: true })
  return { env: { DATA_DIR: dir }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) }
}

/**
 * Inserts an account and an event of it straight into the database (no API in between), for
 * tests below the API. `event` overrides the event's columns: by default a one-instant event
 * in UTC, named E, with neither description nor venue.
 */
export async function insertTestEvent(
  db: Kysely<Database>,
  event: Partial<Omit<NewEvent, 'account_id'>> = {},
): Promise<{ accountId: string; eventId: string }> {
  const account = await db
    .insertInto('accounts')
    .values({ name: 'Test account', plan: 'pro', rate_limit: null })
    .returning('id')
    .executeTakeFirstOrThrow()
  const now = new Date()
  const row = await db
    .insertInto('events')
    .values({ name: 'E', timezone: 'UTC', starts_at: now, ends_at: now, description: null, venue: null, ...event, account_id: account.id })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { accountId: account.id, eventId: row.id }
}
