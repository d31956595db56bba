import type { Kysely } from 'kysely'
import { Migrator, NO_MIGRATIONS } from 'kysely/migration'
import type { Database } from './database.ts'
import { migrations } from './migrations/index.ts'

function migratorFor(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } })
}

/** Brings the schema up to date; throws (with the failing migration's name) when one fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const { error, results } = await migratorFor(db).migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error) {
    const where = failed ? ` in migration ${failed.migrationName}` : ''
    throw new Error(`Database migration failed${where}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    })
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

/** Undoes every migration (used by `npm run seed -- --reset` and tests of `down()`). */
export async function migrateDownToZero(db: Kysely<Database>): Promise<void> {
  const { error } = await migratorFor(db).migrateTo(NO_MIGRATIONS)
  if (error) throw new Error(`Database rollback failed: ${String(error)}`, { cause: error })
}
