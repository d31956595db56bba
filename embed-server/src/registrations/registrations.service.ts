import type { Database, RegistrationRow } from '@event-service/db'
import { validationError } from '@event-service/server-common'
import { sql, type Kysely } from 'kysely'
import type { EventData } from '../events/events.service.ts'
import type { RegistrationBody } from './registrations.schema.ts'

/** A registration as the embed API returns it: never the email or the answers. */
export interface PublicRegistration {
  id: string
  event_id: string
  name: string
  ticket_id: string | null
  created_at: string
}

const present = (row: Pick<RegistrationRow, 'id' | 'event_id' | 'name' | 'ticket_id' | 'created_at'>): PublicRegistration => ({
  id: row.id,
  event_id: row.event_id,
  name: row.name,
  ticket_id: row.ticket_id,
  created_at: row.created_at.toISOString(),
})

const COLUMNS = ['id', 'event_id', 'name', 'ticket_id', 'created_at'] as const

/**
 * Registers a person for an event once per (event, email compared case-insensitively): a repeat
 * returns the first registration unchanged (`created: false`), concurrent ones included, thanks to
 * the unique index `registrations_event_email_key`.
 */
export async function register(
  db: Kysely<Database>,
  event: Pick<EventData, 'accountId' | 'event' | 'ticketIds'>,
  body: RegistrationBody,
): Promise<{ created: boolean; registration: PublicRegistration }> {
  const ticketId = body.ticket_id ?? null
  if (event.ticketIds.size > 0 && ticketId === null) throw validationError([{ path: 'ticket_id', message: 'Choose a ticket' }])
  if (ticketId !== null && !event.ticketIds.has(ticketId)) {
    throw validationError([{ path: 'ticket_id', message: 'This event has no such ticket' }])
  }
  const inserted = await db
    .insertInto('registrations')
    .values({
      account_id: event.accountId,
      event_id: event.event.id,
      name: body.name,
      email: body.email,
      ticket_id: ticketId,
      answers: JSON.stringify(body.answers ?? {}),
    })
    .onConflict((oc) => oc.expression(sql`event_id, lower(email)`).doNothing())
    .returning(COLUMNS)
    .executeTakeFirst()
  if (inserted) return { created: true, registration: present(inserted) }
  const existing = await db
    .selectFrom('registrations')
    .select(COLUMNS)
    .where('event_id', '=', event.event.id)
    .where(sql<string>`lower(email)`, '=', body.email.toLowerCase())
    .executeTakeFirstOrThrow()
  return { created: false, registration: present(existing) }
}
