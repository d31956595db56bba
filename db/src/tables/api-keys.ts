import type { Generated, Insertable, Selectable, Updateable } from 'kysely'

export interface ApiKeysTable {
  id: Generated<string>
  account_id: string
  name: string
  /** First characters of the key, shown in listings so a key can be recognised. */
  prefix: string
  /** SHA-256 (hex) of the whole key; the key itself is never stored. */
  key_hash: string
  created_at: Generated<Date>
  last_used_at: Date | null
  revoked_at: Date | null
}

export type ApiKeyRow = Selectable<ApiKeysTable>
export type NewApiKey = Insertable<ApiKeysTable>
export type ApiKeyUpdate = Updateable<ApiKeysTable>
