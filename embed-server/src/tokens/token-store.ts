import type { Database } from '@event-service/db'
import { compileOriginPolicy, type OriginPolicy } from '@event-service/server-common'
import type { Kysely } from 'kysely'

/** What the embed server needs to know about a token to accept or refuse a request. */
export interface KnownToken {
  found: true
  id: string
  eventId: string
  isActive: boolean
  revoked: boolean
  /** Epoch milliseconds, or null for no expiry: compared at each request, never cached as a verdict. */
  expiresAtMs: number | null
  origins: OriginPolicy
  /** Whether calendar apps (no Origin) may read the schedule feed although `origins` is a list. */
  calendarFeed: boolean
}

/** Cached too, so that a flood of made-up but well-formed tokens does not reach the database. */
export interface UnknownToken {
  found: false
}

export type TokenLookup = KnownToken | UnknownToken

const UNKNOWN: UnknownToken = { found: false }

/** Looks a token up by the SHA-256 of its value (the only form in which tokens are stored). */
export async function findTokenByHash(db: Kysely<Database>, tokenHash: string): Promise<TokenLookup> {
  const row = await db
    .selectFrom('embed_tokens')
    .select(['id', 'event_id', 'is_active', 'revoked_at', 'expires_at', 'allowed_origins', 'calendar_feed'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
  if (!row) return UNKNOWN
  return {
    found: true,
    id: row.id,
    eventId: row.event_id,
    isActive: row.is_active,
    revoked: row.revoked_at !== null,
    expiresAtMs: row.expires_at ? row.expires_at.getTime() : null,
    origins: compileOriginPolicy(row.allowed_origins),
    calendarFeed: row.calendar_feed,
  }
}
