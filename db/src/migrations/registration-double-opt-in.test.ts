import { sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../create-db.ts'
import { createTestDb, DIALECTS, insertTestEvent } from '../testing.ts'
import { migrations } from './index.ts'

const NAME = '2026-11-27T09-00-registration-double-opt-in'

/** The double opt-in migration, down and up again, on data that only the new schema allows. */
describe.each(DIALECTS)('migration %s on %s', (dialect) => {
  let handle: DbHandle
  beforeAll(async () => {
    handle = await createTestDb(dialect)
  })
  afterAll(() => handle?.close())

  it('goes down to one registration per address (the active one kept, pending ones cancelled) and up again', async () => {
    const { db } = handle
    const { accountId, eventId } = await insertTestEvent(db)
    const confirmation = async () =>
      (await db.selectFrom('events').select('registration_confirmation').where('id', '=', eventId).executeTakeFirstOrThrow())
        .registration_confirmation
    expect(await confirmation()).toBe('email')
    const add = (email: string, status: 'pending' | 'registered' | 'expired' | 'cancelled') =>
      db
        .insertInto('registrations')
        .values({ account_id: accountId, event_id: eventId, name: 'N', email, ticket_id: null, status })
        .execute()
    await add('ada@example.org', 'expired')
    await add('ada@example.org', 'registered')
    await add('ADA@example.org', 'pending')
    await add('lin@example.org', 'pending')
    await add('lin@example.org', 'pending')

    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
    // Back to this migration first: later ones are not what this test is about.
    expect((await migrator.migrateTo('2026-11-27T09-00-registration-double-opt-in')).error).toBeUndefined()
    const down = await migrator.migrateDown()
    expect(down.error).toBeUndefined()
    expect(down.results?.map((r) => [r.migrationName, r.status])).toEqual([[NAME, 'Success']])
    const rows = await sql<{ email: string; status: string }>`select email, status from registrations order by email`.execute(db)
    expect(rows.rows).toEqual([
      { email: 'ada@example.org', status: 'registered' },
      { email: 'lin@example.org', status: 'cancelled' },
    ])

    const up = await migrator.migrateToLatest()
    expect(up.error).toBeUndefined()
    // Up again, the events that were there confirm by email too, and an address may repeat in pending registrations.
    expect(await confirmation()).toBe('email')
    await add('lin@example.org', 'pending')
    await add('lin@example.org', 'pending')
    await expect(add('ada@example.org', 'registered')).rejects.toThrow()
  })
})
