import { type Database, enqueueEmail, type LinkPurpose } from '@event-service/db'
import { ApiError, generateSecret, hashSecret, isWellFormedSecret } from '@event-service/server-common'
import type { Kysely, Transaction } from 'kysely'

/** One-time links work for a day (an invitation read on the next working day still works). */
export const LINK_LIFETIME_MS = 24 * 3600_000

type Executor = Kysely<Database> | Transaction<Database>

/** Where a link opens in the console: `{base}/console/link/{secret}`. */
export const linkUrl = (consoleOrigin: string, secret: string) => `${consoleOrigin}/console/link/${secret}`

/**
 * Makes a one-time link for a user (stored only as its SHA-256); earlier unused links of the same
 * purpose stop working, so only the newest email's link does.
 */
export async function createLink(db: Executor, userId: string, purpose: LinkPurpose): Promise<string> {
  const secret = generateSecret('link')
  await db.deleteFrom('user_links').where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute()
  await db
    .insertInto('user_links')
    .values({ user_id: userId, purpose, token_hash: hashSecret(secret), expires_at: new Date(Date.now() + LINK_LIFETIME_MS) })
    .execute()
  return secret
}

/** A live link with whom it is for. */
export interface LiveLink {
  id: string
  purpose: LinkPurpose
  user: { id: string; email: string; account_id: string; password_hash: string | null }
  account_name: string
}

const linkGone = () => new ApiError(404, 'NOT_FOUND', 'This link is unknown, already used or expired: ask for a new one')

/** The link a secret names, if unused and unexpired; else 404 `NOT_FOUND` (one answer for every case). */
export async function readLink(db: Executor, secret: string): Promise<LiveLink> {
  if (!isWellFormedSecret(secret, 'link')) throw linkGone()
  const row = await db
    .selectFrom('user_links as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .innerJoin('accounts as a', 'a.id', 'u.account_id')
    .select(['l.id', 'l.purpose', 'u.id as user_id', 'u.email', 'u.account_id', 'u.password_hash', 'a.name as account_name'])
    .where('l.token_hash', '=', hashSecret(secret))
    .where('l.used_at', 'is', null)
    .where('l.expires_at', '>', new Date())
    .executeTakeFirst()
  if (!row) throw linkGone()
  return {
    id: row.id,
    purpose: row.purpose,
    user: { id: row.user_id, email: row.email, account_id: row.account_id, password_hash: row.password_hash },
    account_name: row.account_name,
  }
}

/** Marks a link used; false when another request used it first. */
export async function markLinkUsed(db: Executor, linkId: string): Promise<boolean> {
  const used = await db
    .updateTable('user_links')
    .set({ used_at: new Date() })
    .where('id', '=', linkId)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return used.numUpdatedRows > 0n
}

/** The invitation email, through the mail outbox in the caller's transaction. */
export async function enqueueInvitation(
  trx: Executor,
  to: { accountId: string; email: string; accountName: string; invitedBy: string | null; url: string },
): Promise<void> {
  const by = to.invitedBy ? `${to.invitedBy} invited you` : 'You are invited'
  await enqueueEmail(trx, {
    account_id: to.accountId,
    kind: 'user.invitation',
    to_address: to.email,
    subject: `Join ${to.accountName} in the event console`,
    text_body: [
      `${by} to ${to.accountName} in the event console.`,
      '',
      'Set your password and sign in here (the link works once, for 24 hours):',
      to.url,
      '',
      'If you did not expect this, ignore this email.',
    ].join('\n'),
  })
}

/** The password-reset email, through the mail outbox. */
export async function enqueuePasswordReset(trx: Executor, to: { accountId: string; email: string; url: string }): Promise<void> {
  await enqueueEmail(trx, {
    account_id: to.accountId,
    kind: 'user.password_reset',
    to_address: to.email,
    subject: 'Reset your password for the event console',
    text_body: [
      'Someone (we hope you) asked to reset the password of this address in the event console.',
      '',
      'Choose a new password here (the link works once, for 24 hours):',
      to.url,
      '',
      'If it was not you, ignore this email: your password stays as it is.',
    ].join('\n'),
  })
}
