import { checkPlace, type Database, enqueueEmail, enqueueWebhookEvent, newCancelToken, presentRegistration } from '@event-service/db'
import { type FieldError, soldOut, validationError } from '@event-service/server-common'
import { type Kysely, sql } from 'kysely'
import type { EventData } from '../events/events.service.ts'
import { checkAnswers } from './answers-validation.ts'
import { cancelUrlOf, confirmationEmail } from './confirmation-email.ts'
import { mailLocaleOf } from './registration-mail.messages.ts'
import type { RegistrationAnswer, RegistrationBody } from './registrations.schema.ts'

/** The answer's allow-list: what was sent, never the email or the answers. */
const present = (eventId: string, body: RegistrationBody): RegistrationAnswer => ({
  event_id: eventId,
  name: body.name,
  ticket_id: body.ticket_id ?? null,
})

/** Every field error of the body against the event: ticket, answers, consent, all at once. */
function checkAgainstEvent(event: Pick<EventData, 'event' | 'ticketIds' | 'questions'>, body: RegistrationBody) {
  const fields: FieldError[] = []
  const ticketId = body.ticket_id ?? null
  if (event.ticketIds.size > 0 && ticketId === null) fields.push({ path: 'ticket_id', message: 'Choose a ticket' })
  if (ticketId !== null && !event.ticketIds.has(ticketId)) fields.push({ path: 'ticket_id', message: 'This event has no such ticket' })
  const answers = checkAnswers(event.questions, ticketId, body.answers ?? {})
  fields.push(...answers.fields)
  if (event.event.privacy_notice && body.consent !== true) {
    fields.push({ path: 'consent', message: 'Accept the privacy notice to register' })
  }
  if (fields.length > 0) throw validationError(fields)
  return { ticketId, answers: answers.answers }
}

/**
 * Registers a person for an event once per (event, email compared case-insensitively), and
 * answers a repeat exactly like a new registration (DESIGN.md): otherwise anyone with the public
 * token could test emails and read who registered. The same statements either way, in one
 * transaction: the ticket's place is checked under the event's lock (409 `SOLD_OUT`, for everyone
 * alike), `insert … on conflict` on the unique index `registrations_event_email_key` writes a new
 * registration or reinstates a cancelled one and leaves an active one untouched (concurrent
 * repeats included), then the `registration.created` webhook and the confirmation email are
 * enqueued, which a repeat runs too with `when: false` and writes nothing.
 */
export async function register(
  db: Kysely<Database>,
  event: Pick<EventData, 'accountId' | 'event' | 'ticketIds' | 'questions'>,
  body: RegistrationBody,
  links: { publicBase: string },
): Promise<RegistrationAnswer> {
  const { ticketId, answers } = checkAgainstEvent(event, body)
  const consentAt = event.event.privacy_notice ? new Date() : null
  const locale = mailLocaleOf(body.locale)
  const cancel = newCancelToken()
  await db.transaction().execute(async (trx) => {
    const place = await checkPlace(trx, event.event.id, ticketId)
    if (place === 'sold_out') throw soldOut()
    // The ticket was removed since the event data was read.
    if (place === 'no_such_ticket') throw validationError([{ path: 'ticket_id', message: 'This event has no such ticket' }])
    const values = {
      name: body.name,
      email: body.email,
      ticket_id: ticketId,
      answers: JSON.stringify(answers),
      status: 'registered' as const,
      consent_at: consentAt,
      cancel_token_hash: cancel.hash,
      locale,
    }
    const row = await trx
      .insertInto('registrations')
      .values({ account_id: event.accountId, event_id: event.event.id, ...values })
      .onConflict((oc) =>
        oc
          .expression(sql`event_id, lower(email)`)
          .doUpdateSet({ ...values, checked_in_at: null, cancelled_at: null, created_at: sql`now()` })
          .where('registrations.status', '=', 'cancelled'),
      )
      .returningAll()
      .executeTakeFirst()
    const object = row ? presentRegistration(row) : null
    await enqueueWebhookEvent(trx, { accountId: event.accountId, type: 'registration.created', object }, { when: row !== undefined })
    const email = confirmationEmail({
      accountId: event.accountId,
      event: event.event,
      registrationId: row?.id ?? null,
      name: body.name,
      email: body.email,
      ticketName: event.event.tickets.find((t) => t.id === ticketId)?.name ?? null,
      locale,
      cancelUrl: cancelUrlOf(links.publicBase, cancel.token),
    })
    await enqueueEmail(trx, email, { when: row !== undefined })
  })
  return present(event.event.id, body)
}
