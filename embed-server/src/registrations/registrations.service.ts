import { ACTIVE_REGISTRATION_STATUSES, checkPlace, type Database, enqueueEmail, type RegistrationRow } from '@event-service/db'
import {
  type ConfirmOutcome,
  confirmRegistration,
  type FieldError,
  newLinkSecret,
  registrationOfConfirmToken,
  soldOut,
  validationError,
} from '@event-service/server-common'
import { type Kysely, sql } from 'kysely'
import type { EventData } from '../events/events.service.ts'
import { checkAnswers } from './answers-validation.ts'
import { alreadyRegisteredEmail, cancelUrlOf, confirmationEmail, confirmRequestEmail, confirmUrlOf } from './confirmation-email.ts'
import { mailLocaleOf } from './registration-mail.messages.ts'
import type { RegistrationAnswer, RegistrationBody } from './registrations.schema.ts'

/** What a registration needs of the event's cached public data. */
type RegistrationEvent = Pick<EventData, 'accountId' | 'event' | 'ticketIds' | 'questions'>

/** Where links in emails point, and how long a pending registration holds its place. */
export interface RegistrationLinks {
  publicBase: string
  holdMs: number
}

/** The answer's allow-list: what was sent and how the event confirms, never the email or the answers. */
const present = (eventId: string, body: RegistrationBody, status: RegistrationAnswer['status']): RegistrationAnswer => ({
  event_id: eventId,
  name: body.name,
  ticket_id: body.ticket_id ?? null,
  status,
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

/** The name of a ticket of the event, or null (no ticket, or one removed since). */
const ticketNameOf = (event: RegistrationEvent, ticketId: string | null) => event.event.tickets.find((t) => t.id === ticketId)?.name ?? null

/**
 * Registers a person for an event, and answers every accepted submission alike, whether the
 * address is new, pending or registered already: anyone with the public token could otherwise
 * test addresses and learn who registered (docs/decisions.md "Registration is confirmed by email").
 *
 * In one transaction, the ticket's place is checked under the event's lock (409 `SOLD_OUT`, for
 * everyone alike), then by the event's `registration_confirmation` (read from the locked row):
 * - `email` (double opt-in): every submission writes a `pending` registration that holds a place
 *   for `holdMs`, so `remaining` goes down by one whoever the address belongs to, and emails the
 *   address: a confirm link, or, when the address is registered already, a note saying so (no
 *   link: it cannot take a second place). `registration.created` announces the pending one.
 * - `none`: `insert … on conflict` on the unique index of active registrations writes a
 *   `registered` one or leaves the active one untouched; the confirmation email is enqueued,
 *   which a repeat runs too with `when: false` and writes nothing. `registration.created` is
 *   written by the database inside the insert, so a repeat makes the same round trips as a new
 *   registration (docs/decisions.md "Changes come from the database").
 */
export async function register(
  db: Kysely<Database>,
  event: RegistrationEvent,
  body: RegistrationBody,
  links: RegistrationLinks,
): Promise<RegistrationAnswer> {
  const { ticketId, answers } = checkAgainstEvent(event, body)
  const consentAt = event.event.privacy_notice ? new Date() : null
  const locale = mailLocaleOf(body.locale)
  const status = await db.transaction().execute(async (trx) => {
    const place = await checkPlace(trx, event.event.id, ticketId)
    if (place === 'sold_out') throw soldOut()
    // The ticket was removed since the event data was read.
    if (place === 'no_such_ticket') throw validationError([{ path: 'ticket_id', message: 'This event has no such ticket' }])
    const { registration_confirmation: confirmation } = await trx
      .selectFrom('events')
      .select('registration_confirmation')
      .where('id', '=', event.event.id)
      .executeTakeFirstOrThrow()
    const values = {
      account_id: event.accountId,
      event_id: event.event.id,
      name: body.name,
      email: body.email,
      ticket_id: ticketId,
      answers: JSON.stringify(answers),
      consent_at: consentAt,
      locale,
    }
    const ticketName = ticketNameOf(event, ticketId)
    if (confirmation === 'email') {
      const known = await trx
        .selectFrom('registrations')
        .select('id')
        .where('event_id', '=', event.event.id)
        .where(sql`lower(email)`, '=', body.email.toLowerCase())
        .where('status', 'in', ACTIVE_REGISTRATION_STATUSES)
        .executeTakeFirst()
      const confirm = newLinkSecret()
      const row = await trx
        .insertInto('registrations')
        .values({
          ...values,
          status: 'pending',
          // A registered address gets no link: it cannot take a second place.
          confirm_token_hash: known ? null : confirm.hash,
          hold_expires_at: sql<Date>`now() + ${`${links.holdMs} milliseconds`}::interval`,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      const mail = {
        accountId: event.accountId,
        event: event.event,
        registrationId: row.id,
        email: body.email,
        locale,
        name: body.name,
        ticketName,
      }
      await enqueueEmail(
        trx,
        known
          ? alreadyRegisteredEmail(mail)
          : confirmRequestEmail({ ...mail, confirmUrl: confirmUrlOf(links.publicBase, confirm.token), holdMs: links.holdMs }),
      )
      return 'pending' as const
    }
    const cancel = newLinkSecret()
    const row = await trx
      .insertInto('registrations')
      .values({ ...values, status: 'registered', cancel_token_hash: cancel.hash })
      .onConflict((oc) => oc.expression(sql`event_id, lower(email)`).where('status', 'in', ACTIVE_REGISTRATION_STATUSES).doNothing())
      .returningAll()
      .executeTakeFirst()
    const email = confirmationEmail({
      accountId: event.accountId,
      event: event.event,
      registrationId: row?.id ?? null,
      name: body.name,
      email: body.email,
      ticketName,
      locale,
      cancelUrl: cancelUrlOf(links.publicBase, cancel.token),
    })
    await enqueueEmail(trx, email, { when: row !== undefined })
    return 'registered' as const
  })
  return present(event.event.id, body, status)
}

/**
 * Enqueues the email a confirmation brings, in its transaction: the event, `event.ics` and the new
 * cancel link (the database announces `registration.confirmed`).
 */
export async function announceConfirmation(
  trx: Kysely<Database>,
  event: RegistrationEvent,
  confirmed: { row: RegistrationRow; cancelToken: string },
  links: Pick<RegistrationLinks, 'publicBase'>,
): Promise<void> {
  const { row } = confirmed
  await enqueueEmail(
    trx,
    confirmationEmail({
      accountId: row.account_id,
      event: event.event,
      registrationId: row.id,
      name: row.name,
      email: row.email,
      ticketName: ticketNameOf(event, row.ticket_id),
      locale: row.locale,
      cancelUrl: cancelUrlOf(links.publicBase, confirmed.cancelToken),
    }),
  )
}

/**
 * Follows a confirm link (the `POST` of its page): the pending registration of the link becomes
 * `registered`, once, and its confirmation is announced. Undefined for an unknown or used link.
 */
export async function confirmByLink(
  db: Kysely<Database>,
  token: string,
  eventOf: (eventId: string) => RegistrationEvent | Promise<RegistrationEvent>,
  links: Pick<RegistrationLinks, 'publicBase'>,
): Promise<{ outcome: Exclude<ConfirmOutcome, { outcome: 'not_pending' }>; event: RegistrationEvent } | undefined> {
  const pending = await registrationOfConfirmToken(db, token)
  if (!pending) return undefined
  const event = await eventOf(pending.event_id)
  if (pending.status === 'expired') return { outcome: { outcome: 'expired', row: pending }, event }
  const outcome = await db.transaction().execute(async (trx) => {
    const result = await confirmRegistration(trx, pending.id, { byOrganiser: false })
    if (result.outcome === 'confirmed') await announceConfirmation(trx, event, result, links)
    return result
  })
  return outcome.outcome === 'not_pending' ? undefined : { outcome, event }
}
