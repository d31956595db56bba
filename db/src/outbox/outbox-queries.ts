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
 * A cap on the rows of one group in flight at once, over every worker: at most `max` rows with
 * the same value of `column` (e.g. `webhook_id`) hold a live lease at any time.
 */
export interface InFlightLimit {
  column: string
  max: number
}

/** A pending row that no live lease holds and whose time has come. */
const claimable = sql`status = 'pending' and next_attempt_at <= now() and (lease_expires_at is null or lease_expires_at <= now())`

/**
 * The ids of the due rows that `limits` let through, earliest first: per limit in turn, the due
 * rows of each group ranked by due time, kept while the group's live leases plus their rank stay
 * within its `max`. Each limit ranks only the rows the previous one kept, so one endpoint's backlog
 * does not use up its account's share. Reads the leases of every worker, so the caps hold across
 * processes (see `claimDue`).
 */
function fairDueIds(table: string, limits: readonly InFlightLimit[], limit: number): RawBuilder<unknown> {
  const t = sql.table(table)
  // Only the columns the ranking needs travel through the steps (never a row's payload).
  const names = ['id', 'next_attempt_at', ...new Set(limits.map((cap) => cap.column))]
  const columns = (alias: string) => sql.join(names.map((name) => sql.ref(`${alias}.${name}`)))
  const ctes: RawBuilder<unknown>[] = [sql`due_0 as (select ${columns('s')} from ${t} as s where ${claimable})`]
  limits.forEach((cap, i) => {
    const column = sql.ref(cap.column)
    const leased = sql.raw(`leased_${i + 1}`)
    ctes.push(
      sql`${leased} as (
        select ${column} as grp, count(*) as n from ${t}
        where status = 'pending' and lease_expires_at > now() group by ${column})`,
      // Groups at their cap are dropped before the sort: usually most of the due rows.
      sql`${sql.raw(`due_${i + 1}`)} as (
        select ${columns('ranked')} from (
          select d.*, coalesce(l.n, 0) as fair_leased,
            row_number() over (partition by ${sql.ref(`d.${cap.column}`)} order by d.next_attempt_at, d.id) as fair_rank
          from ${sql.raw(`due_${i}`)} d
          left join ${leased} l on l.grp = ${sql.ref(`d.${cap.column}`)}
          where coalesce(l.n, 0) < ${cap.max}) ranked
        where ranked.fair_rank + ranked.fair_leased <= ${cap.max})`,
    )
  })
  return sql`with ${sql.join(ctes)} select id from ${sql.raw(`due_${limits.length}`)} order by next_attempt_at, id limit ${limit}`
}

/**
 * Claims up to `limit` due rows for `workerId` in one statement: pending, due, and not leased by
 * a live attempt (a lease that expired belongs to a worker that died or hung, and is taken over).
 * `FOR UPDATE SKIP LOCKED` lets concurrent claimers on Postgres pass each other's rows instead
 * of waiting or taking them twice; a row another claimer took meanwhile fails the re-checked
 * condition. Each claimed row's `attempts` grows by one now, so an attempt cut short by a crash
 * still counts.
 *
 * With `limits`, only the rows the caps let through are candidates (`InFlightLimit`): a group
 * whose rows hang (an endpoint that never answers) holds at most its `max` leases, and the rest of
 * its rows wait while other groups' rows are claimed. The ranking reads committed leases, so two
 * instances claiming at the same moment compute the same candidates and skip each other's; only a
 * lease expiring between their two claims can let a group exceed its cap, by that one row.
 */
export async function claimDue<R extends OutboxRow>(
  db: Executor,
  table: string,
  options: { workerId: string; limit: number; leaseMs: number; limits?: readonly InFlightLimit[] | undefined },
): Promise<R[]> {
  const t = sql.table(table)
  const limits = options.limits ?? []
  const candidates =
    limits.length === 0
      ? sql`select id from ${t} where ${claimable} order by next_attempt_at, id limit ${options.limit} for update skip locked`
      : sql`select id from ${t} where id in (${fairDueIds(table, limits, options.limit)}) and ${claimable} for update skip locked`
  const { rows } = await sql<R>`
    update ${t} as o
    set attempts = o.attempts + 1, locked_by = ${options.workerId}, last_attempt_at = now(),
      lease_expires_at = now() + ${ms(options.leaseMs)}
    where o.id in (${candidates})
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

/** When the worker should look again (`nextDue`). */
export interface NextDue {
  /** Some pending row is claimable now (no live lease, due), e.g. one held back by `InFlightLimit`s. */
  dueNow: boolean
  /** Milliseconds until the next row that is not claimable now becomes so, or null when none will. */
  laterMs: number | null
}

/**
 * Whether a pending row is claimable now, and how long until the next of the others (a retry
 * that is due later, a lease that ends) is. Computed by the database, so the clocks of the
 * instances do not matter.
 */
export async function nextDue(db: Executor, table: string): Promise<NextDue> {
  const { rows } = await sql<{ due_now: boolean | null; later_ms: number | string | null }>`
    select bool_or(${claimable}) as due_now,
      extract(epoch from (min(greatest(next_attempt_at, lease_expires_at)) filter (where not (${claimable})) - now())) * 1000 as later_ms
    from ${sql.table(table)} where status = 'pending'`.execute(db)
  const later = rows[0]?.later_ms
  return {
    dueNow: rows[0]?.due_now === true,
    laterMs: later === null || later === undefined ? null : Math.max(0, Math.ceil(Number(later))),
  }
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
