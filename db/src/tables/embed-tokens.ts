import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

export interface EmbedTokensTable {
  id: Generated<string>
  account_id: string
  event_id: string
  name: string
  /** First 12 characters of the token: the only token material ever shown again. */
  prefix: string
  /** SHA-256 (hex) of the whole token. */
  token_hash: string
  is_active: Generated<boolean>
  /** Normalised origins or `scheme://*.domain` wildcards; empty allows every origin. */
  allowed_origins: Generated<string[]>
  expires_at: Date | null
  /** Whether calendar apps (no Origin) may read the schedule feed although `allowed_origins` is not empty. */
  calendar_feed: Generated<boolean>
  revoked_at: Date | null
  /** bigint comes back from pg as a string. */
  usage_count: ColumnType<string, never, string | number>
  last_used_at: Date | null
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

export type EmbedTokenRow = Selectable<EmbedTokensTable>
export type NewEmbedToken = Insertable<EmbedTokensTable>
export type EmbedTokenUpdate = Updateable<EmbedTokensTable>
