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

  it('runs a sync asked for again while it runs after the run under way, never beside it', async () => {
    const worker = await start(first)
    try {
      const [eventId] = await following(['/held'])
      worker.wake()
      const until = (what: string, ok: () => boolean | Promise<boolean>) =>
        vi.waitFor(
          async () => {
            if (!(await ok())) throw new Error(what)
          },
          { timeout: 20_000, interval: 20 },
        )
      await until('not fetching yet', () => source.held.length === 1)
      // "Sync now" while the first run still waits for its source, and a second event due just
      // after it: one claim takes both, and the second event's run ending shows that the worker got
      // past the first event's new run, which must wait rather than fetch beside the one under way.
      const [marker] = await following(['/nothing-here?marker'])
      const now = Date.now()
      await first.db
        .updateTable('event_syncs')
        .set({ next_run_at: new Date(now - 2000) })
        .where('event_id', '=', eventId as string)
        .execute()
      await first.db
        .updateTable('event_syncs')
        .set({ next_run_at: new Date(now - 1000) })
        .where('event_id', '=', marker as string)
        .execute()
      worker.wake()
      await until('the marker has not run', async () => (await syncsOf([marker as string]))[0]?.last_result === 'failed')
      expect((await syncsOf([eventId as string]))[0]?.next_run_at.getTime()).toBeGreaterThan(Date.now())
      expect(source.held).toHaveLength(1)
      source.held[0]?.writeHead(500).end()
      await until('the second run has not fetched', () => source.held.length === 2)
      source.held[1]?.writeHead(500).end()
      await until('not recorded', async () => (await syncsOf([eventId as string]))[0]?.last_result === 'failed')
    } finally {
      await worker.stop()
    }
  })

  it('stops a run under way and the one waiting for it', async () => {
    const worker = await start(first, 600_000)
    const [eventId] = await following(['/hangs?again'])
    worker.wake()
    const fetches = () => source.requests.filter((r) => r.path === '/hangs?again').length
    await vi.waitFor(
      () => {
        if (fetches() === 0) throw new Error('not fetching yet')
      },
      { timeout: 20_000, interval: 20 },
    )
    // "Sync now" while the first run still waits for its source.
    await first.db
      .updateTable('event_syncs')
      .set({ next_run_at: new Date(Date.now() - 1000) })
      .where('event_id', '=', eventId as string)
      .execute()
    worker.wake()
    await vi.waitFor(
      async () => {
        const [row] = await syncsOf([eventId as string])
        if ((row?.next_run_at.getTime() ?? 0) < Date.now()) throw new Error('not claimed again yet')
      },
      { timeout: 20_000, interval: 20 },
    )
    // Within the test's time: stopping aborts the fetch under way, not only the run waiting for it.
    await worker.stop()
    expect(fetches()).toBe(1)
  })
})
