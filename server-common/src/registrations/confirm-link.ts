import { type Kysely, sql } from 'kysely'
import { ACTIVE_REGISTRATION_STATUSES, checkPlace, type Database, type RegistrationRow } from '@event-service/db'
import { hashSecret } from '../policy/secret-token.ts'
import { isLinkSecretShape, newLinkSecret } from './cancel-link.ts'

/**
 * The registration of a confirm link: pending (the link would confirm it) or expired (its hold ran
 * out: the link says so), or undefined (unknown or used).
 */
export async function registrationOfConfirmToken(db: Kysely<Database>, token: string): Promise<RegistrationRow | undefined> {
  if (!isLinkSecretShape(token)) return undefined
  return db
    .selectFrom('registrations')
    .selectAll()
    .where('confirm_token_hash', '=', hashSecret(token))
    .where('status', 'in', ['pending', 'expired'])
    .executeTakeFirst()
}

/** What confirming a pending registration came to. */
export type ConfirmOutcome =
  /** Now `registered` (or `checked_in`), with the secret of its new cancel link. */
  | { outcome: 'confirmed'; row: RegistrationRow; cancelToken: string }
  /** The address already had a confirmed registration: this one is `expired`, its place free. */
  | { outcome: 'already_registered'; row: RegistrationRow }
  /** The hold had run out before the link was followed: `expired`, the place is free. */
  | { outcome: 'expired'; row: RegistrationRow }
  /** The organiser confirmed after the hold ran out, and no place is left. */
  | { outcome: 'sold_out'; row: RegistrationRow }
  /** Not pending any more (confirmed, cancelled or expired meanwhile). */
  | { outcome: 'not_pending' }

/**
 * Confirms a pending registration, inside the caller's transaction (which enqueues the email of
 * the outcome): the event's row is locked first, as a registration locks it, then:
 * - a hold that ran out: through a link, the registration is `expired` (register again); by the
 *   organiser (`byOrganiser`), it is confirmed if a place is free, else `sold_out`;
 * - an address that already has a confirmed registration: this one is `expired` (a person has one
 *   place per event);
 * - otherwise it becomes `status` (`registered`, or `checked_in` at the door) with a new cancel
 *   link, and the address's other pending registrations expire, freeing the places they held;
 *   the database announces it as `registration.confirmed`.
 * A link works once: its hash is cleared when it confirms, or when it never can (the address is
 * registered, the organiser cancelled); after the hold ran out it stays, to say "expired". The confirm link (embed
 * server) and the organiser's `PATCH` (admin API) both confirm through here.
 */
export async function confirmRegistration(
  trx: Kysely<Database>,
  registrationId: string,
  options: { byOrganiser: boolean; status?: 'registered' | 'checked_in' },
): Promise<ConfirmOutcome> {
  await sql`select id from events where id = (select event_id from registrations where id = ${registrationId}) for update`.execute(trx)
  const current = await trx
    .selectFrom('registrations')
    .selectAll()
    .select(sql<boolean>`hold_expires_at > now()`.as('holding'))
    .where('id', '=', registrationId)
    .where('status', '=', 'pending')
    .forUpdate()
    .executeTakeFirst()
  if (!current) return { outcome: 'not_pending' }
  // A hold that ran out keeps its link's hash, so that a late click says "expired"; a link that
  // can never confirm (the address is registered) loses it.
  const expire = async (keepLink: boolean) =>
    trx
      .updateTable('registrations')
      .set({ status: 'expired', ...(keepLink ? {} : { confirm_token_hash: null }) })
      .where('id', '=', registrationId)
      .returningAll()
      .executeTakeFirstOrThrow()
  if (!current.holding) {
    if (!options.byOrganiser) return { outcome: 'expired', row: await expire(true) }
    if ((await checkPlace(trx, current.event_id, current.ticket_id)) === 'sold_out') return { outcome: 'sold_out', row: current }
  }
  const active = await trx
    .selectFrom('registrations')
    .select('id')
    .where('event_id', '=', current.event_id)
    .where(sql`lower(email)`, '=', current.email.toLowerCase())
    .where('status', 'in', ACTIVE_REGISTRATION_STATUSES)
    .executeTakeFirst()
  if (active) return { outcome: 'already_registered', row: await expire(false) }
  const cancel = newLinkSecret()
  const now = new Date()
  const status = options.status ?? 'registered'
  const row = await trx
    .updateTable('registrations')
    .set({
      status,
      confirmed_at: now,
      checked_in_at: status === 'checked_in' ? now : null,
      confirm_token_hash: null,
      cancel_token_hash: cancel.hash,
    })
    .where('id', '=', registrationId)
    .returningAll()
    .executeTakeFirstOrThrow()
  await trx
    .updateTable('registrations')
    .set({ status: 'expired', confirm_token_hash: null })
    .where('event_id', '=', current.event_id)
    .where(sql`lower(email)`, '=', current.email.toLowerCase())
    .where('status', '=', 'pending')
    .execute()
  return { outcome: 'confirmed', row, cancelToken: cancel.token }
}

/**
 * Marks every pending registration whose hold has run out `expired` (its confirm link then answers
 * that it expired).
 * The places were free by the clock already (`holdsPlace`); the change of status is what tells the
 * embed API's caches (a trigger's NOTIFY) that `remaining` went up. Returns how many expired.
 */
export async function expireHolds(db: Kysely<Database>): Promise<number> {
  const result = await db
    .updateTable('registrations')
    .set({ status: 'expired' })
    .where('status', '=', 'pending')
    .where('hold_expires_at', '<=', sql<Date>`now()`)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}
