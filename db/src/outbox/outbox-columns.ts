import type { ColumnType } from 'kysely'

/** Where an outbox row stands: waiting for an attempt, handed over, or given up. */
export const OUTBOX_STATUSES = ['pending', 'delivered', 'failed'] as const
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number]

/**
 * The columns every outbox table has, beside its own (what to send, where). A table of this shape
 * is written in the same transaction as the change it announces, and drained by an
 * `OutboxWorker`, which claims due rows, hands each to a handler and records the outcome.
 *
 * The DDL, to copy into the table's migration (migrations never import app code):
 *
 * ```sql
 * id uuid primary key default gen_random_uuid(),
 * status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
 * attempts integer not null default 0,
 * max_attempts integer,                                  -- null: the worker's schedule decides
 * next_attempt_at timestamptz not null default now(),
 * lease_expires_at timestamptz,
 * locked_by text,
 * last_attempt_at timestamptz,
 * last_error text,
 * delivered_at timestamptz,
 * created_at timestamptz not null default now()
 * -- and the index the claim query reads:
 * create index <table>_due_idx on <table> (next_attempt_at) where status = 'pending'
 * ```
 */
export interface OutboxColumns {
  id: ColumnType<string, string | undefined, never>
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>
  /** Attempts started so far (counted when claimed, so a crash mid-attempt counts too). */
  attempts: ColumnType<number, number | undefined, number>
  /** Overrides the worker's schedule (`retryDelaysMs.length + 1` attempts) for this row when set. */
  max_attempts: ColumnType<number | null, number | null | undefined, number | null>
  next_attempt_at: ColumnType<Date, Date | undefined, Date>
  /** While in the future, the row is being attempted by `locked_by` and nobody else claims it. */
  lease_expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  locked_by: ColumnType<string | null, string | null | undefined, string | null>
  last_attempt_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  last_error: ColumnType<string | null, string | null | undefined, string | null>
  delivered_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  created_at: ColumnType<Date, Date | undefined, never>
}

/** An outbox row as the worker reads it (the table's own columns come along). */
export interface OutboxRow {
  id: string
  status: OutboxStatus
  attempts: number
  max_attempts: number | null
  next_attempt_at: Date
  lease_expires_at: Date | null
  locked_by: string | null
  last_attempt_at: Date | null
  last_error: string | null
  delivered_at: Date | null
  created_at: Date
}
