import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { createDb, DataDirLockedError } from './create-db.ts'
import { migrateToLatest } from './migrate.ts'
import { createTestDb, DIALECTS, insertTestEvent } from './testing.ts'

describe.each(DIALECTS)('schema on %s', (dialect) => {
  it('upserts one speaker per event and case-insensitive email', async () => {
    const { db, close } = await createTestDb(dialect)
    try {
      const { accountId, eventId } = await insertTestEvent(db)
      const insert = (email: string) =>
        db
          .insertInto('speakers')
          .values({
            account_id: accountId,
            event_id: eventId,
            email,
            name: 'N',
            title: null,
            company: 'Acme',
            bio: null,
            photo_url: null,
          })
          .onConflict((oc) => oc.expression(sql`event_id, lower(email)`).doUpdateSet({ name: 'Updated' }))
          .execute()
      await insert('Ada@Example.com')
      await insert('ada@example.COM')
      const rows = await db.selectFrom('speakers').selectAll().execute()
      expect(rows).toHaveLength(1)
      expect(rows[0]?.search_text).toBe('updated\nada@example.com\nacme')
      expect(rows[0]?.tags).toEqual([])
    } finally {
      await close()
    }
  })

  it('announces changes with NOTIFY in the changing transaction', async () => {
    const handle = await createTestDb(dialect)
    const messages: unknown[] = []
    const stop = await handle.listen('embed_changes', { onMessage: (p) => messages.push(JSON.parse(p)) })
    try {
      const { eventId } = await insertTestEvent(handle.db)
      await expect.poll(() => messages).toContainEqual({ kind: 'event', event_id: eventId, table: 'events' })
    } finally {
      await stop()
      await handle.close()
    }
  })
})

describe('PGlite on disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pglite-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('refuses a second process-level open of one directory, and reopens with the data after close', async () => {
    const first = await createDb({ dataDir: dir })
    await migrateToLatest(first.db)
    await first.db.insertInto('accounts').values({ name: 'Kept', plan: 'free', rate_limit: null }).execute()
    await expect(createDb({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError)
    await first.close()
    const second = await createDb({ dataDir: dir })
    try {
      const rows = await second.db.selectFrom('accounts').select('name').execute()
      expect(rows).toEqual([{ name: 'Kept' }])
    } finally {
      await second.close()
    }
    // The refused open waits out the lock's retries (about 7 s) before it gives up: generous on a busy machine.
  }, 90_000)
})
