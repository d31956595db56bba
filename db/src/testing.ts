import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { createDb, type DbHandle } from './create-db.ts'
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

/**
 * A freshly migrated, empty database of its own: in-memory PGlite, or a new Postgres database
 * created beside `DATABASE_URL`'s and dropped again by `close()`, so test files never share data.
 */
export async function createTestDb(dialect: DialectName): Promise<DbHandle & { url?: string }> {
  if (dialect === 'pglite') {
    const handle = await createDb({ dataDir: 'memory://' })
    await migrateToLatest(handle.db)
    return handle
  }
  const baseUrl = process.env.DATABASE_URL
  if (!baseUrl) throw new Error('DATABASE_URL is not set: the postgres dialect needs a server')
  const name = `test_${randomUUID().replaceAll('-', '')}`
  await withAdminClient(baseUrl, (c) => c.query(`create database ${name}`))
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  const handle = await createDb({ databaseUrl: url.toString(), maxConnections: 20 })
  await migrateToLatest(handle.db)
  return {
    ...handle,
    url: url.toString(),
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
 * drops or deletes it again.
 */
export async function createTestStoreEnv(
  dialect: DialectName,
  prefix: string,
): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  if (dialect === 'postgres') {
    const testDb = await createTestDb('postgres')
    return { env: { DATABASE_URL: testDb.url as string }, cleanup: testDb.close }
  }
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`))
  return { env: { DATA_DIR: dir }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) }
}
