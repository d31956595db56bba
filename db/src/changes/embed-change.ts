import { CHANGE_TABLES, type ChangeTable } from '../tables/changes.ts'

/** The channel `record_change()` NOTIFYs each change on, for the embed servers' caches. */
export const EMBED_CHANGES_CHANNEL = 'embed_changes'

/**
 * What one notification on `EMBED_CHANGES_CHANNEL` says (the JSON `record_change()` builds): an
 * embed token's settings changed (`token`), or a row of an event's data (`event`, with the table).
 * Nothing more, so that Postgres collapses the identical notifications of a bulk change.
 */
export type EmbedChange =
  | { kind: 'token'; tokenId: string; tokenHash: string; eventId: string | null }
  | { kind: 'event'; eventId: string; table: ChangeTable | undefined }

const isChangeTable = (value: unknown): value is ChangeTable => CHANGE_TABLES.includes(value as ChangeTable)

/**
 * The change a notification's payload describes, or undefined when it is not one (then anything
 * may have changed). A missing or unknown `table` (a notification of an older schema) is undefined.
 */
export function parseEmbedChange(payload: string): EmbedChange | undefined {
  let msg: Record<string, unknown>
  try {
    const parsed: unknown = JSON.parse(payload)
    if (typeof parsed !== 'object' || parsed === null) return undefined
    msg = parsed as Record<string, unknown>
  } catch {
    return undefined
  }
  if (msg.kind === 'token' && typeof msg.token_hash === 'string' && typeof msg.token_id === 'string') {
    return {
      kind: 'token',
      tokenId: msg.token_id,
      tokenHash: msg.token_hash,
      eventId: typeof msg.event_id === 'string' ? msg.event_id : null,
    }
  }
  if (msg.kind === 'event' && typeof msg.event_id === 'string') {
    return { kind: 'event', eventId: msg.event_id, table: isChangeTable(msg.table) ? msg.table : undefined }
  }
  return undefined
}
