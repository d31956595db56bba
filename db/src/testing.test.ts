import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { createDb } from './create-db.ts'
import { migrateToLatest } from './migrate.ts'
import { migrations } from './migrations/index.ts'
import { createTestDb, createTestStoreEnv, DIALECTS, migrationsKey } from './testing.ts'

describe('migrationsKey', () => {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-key-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('changes when a migration is added or edited, so that a template never lacks one', () => {
    cpSync(fileURLToPath(new URL('./migrations/', import.meta.url)), dir, { recursive: true })
    const before = migrationsKey(dir)
    expect(migrationsKey(dir)).toBe(before)
    writeFileSync(join(dir, '2099-01-01T00-00-later.ts'), 'export async function up() {}\n')
    const added = migrationsKey(dir)
    expect(added).not.toBe(before)
    writeFileSync(join(dir, '2099-01-01T00-00-later.ts'), 'export async function up() { /* edited */ }\n')
    expect(migrationsKey(dir)).not.toBe(added)
  })
})

describe.each(DIALECTS)('test databases on %s', (dialect) => {
  it('come with every migration applied', async () => {
    const handle = await createTestDb(dialect)
    try {
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db)
      expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort())
      expect(await migrateToLatest(handle.db)).toEqual([])
    } finally {
      await handle.close()
    }
  })

  it('are each a database of their own', async () => {
    const [a, b] = await Promise.all([createTestDb(dialect), createTestDb(dialect)])
    try {
      await a.db.insertInto('accounts').values({ name: 'Only in a', plan: 'free' }).execute()
      expect(await b.db.selectFrom('accounts').select('name').execute()).toEqual([])
      expect(await a.db.selectFrom('accounts').select('name').execute()).toEqual([{ name: 'Only in a' }])
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })

  it('give a process a migrated store of its own', async () => {
    const stores = await Promise.all([createTestStoreEnv(dialect, 'store-a'), createTestStoreEnv(dialect, 'store-b')])
    try {
      expect(stores[0].env).not.toEqual(stores[1].env)
      for (const { env } of stores) {
        const handle = await createDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
        try {
          expect(await migrateToLatest(handle.db)).toEqual([])
        } finally {
          await handle.close()
        }
      }
    } finally {
      await Promise.all(stores.map((s) => s.cleanup()))
    }
  })
})

describe('an empty store', () => {
  it('is an empty directory that the first start makes a database in', async () => {
    const { env, cleanup } = await createTestStoreEnv('pglite', 'store-empty', { empty: true })
    try {
      const handle = await createDb({ dataDir: env.DATA_DIR })
      try {
        expect(await migrateToLatest(handle.db)).toEqual(Object.keys(migrations).sort())
      } finally {
        await handle.close()
      }
    } finally {
      await cleanup()
    }
  })
})
