import { type ExpressionBuilder, type Kysely, sql } from 'kysely'
import type { Database } from '../database.ts'
import type { Ticket } from '../tables/events.ts'
import { ACTIVE_REGISTRATION_STATUSES } from '../tables/registrations.ts'

/**
 * Whether a registration takes a place: registered and checked-in ones, and pending ones whose
 * hold has not run out (by the database's clock, so a hold ends on time even before the expiry
 * sweep marks it `expired`). The one definition of a taken place, for the capacity check and the
 * embed API's `sold_out` and `remaining` alike.
 */
export const holdsPlace = (eb: ExpressionBuilder<Database, 'registrations'>) =>
  eb.or([
    eb('status', 'in', ACTIVE_REGISTRATION_STATUSES),
    eb.and([eb('status', '=', 'pending'), eb('hold_expires_at', '>', sql<Date>`now()`)]),
  ])

/** Places taken per ticket id (`holdsPlace`). */
export async function placesTaken(db: Kysely<Database>, eventId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('registrations')
    .select(['ticket_id', (eb) => eb.fn.countAll<number | string>().as('taken')])
    .where('event_id', '=', eventId)
    .where(holdsPlace)
    .where('ticket_id', 'is not', null)
    .groupBy('ticket_id')
    .execute()
  return new Map(rows.map((r) => [r.ticket_id as string, Number(r.taken)]))
}

/** Where a ticket stands for one more registration. */
export type PlaceCheck = 'free' | 'sold_out' | 'no_such_ticket'

/**
 * Whether one more place of `ticketId` may be taken, decided under a lock: the event's row is
 * locked (`FOR UPDATE`) until the caller's transaction ends, so concurrent registrations of an
 * event, from any instance, take places one after another and a ticket is never oversold. The
 * capacity is read from the locked row, not from a cache. Call it inside the transaction that
 * inserts (or reinstates) the registration.
 *
 * @example
 * await db.transaction().execute(async (trx) => {
 *   if ((await checkPlace(trx, eventId, 'standard')) === 'sold_out') throw soldOut()
 *   await trx.insertInto('registrations')…
 * })
 */
export async function checkPlace(trx: Kysely<Database>, eventId: string, ticketId: string | null): Promise<PlaceCheck> {
  const { rows } = await sql<{ tickets: Ticket[] }>`select tickets from events where id = ${eventId} for update`.execute(trx)
  const tickets = rows[0]?.tickets ?? []
  if (ticketId === null) return 'free'
  const ticket = tickets.find((t) => t.id === ticketId)
  if (!ticket) return 'no_such_ticket'
  if (ticket.capacity === null || ticket.capacity === undefined) return 'free'
  const taken = await trx
    .selectFrom('registrations')
    .select((eb) => eb.fn.countAll<number | string>().as('taken'))
    .where('event_id', '=', eventId)
    .where('ticket_id', '=', ticketId)
    .where(holdsPlace)
    .executeTakeFirstOrThrow()
  return Number(taken.taken) < ticket.capacity ? 'free' : 'sold_out'
}

/** A ticket's availability as the embed API shows it (`remaining` only when the organiser allows). */
export function availabilityOf(ticket: Ticket, taken: number): { sold_out: boolean; remaining?: number } {
  if (ticket.capacity === null || ticket.capacity === undefined) return { sold_out: false }
  const remaining = Math.max(0, ticket.capacity - taken)
  return ticket.show_remaining ? { sold_out: remaining === 0, remaining } : { sold_out: remaining === 0 }
}
