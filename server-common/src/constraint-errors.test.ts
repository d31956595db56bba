import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSTRAINTS, constraintError } from './constraint-errors.ts'

describe.each(DIALECTS)('constraint errors (%s)', (dialect) => {
  let handle: Awaited<ReturnType<typeof createTestDb>>
  beforeAll(async () => {
    handle = await createTestDb(dialect)
  })
  afterAll(() => handle.close())

  it('map every check and unique constraint of the migrated schema, and no other', async () => {
    // Primary keys are left out: every one is generated or composed of generated ids.
    const { rows } = await sql<{ name: string }>`
      select conname as name from pg_constraint
       where connamespace = 'public'::regnamespace and contype in ('c', 'u', 'x')
      union
      select i.relname from pg_index x join pg_class i on i.oid = x.indexrelid
       where i.relnamespace = 'public'::regnamespace and x.indisunique and not x.indisprimary
         and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
    `.execute(handle.db)
    expect(Object.keys(CONSTRAINTS).sort()).toEqual(rows.map((r) => r.name).sort())
  })

  it('turn a real violation into the field error the table names', async () => {
    const err = await handle.db
      .insertInto('accounts')
      .values({ name: 'A', plan: 'free', rate_limit: null })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((account) =>
        handle.db
          .insertInto('events')
          .values({
            account_id: account.id,
            name: 'Backwards',
            description: null,
            venue: null,
            timezone: 'UTC',
            starts_at: new Date('2030-01-02T00:00:00Z'),
            ends_at: new Date('2030-01-01T00:00:00Z'),
            tickets: '[]',
            questions: '[]',
          })
          .execute(),
      )
      .catch((e: unknown) => e)
    const apiError = constraintError(err)
    expect(apiError?.status).toBe(400)
    expect(apiError?.details).toEqual({ fields: [{ path: 'ends_at', message: 'ends_at must not be before starts_at' }] })
  })
})

describe('constraintError', () => {
  it('leaves an unknown or internal constraint to the 500 of a bug', () => {
    expect(constraintError({ code: '23514', constraint: 'new_unmapped_check' })).toBeUndefined()
    expect(constraintError({ code: '23505', constraint: 'api_keys_key_hash_key' })).toBeUndefined()
    expect(constraintError({ code: '23505', constraint: 'constructor' })).toBeUndefined()
  })

  it('answers a unique violation of a mapped constraint with 409 CONFLICT', () => {
    expect(constraintError({ code: '23505', constraint: 'speakers_event_email_key' })?.status).toBe(409)
  })
})
