import type { EmbedTokenRow } from '@event-service/db'
import type { CreatedEmbedToken, EmbedToken } from './embed-tokens.schema.ts'

/** A token without any secret material but its prefix (never `token_hash`). */
export function presentEmbedToken(row: EmbedTokenRow): EmbedToken {
  return {
    id: row.id,
    event_id: row.event_id,
    name: row.name,
    prefix: row.prefix,
    is_active: row.is_active,
    allowed_origins: row.allowed_origins,
    calendar_feed: row.calendar_feed,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at?.toISOString() ?? null,
    usage_count: Number(row.usage_count),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
  }
}

/** The creating response: the one place the full token appears. */
export function presentCreatedEmbedToken(row: EmbedTokenRow, token: string): CreatedEmbedToken {
  return { ...presentEmbedToken(row), token }
}
