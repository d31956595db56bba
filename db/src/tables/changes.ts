import type { ColumnType, Generated, Selectable } from 'kysely'

/** A table whose writes `record_change()` records (db/src/migrations/2026-11-27T15-00-change-records.ts). */
export const CHANGE_TABLES = ['events', 'speakers', 'sessions', 'session_speakers', 'embed_tokens', 'registrations'] as const
export type ChangeTable = (typeof CHANGE_TABLES)[number]

/**
 * A change that webhooks announce, stored by the database trigger in the writing transaction when
 * an endpoint subscribes to its type; its deliveries are presented from it. Written by the trigger
 * only.
 */
export interface ChangesTable {
  id: Generated<string>
  account_id: string
  table_name: ChangeTable
  operation: 'insert' | 'update' | 'delete'
  resource_id: string
  event_id: string | null
  /** The webhook event type (`webhook_event_type()` in the database). */
  type: string
  /**
   * The row after the change (before it, for a delete) as `to_jsonb` gives it, without hashes of
   * secrets; a session's carries its `speakers` in order.
   */
  row: ColumnType<Record<string, unknown>, never, never>
  /** When the writing transaction began: the webhook body's `timestamp`. */
  created_at: Generated<Date>
}

export type ChangeRow = Selectable<ChangesTable>
