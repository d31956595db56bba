import type { Generated, Insertable, Selectable, Updateable } from 'kysely'

/** What a key may do: `write` everything its account may (every key the CLI makes), `read` only reads. */
export const API_KEY_SCOPES = ['write', 'read'] as const
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]

export interface ApiKeysTable {
  id: Generated<string>
  account_id: string
  name: string
  /** First characters of the key, shown in listings so a key can be recognised. */
  prefix: string
  /** SHA-256 (hex) of the whole key; the key itself is never stored. */
  key_hash: string
  scope: Generated<ApiKeyScope>
  created_at: Generated<Date>
  last_used_at: Date | null
  revoked_at: Date | null
}

export type ApiKeyRow = Selectable<ApiKeysTable>
export type NewApiKey = Insertable<ApiKeysTable>
export type ApiKeyUpdate = Updateable<ApiKeysTable>
