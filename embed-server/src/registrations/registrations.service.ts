import { type Database, enqueueWebhookEvent, presentRegistration } from '@event-service/db'
import { validationError } from '@event-service/server-common'
import { sql, type Kysely } from 'kysely'
import type { EventData } from '../events/events.service.ts'
import type { RegistrationAnswer, RegistrationBody } from './registrations.schema.ts'

/** The answer's allow-list: what was sent, never the email or the answers. */
const present = (eventId: string, body: RegistrationBody): RegistrationAnswer => ({
  event_id: eventId,
  name: body.name,
  ticket_id: body.ticket_id ?? null,
})

/**
 * Registers a person for an event once per (event, email compared case-insensitively), and
 * answers a repeat exactly like a new registration (DESIGN.md): otherwise anyone with the public
 * token could test emails and read who registered. The same statements either way: `insert …
 * on conflict do nothing` on the unique index `registrations_event_email_key`, so a repeat changes
 * nothing stored (concurrent ones included), then, in the same transaction, the enqueue of the
 * `registration.created` webhook (the admin API's presentation), which a repeat runs too with
 * `when: false` and writes nothing: no extra query that would time differently.
 */
export async function register(
  db: Kysely<Database>,
  event: Pick<EventData, 'accountId' | 'event' | 'ticketIds'>,
  body: RegistrationBody,
): Promise<RegistrationAnswer> {
  const ticketId = body.ticket_id ?? null
  if (event.ticketIds.size > 0 && ticketId === null) throw validationError([{ path: 'ticket_id', message: 'Choose a ticket' }])
  if (ticketId !== null && !event.ticketIds.has(ticketId)) {
    throw validationError([{ path: 'ticket_id', message: 'This event has no such ticket' }])
  }
  await db.transaction().execute(async (trx) => {
    const row = await trx
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
      .returningAll()
      .executeTakeFirst()
    const object = row ? presentRegistration(row) : null
    await enqueueWebhookEvent(trx, { accountId: event.accountId, type: 'registration.created', object }, { when: row !== undefined })
  })
  return present(event.event.id, body)
}
