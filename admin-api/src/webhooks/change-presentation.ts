import { type Database, type EmbedTokenRow, type EventRow, type WebhookDeliveryRow, webhookBody } from '@event-service/db'
import type { ChangeRow, ChangeTable } from '@event-service/db/tables/changes.ts'
import { presentRegistration } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import { presentEmbedToken } from '../embed-tokens/embed-tokens.presenter.ts'
import { presentEvent } from '../events/events.presenter.ts'
import { presentSession } from '../sessions/sessions.presenter.ts'
import type { SessionWithSpeakers } from '../sessions/sessions.service.ts'
import { presentSpeaker } from '../speakers/speakers.presenter.ts'
import type { SpeakerRecord } from '../speakers/speakers.service.ts'

/** What a delivery's body is made of: its own body (a test event), or the change it announces. */
export type ChangeContent = Pick<ChangeRow, 'table_name' | 'row' | 'created_at'>

type StoredRow = Record<string, unknown>

/**
 * The row a presenter takes, from the stored `to_jsonb` row: every `…_at` column is a timestamp,
 * which JSON carries as text.
 */
function rowOf(stored: StoredRow): StoredRow {
  return Object.fromEntries(
    Object.entries(stored).map(([key, value]) => [key, key.endsWith('_at') && typeof value === 'string' ? new Date(value) : value]),
  )
}

/** The admin API's presenter of each table whose changes webhooks announce. */
const PRESENTERS: Partial<Record<ChangeTable, (row: StoredRow) => unknown>> = {
  events: (row) => presentEvent(row as unknown as EventRow),
  speakers: (row) => presentSpeaker(row as unknown as SpeakerRecord),
  sessions: (row) => presentSession({ ...row, speakers: row.speakers ?? [] } as unknown as SessionWithSpeakers),
  embed_tokens: (row) => presentEmbedToken(row as unknown as EmbedTokenRow),
  registrations: (row) => presentRegistration(row as unknown as Parameters<typeof presentRegistration>[0]),
}

/** The resource a change leaves, as the admin API presents it (a deleted one: its last presentation). */
export function presentChange(change: ChangeContent): unknown {
  const present = PRESENTERS[change.table_name]
  if (!present) throw new Error(`No webhook presentation for changes of ${change.table_name}`)
  return present(rowOf(change.row))
}

/**
 * The exact bytes a delivery sends: its stored body, or the body presented from its change. The
 * same on every attempt, since the change is stored once and the timestamp is its own.
 */
export function deliveryBody(delivery: Pick<WebhookDeliveryRow, 'type' | 'body'>, change: ChangeContent | undefined): string {
  if (delivery.body !== null) return delivery.body
  if (!change) throw new Error('The change this delivery announces is gone')
  return webhookBody(delivery.type as Parameters<typeof webhookBody>[0], presentChange(change), change.created_at)
}

/** `deliveryBody` of one delivery, reading its change. */
export async function loadDeliveryBody(
  db: Kysely<Database>,
  delivery: Pick<WebhookDeliveryRow, 'type' | 'body' | 'change_id'>,
): Promise<string> {
  const change =
    delivery.change_id === null
      ? undefined
      : await db.selectFrom('changes').select(['table_name', 'row', 'created_at']).where('id', '=', delivery.change_id).executeTakeFirst()
  return deliveryBody(delivery, change)
}
