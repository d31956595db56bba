import { createDb, type DbHandle } from '@event-service/db'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type ScheduleSource, startScheduleSource } from './schedule-source.ts'
import { startSyncWorker, type SyncWorker } from './sync-worker.ts'

const logger = pino({ level: 'silent' })

describe.each(DIALECTS)('the sync worker on %s', (dialect) => {
  let first: DbHandle & { url?: string }
  /** A second instance's connection (on PGlite, the same one: the claims are the same statements). */
  let second: DbHandle
  let source: ScheduleSource
  let accountId: string

  beforeAll(async () => {
    source = await startScheduleSource()
    first = await createTestDb(dialect)
    second = first.url ? await createDb({ databaseUrl: first.url }) : first
    ;({ id: accountId } = await first.db
      .insertInto('accounts')
      .values({ name: 'Syncs', plan: 'pro' })
      .returning('id')
      .executeTakeFirstOrThrow())
  })
  afterAll(async () => {
    if (second !== first) await second.close()
    await first.close()
    await source.close()
  })

  const start = (handle: DbHandle, fetchTimeoutMs = 10_000) =>
    startSyncWorker({ db: handle.db, listen: handle.listen, allowPrivate: true, fetchTimeoutMs, logger })

  /** New events of the account, each following `path` of the source, due now. */
  const following = async (paths: string[]) => {
    const ids: string[] = []
    for (const path of paths) {
      const event = await first.db
        .insertInto('events')
        .values({
          account_id: accountId,
          name: path,
          timezone: 'UTC',
          starts_at: new Date('2026-06-01T09:00:00Z'),
          ends_at: new Date('2026-06-02T18:00:00Z'),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await first.db
        .insertInto('event_syncs')
        .values({
          event_id: event.id,
          account_id: accountId,
          url: `${source.origin}${path}`,
          format: 'auto',
          every_seconds: 3600,
          removed: 'cancel',
        })
        .execute()
      ids.push(event.id)
    }
    return ids
  }
  const syncsOf = (ids: string[]) => first.db.selectFrom('event_syncs').selectAll().where('event_id', 'in', ids).execute()

  it('runs each due sync once between two instances, and moves it one interval on', async () => {
    const paths = Array.from({ length: 10 }, (_, i) => `/nothing-here?n=${i}`)
    const workers: SyncWorker[] = [await start(first), await start(second)]
    try {
      const ids = await following(paths)
      // Written here without the NOTIFY the settings' routes send: wake them by hand.
      for (const w of workers) w.wake()
      const rows = await vi.waitFor(
        async () => {
          const rows = await syncsOf(ids)
          if (rows.some((r) => r.last_run_at === null)) throw new Error('not all synced yet')
          return rows
        },
        { timeout: 20_000, interval: 50 },
      )
      expect(rows.every((r) => r.last_result === 'failed')).toBe(true)
      for (const row of rows) expect(row.next_run_at.getTime()).toBeGreaterThan(Date.now() + 3_500_000)
    } finally {
      await Promise.all(workers.map((w) => w.stop()))
    }
    const fetched = source.requests.filter((r) => r.path.startsWith('/nothing-here?')).map((r) => r.path)
    expect(fetched.sort()).toEqual([...paths].sort())
  })

  it('stops a fetch under way when it stops, and leaves the sync due for the next start, with nothing recorded', async () => {
    const worker = await start(first, 600_000)
    const [eventId] = await following(['/hangs'])
    worker.wake()
    await vi.waitFor(
      () => {
        if (!source.requests.some((r) => r.path === '/hangs')) throw new Error('not fetching yet')
      },
      { timeout: 20_000, interval: 20 },
    )
    await worker.stop()
    const [row] = await syncsOf([eventId as string])
    expect(row).toMatchObject({ last_run_at: null, last_result: null })
    expect(row?.next_run_at.getTime()).toBeLessThanOrEqual(Date.now())
  })
})
