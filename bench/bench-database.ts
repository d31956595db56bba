import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDb, type DbHandle, migrateToLatest } from '@event-service/db'
import { createTestDb } from '@event-service/db/testing.ts'

/**
 * A fresh, migrated database for one benchmark: a database of its own on the Postgres server of
 * `DATABASE_URL` when it is set, else PGlite on disk in a temporary folder (on disk, as `npm start`
 * runs it, rather than in memory); `kind` asks for one of them (a benchmark of both). `cleanup`
 * closes it and removes what it made.
 */
export async function openBenchDatabase(
  name: string,
  kind: 'pglite' | 'postgres' = process.env.DATABASE_URL ? 'postgres' : 'pglite',
): Promise<{ handle: DbHandle; cleanup: () => Promise<void> }> {
  if (kind === 'postgres') {
    const handle = await createTestDb('postgres')
    return { handle, cleanup: () => handle.close() }
  }
  const dir = mkdtempSync(join(tmpdir(), `${name}-bench-`))
  const handle = await createDb({ dataDir: dir })
  await migrateToLatest(handle.db)
  return {
    handle,
    cleanup: async () => {
      await handle.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
