import type { Database } from '@event-service/db'
import { ApiError, conflict, isPgError, SQLSTATE, validationError } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import { createLink, enqueuePasswordReset, linkUrl, markLinkUsed, readLink } from '../users/user-links.ts'
import { usersByEmail } from '../users/users.service.ts'
import { endAllSessions, startSession } from './console-sessions.ts'
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts'

/** The one answer to an unknown email and to a wrong password. */
export const wrongCredentials = () => new ApiError(401, 'UNAUTHORIZED', 'The email or the password is wrong')

function assertGoodPassword(password: string | undefined, email: string, path: string): string {
  const problem = password === undefined ? 'is required' : passwordProblem(password, email)
  if (problem || password === undefined) throw validationError([{ path, message: problem ?? 'is required' }])
  return password
}

/**
 * Checks an email and password; returns the session secret of the user they sign in as. One
 * email may belong to several accounts: the password is tried against each, most recently used
 * first. Unknown email and wrong password are the same 401, in about the same time.
 */
export async function signIn(db: Kysely<Database>, email: string, password: string): Promise<string | undefined> {
  const users = (await usersByEmail(db, email)).filter((u) => u.password_hash)
  if (users.length === 0) {
    await verifyPassword(password, null)
    return undefined
  }
  for (const user of users) if (await verifyPassword(password, user.password_hash)) return startSession(db, user.id)
  return undefined
}

/**
 * Sends a password-reset link to every account this email belongs to (as a member who has set a
 * password or not: a reset also completes a lost invitation). Unknown emails send nothing, and the
 * caller answers the same either way.
 */
export async function requestPasswordReset(db: Kysely<Database>, email: string, consoleOrigin: string): Promise<void> {
  const users = await usersByEmail(db, email)
  for (const user of users) {
    await db.transaction().execute(async (trx) => {
      const url = linkUrl(consoleOrigin, await createLink(trx, user.id, 'reset'))
      await enqueuePasswordReset(trx, { accountId: user.account_id, email: user.email, url })
    })
  }
}

/**
 * Uses a one-time link: an invitation or a reset sets the password (required) and ends the user's
 * other sessions; the demo's sign-in link needs none. Returns the new session's secret.
 */
export async function useLink(db: Kysely<Database>, secret: string, password: string | undefined): Promise<string> {
  const link = await readLink(db, secret)
  const needsPassword = link.purpose !== 'sign_in'
  const newPassword = needsPassword ? assertGoodPassword(password, link.user.email, 'password') : undefined
  const hash = newPassword === undefined ? undefined : await hashPassword(newPassword)
  return db.transaction().execute(async (trx) => {
    if (!(await markLinkUsed(trx, link.id)))
      throw new ApiError(404, 'NOT_FOUND', 'This link is unknown, already used or expired: ask for a new one')
    if (hash) {
      await trx.updateTable('users').set({ password_hash: hash, updated_at: new Date() }).where('id', '=', link.user.id).execute()
      await endAllSessions(trx, link.user.id)
    }
    return startSession(trx, link.user.id)
  })
}

/** Changes a signed-in user's password after checking the current one; ends every session and starts a new one. */
export async function changePassword(
  db: Kysely<Database>,
  user: { id: string; email: string },
  current: string,
  next: string,
): Promise<string> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow()
  if (!(await verifyPassword(current, row.password_hash)))
    throw validationError([{ path: 'current_password', message: 'is not your current password' }])
  const hash = await hashPassword(assertGoodPassword(next, user.email, 'new_password'))
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: hash, updated_at: new Date() }).where('id', '=', user.id).execute()
    await endAllSessions(trx, user.id)
    return startSession(trx, user.id)
  })
}

/** `CONSOLE_SIGNUP=open`: a new account on the free plan, its creator the owner, signed in. */
export async function signUp(
  db: Kysely<Database>,
  body: { account_name: string; email: string; password: string; name?: string | null },
): Promise<string> {
  const hash = await hashPassword(assertGoodPassword(body.password, body.email, 'password'))
  try {
    return await db.transaction().execute(async (trx) => {
      const account = await trx
        .insertInto('accounts')
        .values({ name: body.account_name, plan: 'free', rate_limit: null })
        .returning('id')
        .executeTakeFirstOrThrow()
      const user = await trx
        .insertInto('users')
        .values({ account_id: account.id, email: body.email, name: body.name ?? null, role: 'owner', password_hash: hash })
        .returning('id')
        .executeTakeFirstOrThrow()
      return startSession(trx, user.id)
    })
  } catch (err) {
    if (isPgError(err, SQLSTATE.uniqueViolation)) throw conflict('This account could not be created')
    throw err
  }
}
