import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../create-db.ts'
import { createTestDb, DIALECTS } from '../testing.ts'
import type { OutboxRow } from './outbox-columns.ts'
import { claimDue, type InFlightLimit, notifyOutbox, recordOutcome, retryNow } from './outbox-queries.ts'
import { type AttemptResult, type OutboxWorker, startOutboxWorker } from './outbox-worker.ts'

const TABLE = 'test_outbox'
const CHANNEL = 'test_outbox'

type TestRow = OutboxRow & { label: string; account: string; endpoint: string }

const silent = { info() {}, warn() {}, error() {} }

describe.each(DIALECTS)('outbox on %s', (dialect) => {
  let handle: DbHandle
  const workers: OutboxWorker[] = []

  const start = async (
    handler: (row: TestRow, signal: AbortSignal) => Promise<AttemptResult>,
    options: Partial<{ retryDelaysMs: number[]; pollMs: number; concurrency: number; inFlightLimits: InFlightLimit[] }> = {},
  ) => {
    const worker = await startOutboxWorker<TestRow>({
      db: handle.db,
      table: TABLE,
      channel: CHANNEL,
      listen: handle.listen,
      handle: handler,
      retryDelaysMs: options.retryDelaysMs ?? [10, 10],
      leaseMs: 10_000,
      // Long, so that the tests prove NOTIFY and the due-retry timer wake the worker, not the poll.
      pollMs: options.pollMs ?? 60_000,
      concurrency: options.concurrency ?? 4,
      inFlightLimits: options.inFlightLimits ?? [],
      logger: silent,
    })
    workers.push(worker)
    return worker
  }

  const enqueue = async (...labels: string[]): Promise<string[]> =>
    handle.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: string }>`insert into test_outbox (label) select unnest(${labels}::text[]) returning id`.execute(trx)
      await notifyOutbox(trx, CHANNEL)
      return rows.map((r) => r.id)
    })

  /** Rows of one endpoint of one account (the groups of the in-flight limits). */
  const enqueueFor = async (account: string, endpoint: string, count: number): Promise<string[]> =>
    handle.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: string }>`
        insert into test_outbox (label, account, endpoint)
        select ${endpoint} || '-' || n, ${account}, ${endpoint} from generate_series(1, ${count}) n returning id`.execute(trx)
      await notifyOutbox(trx, CHANNEL)
      return rows.map((r) => r.id)
    })

  /** Rows holding a live lease, by `column`. */
  const leasedBy = async (column: 'account' | 'endpoint') =>
    Object.fromEntries(
      (
        await sql<{ grp: string; n: number }>`
          select ${sql.ref(column)} as grp, count(*)::int as n from test_outbox
          where status = 'pending' and lease_expires_at > now() group by 1`.execute(handle.db)
      ).rows.map((r) => [r.grp, r.n]),
    )

  const row = async (id: string) => (await sql<TestRow>`select * from test_outbox where id = ${id}`.execute(handle.db)).rows[0]

  beforeAll(async () => {
    handle = await createTestDb(dialect)
    // The DDL that OutboxColumns documents, plus the table's own column.
    await sql`
      create table test_outbox (
        id uuid primary key default gen_random_uuid(),
        label text not null,
        account text not null default 'account',
        endpoint text not null default 'endpoint',
        status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
        attempts integer not null default 0,
        max_attempts integer,
        next_attempt_at timestamptz not null default now(),
        lease_expires_at timestamptz,
        locked_by text,
        last_attempt_at timestamptz,
        last_error text,
        delivered_at timestamptz,
        created_at timestamptz not null default now()
      )`.execute(handle.db)
    await sql`create index test_outbox_due_idx on test_outbox (next_attempt_at) where status = 'pending'`.execute(handle.db)
  })
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()))
    await sql`delete from test_outbox`.execute(handle.db)
  })
  afterAll(() => handle.close())

  it('attempts each committed row once, woken by NOTIFY', async () => {
    const seen: string[] = []
    await start(async (r) => {
      seen.push(r.label)
      return { outcome: 'delivered' }
    })
    const ids = await enqueue('a', 'b', 'c')
    await expect.poll(async () => (await Promise.all(ids.map(row))).map((r) => r?.status)).toEqual(['delivered', 'delivered', 'delivered'])
    expect(seen.sort()).toEqual(['a', 'b', 'c'])
    const first = await row(ids[0] as string)
    expect(first).toMatchObject({ attempts: 1, locked_by: null, lease_expires_at: null, last_error: null })
    expect(first?.delivered_at).toBeInstanceOf(Date)
  })

  it('wakes nobody for a rolled-back change', async () => {
    let attempts = 0
    await start(async () => {
      attempts++
      return { outcome: 'delivered' }
    })
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into test_outbox (label) values ('rolled back')`.execute(trx)
        await notifyOutbox(trx, CHANNEL)
        throw new Error('roll back')
      })
      .catch(() => {})
    const [id] = await enqueue('committed')
    await expect.poll(async () => (await row(id as string))?.status).toBe('delivered')
    expect(attempts).toBe(1)
    expect((await sql<{ n: number }>`select count(*)::int as n from test_outbox`.execute(handle.db)).rows[0]?.n).toBe(1)
  })

  it('retries a failed attempt on the schedule until it succeeds', async () => {
    let calls = 0
    await start(async () => (++calls < 3 ? { outcome: 'retry', error: `refused ${calls}` } : { outcome: 'delivered' }), {
      retryDelaysMs: [20, 20, 20],
    })
    const [id] = await enqueue('flaky')
    await expect.poll(async () => (await row(id as string))?.status).toBe('delivered')
    expect(await row(id as string)).toMatchObject({ attempts: 3, last_error: null })
  })

  it('marks a row failed after the attempt that follows the last wait', async () => {
    const attempts: number[] = []
    await start(
      async (r) => {
        attempts.push(r.attempts)
        return { outcome: 'retry', error: 'always down' }
      },
      { retryDelaysMs: [5, 5] },
    )
    const [id] = await enqueue('doomed')
    await expect.poll(async () => (await row(id as string))?.status).toBe('failed')
    expect(attempts).toEqual([1, 2, 3])
    expect(await row(id as string)).toMatchObject({ attempts: 3, last_error: 'always down', delivered_at: null, locked_by: null })
  })

  it('gives up at once on a `failed` outcome, and counts a thrown error as a failed attempt', async () => {
    await start(async (r) => {
      if (r.label === 'throws' && r.attempts === 1) throw new Error('bug')
      return r.label === 'gone' ? { outcome: 'failed', error: 'destination gone' } : { outcome: 'delivered' }
    })
    const [gone, throws] = await enqueue('gone', 'throws')
    await expect
      .poll(async () => [(await row(gone as string))?.status, (await row(throws as string))?.status])
      .toEqual(['failed', 'delivered'])
    expect(await row(gone as string)).toMatchObject({ attempts: 1, last_error: 'destination gone' })
    expect(await row(throws as string)).toMatchObject({ attempts: 2 })
  })

  it('takes over a claim whose lease expired and drops the late result of its old holder', async () => {
    const [id] = await enqueue('orphan')
    const [claimed] = await claimDue<TestRow>(handle.db, TABLE, { workerId: 'dead-worker', limit: 10, leaseMs: 60_000 })
    expect(claimed).toMatchObject({ id, attempts: 1, locked_by: 'dead-worker' })
    // Within the lease nobody else may claim it.
    expect(await claimDue(handle.db, TABLE, { workerId: 'other', limit: 10, leaseMs: 60_000 })).toEqual([])
    // The holder died and its lease ran out (moved into the past rather than waited for).
    await sql`update test_outbox set lease_expires_at = now() - interval '1 second' where id = ${id}`.execute(handle.db)
    await start(async () => ({ outcome: 'delivered' }))
    await expect.poll(async () => (await row(id as string))?.status).toBe('delivered')
    expect((await row(id as string))?.attempts).toBe(2)
    expect(await recordOutcome(handle.db, TABLE, id as string, 'dead-worker', { status: 'failed', error: 'late' })).toBe(false)
    expect((await row(id as string))?.status).toBe('delivered')
  })

  it('lets two workers drain one table, each row attempted once', async () => {
    const counts = new Map<string, number>()
    const handler = async (r: TestRow): Promise<AttemptResult> => {
      counts.set(r.label, (counts.get(r.label) ?? 0) + 1)
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5))
      return { outcome: 'delivered' }
    }
    await start(handler)
    await start(handler)
    const labels = Array.from({ length: 120 }, (_, i) => `row-${i}`)
    for (let i = 0; i < labels.length; i += 20) await enqueue(...labels.slice(i, i + 20))
    await expect
      .poll(
        async () =>
          (await sql<{ n: number }>`select count(*)::int as n from test_outbox where status = 'delivered'`.execute(handle.db)).rows[0]?.n,
        {
          timeout: 20_000,
        },
      )
      .toBe(labels.length)
    expect([...counts.values()].every((n) => n === 1)).toBe(true)
    expect(counts.size).toBe(labels.length)
  })

  it('gives rows in flight back untried when it stops', async () => {
    let started!: () => void
    const inFlight = new Promise<void>((resolve) => {
      started = resolve
    })
    const worker = await start(
      (_, signal) =>
        new Promise((_resolve, reject) => {
          started()
          signal.addEventListener('abort', () => reject(new Error('aborted')))
        }),
    )
    const [id] = await enqueue('interrupted')
    await inFlight
    expect((await row(id as string))?.locked_by).toBe(worker.id)
    await worker.stop()
    expect(await row(id as string)).toMatchObject({ status: 'pending', attempts: 0, locked_by: null, lease_expires_at: null })
  })

  it('queues exactly one more attempt of a finished row', async () => {
    let fail = false
    await start(async () => (fail ? { outcome: 'retry', error: 'down now' } : { outcome: 'delivered' }), { retryDelaysMs: [5, 5, 5] })
    const [id] = await enqueue('again')
    await expect.poll(async () => (await row(id as string))?.status).toBe('delivered')
    fail = true
    const queued = await handle.db.transaction().execute(async (trx) => {
      const result = await retryNow(trx, TABLE, id as string)
      await notifyOutbox(trx, CHANNEL)
      return result
    })
    expect(queued).toBe('queued')
    // Exactly one more attempt, not a new schedule.
    await expect.poll(async () => (await row(id as string))?.status).toBe('failed')
    expect(await row(id as string)).toMatchObject({ attempts: 2, max_attempts: 2, last_error: 'down now' })

    expect(await retryNow(handle.db, TABLE, '00000000-0000-4000-8000-000000000000')).toBe('not_found')
  })

  it('keeps each group within its in-flight limit, so a hanging group leaves slots to the others', async () => {
    const started: TestRow[] = []
    const hanging = new Set<() => void>()
    await start(
      (r, signal) => {
        started.push(r)
        // The slow account's attempts hang until released (or the worker stops); the others are delivered at once.
        if (r.account === 'slow')
          return new Promise((resolve, reject) => {
            hanging.add(() => resolve({ outcome: 'delivered' }))
            signal.addEventListener('abort', () => reject(new Error('stopped')))
          })
        return Promise.resolve({ outcome: 'delivered' })
      },
      {
        concurrency: 8,
        inFlightLimits: [
          { column: 'endpoint', max: 2 },
          { column: 'account', max: 3 },
        ],
      },
    )
    // Enqueued first, so a plain first-in-first-out claim would give the slow account every slot.
    await enqueueFor('slow', 'slow-1', 5)
    await enqueueFor('slow', 'slow-2', 5)
    const [other] = await enqueueFor('other', 'other-1', 1)
    await expect.poll(async () => (await row(other as string))?.status, { timeout: 10_000 }).toBe('delivered')
    // While the other account's row was delivered, the slow account held 3 leases (its account's
    // cap), at most 2 on one endpoint, and nothing more was tried.
    expect(await leasedBy('account')).toEqual({ slow: 3 })
    const perEndpoint = await leasedBy('endpoint')
    expect(Object.values(perEndpoint).every((n) => n <= 2)).toBe(true)
    expect(started.filter((r) => r.account === 'slow')).toHaveLength(3)

    // Each finishing attempt lets the next held-back row through (the poll is a minute away).
    const drain = setInterval(() => {
      for (const release of hanging) {
        hanging.delete(release)
        release()
      }
    }, 5)
    try {
      await expect
        .poll(
          async () =>
            (await sql<{ n: number }>`select count(*)::int as n from test_outbox where status = 'delivered'`.execute(handle.db)).rows[0]?.n,
          { timeout: 10_000 },
        )
        .toBe(11)
    } finally {
      clearInterval(drain)
    }
  })

  it('ranks the account cap among the rows its endpoints let through, so one endpoint does not use up its account', async () => {
    // Endpoint a-1's backlog is older, yet a-2 gets the account's second slot.
    await enqueueFor('a', 'a-1', 6)
    const [second] = await enqueueFor('a', 'a-2', 1)
    const claimed = await claimDue<TestRow>(handle.db, TABLE, {
      workerId: 'w',
      limit: 10,
      leaseMs: 60_000,
      limits: [
        { column: 'endpoint', max: 1 },
        { column: 'account', max: 2 },
      ],
    })
    expect(claimed.map((r) => r.endpoint).sort()).toEqual(['a-1', 'a-2'])
    expect(claimed.map((r) => r.id)).toContain(second)
    // The caps count live leases of every worker: nothing more until one ends.
    expect(
      await claimDue(handle.db, TABLE, { workerId: 'x', limit: 10, leaseMs: 60_000, limits: [{ column: 'endpoint', max: 1 }] }),
    ).toEqual([])
  })

  it('refuses to queue a row that is being attempted', async () => {
    const [id] = await enqueue('busy')
    await claimDue(handle.db, TABLE, { workerId: 'holder', limit: 1, leaseMs: 60_000 })
    expect(await retryNow(handle.db, TABLE, id as string)).toBe('in_flight')
    expect((await row(id as string))?.next_attempt_at).toBeInstanceOf(Date)
  })
})
