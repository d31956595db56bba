import { type QueryExecutorProvider, type RawBuilder, sql } from 'kysely'
import type { OutboxRow } from './outbox-columns.ts'

/** A `Kysely` instance or a transaction: anything raw SQL runs on. */
export type Executor = QueryExecutorProvider

/** Extra columns of the outbox table to set with an outcome (e.g. `last_status_code`). */
export type ExtraColumns = Record<string, string | number | boolean | null>

const ms = (value: number) => sql`(${value}::double precision * interval '1 millisecond')`

function assignments(columns: ExtraColumns): RawBuilder<unknown>[] {
  return Object.entries(columns).map(([name, value]) => sql`${sql.ref(name)} = ${value}`)
}

/**
 * Wakes every worker draining `channel` (delivered at commit, so call it inside the transaction
 * that wrote the rows: a rolled-back change wakes nobody).
 */
export async function notifyOutbox(db: Executor, channel: string): Promise<void> {
  await sql`select pg_notify(${channel}, '')`.execute(db)
}

/**
 * Claims up to `limit` due rows for `workerId` in one statement: pending, due, and not leased by
 * a live attempt (a lease that expired belongs to a worker that died or hung, and is taken over).
 * `FOR UPDATE SKIP LOCKED` lets concurrent claimers on Postgres pass each other's rows instead
 * of waiting or taking them twice. Each claimed row's `attempts` grows by one now, so an attempt
 * cut short by a crash still counts.
 */
export async function claimDue<R extends OutboxRow>(
  db: Executor,
  table: string,
  options: { workerId: string; limit: number; leaseMs: number },
): Promise<R[]> {
  const t = sql.table(table)
  const { rows } = await sql<R>`
    update ${t} as o
    set attempts = o.attempts + 1, locked_by = ${options.workerId}, last_attempt_at = now(),
      lease_expires_at = now() + ${ms(options.leaseMs)}
    where o.id in (
      select id from ${t}
      where status = 'pending' and next_attempt_at <= now() and (lease_expires_at is null or lease_expires_at <= now())
      order by next_attempt_at, id
      limit ${options.limit}
      for update skip locked)
    returning o.*`.execute(db)
  return rows
}

/** How an attempt ended, as the worker records it. */
export type RecordedOutcome =
  | { status: 'delivered'; columns?: ExtraColumns }
  | { status: 'pending'; retryInMs: number; error: string; columns?: ExtraColumns }
  | { status: 'failed'; error: string; columns?: ExtraColumns }

/**
 * Records the outcome of `workerId`'s attempt and ends its lease. Fenced by `locked_by`: when the
 * lease ran out and another worker took the row over, this late result is dropped (false) and the
 * other worker's attempt decides.
 */
export async function recordOutcome(db: Executor, table: string, id: string, workerId: string, outcome: RecordedOutcome): Promise<boolean> {
  const set = [sql`status = ${outcome.status}`, sql`lease_expires_at = null`, sql`locked_by = null`, ...assignments(outcome.columns ?? {})]
  if (outcome.status === 'delivered') set.push(sql`delivered_at = now()`, sql`last_error = null`)
  else set.push(sql`last_error = ${outcome.error}`)
  if (outcome.status === 'pending') set.push(sql`next_attempt_at = now() + ${ms(outcome.retryInMs)}`)
  const result = await sql`update ${sql.table(table)} set ${sql.join(set)} where id = ${id} and locked_by = ${workerId}`.execute(db)
  return Number(result.numAffectedRows ?? 0) > 0
}

/**
 * Gives claimed rows back without an outcome (the worker is stopping): the lease ends now and the
 * attempt is not counted, so another worker, or this one after a restart, attempts them at once.
 */
export async function releaseClaim(db: Executor, table: string, id: string, workerId: string): Promise<void> {
  await sql`
    update ${sql.table(table)}
    set lease_expires_at = null, locked_by = null, attempts = greatest(attempts - 1, 0)
    where id = ${id} and locked_by = ${workerId}`.execute(db)
}

/**
 * Milliseconds until the next pending row becomes claimable (0 when one is due now), or null when
 * nothing is pending. Computed by the database, so the clocks of the instances do not matter.
 */
export async function msUntilNextDue(db: Executor, table: string): Promise<number | null> {
  const { rows } = await sql<{ wait_ms: number | string | null }>`
    select greatest(0, extract(epoch from (min(greatest(next_attempt_at, lease_expires_at)) - now())) * 1000) as wait_ms
    from ${sql.table(table)} where status = 'pending'`.execute(db)
  const wait = rows[0]?.wait_ms
  return wait === null || wait === undefined ? null : Math.ceil(Number(wait))
}

/** What `retryNow` did. */
export type RetryNowResult = 'queued' | 'in_flight' | 'not_found'

/**
 * Queues one more attempt of a row now. A delivered or failed row gets exactly one more attempt
 * (`max_attempts = attempts + 1`); a pending one is moved forward and keeps its schedule. A row
 * being attempted right now is left alone (`in_flight`). `where` narrows the row further (e.g.
 * to the caller's account). Call `notifyOutbox` in the same transaction to wake a worker.
 */
export async function retryNow(db: Executor, table: string, id: string, where: RawBuilder<boolean> = sql`true`): Promise<RetryNowResult> {
  const t = sql.table(table)
  const { rows } = await sql<{ in_flight: boolean; queued: boolean }>`
    with target as (
      select id, status, lease_expires_at is not null and lease_expires_at > now() as in_flight
      from ${t} where id = ${id} and ${where} for update),
    queued as (
      update ${t} as o
      set next_attempt_at = now(),
        max_attempts = case when o.status = 'pending' then o.max_attempts else o.attempts + 1 end,
        status = 'pending'
      from target where o.id = target.id and not target.in_flight
      returning o.id)
    select target.in_flight, exists (select 1 from queued) as queued from target`.execute(db)
  const row = rows[0]
  if (!row) return 'not_found'
  return row.queued ? 'queued' : 'in_flight'
}
