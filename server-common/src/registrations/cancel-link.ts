import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database, RegistrationRow } from '@event-service/db'
import { hashSecret } from '../policy/secret-token.ts'

/**
 * A new secret for a link in an email (256 random bits, base64url: cannot be guessed) and the
 * hash that is all the database keeps of it. The secret itself exists only in the email. Used by
 * the cancel link and the confirm link alike.
 */
export function newLinkSecret(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashSecret(token) }
}

/** Whether a string has the shape of a link secret (checked before any lookup). */
export const isLinkSecretShape = (value: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(value)

/** A new cancel-link secret (`newLinkSecret`). */
export const newCancelToken = newLinkSecret

/** Whether a string has the shape of a cancel-link secret (`isLinkSecretShape`). */
export const isCancelTokenShape = isLinkSecretShape

/** The registration a cancel link would cancel now, or undefined (unknown, used, or no longer registered). */
export async function registrationOfCancelToken(db: Kysely<Database>, token: string): Promise<RegistrationRow | undefined> {
  if (!isCancelTokenShape(token)) return undefined
  return db
    .selectFrom('registrations')
    .selectAll()
    .where('cancel_token_hash', '=', hashSecret(token))
    .where('status', '=', 'registered')
    .executeTakeFirst()
}

/**
 * Cancels the registration of a cancel link, once: the link's hash is cleared in the same
 * statement, so a second use finds nothing. The place is free from this commit on.
 */
export async function cancelByToken(db: Kysely<Database>, token: string): Promise<RegistrationRow | undefined> {
  if (!isCancelTokenShape(token)) return undefined
  return db
    .updateTable('registrations')
    .set({ status: 'cancelled', cancelled_at: new Date(), cancel_token_hash: null })
    .where('cancel_token_hash', '=', hashSecret(token))
    .where('status', '=', 'registered')
    .returningAll()
    .executeTakeFirst()
}
