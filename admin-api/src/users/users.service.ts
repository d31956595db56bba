import type { Database, UserRow } from '@event-service/db'
import { conflict, isPgError, notFound, SQLSTATE } from '@event-service/server-common'
import { offsetOf } from '../common/list-query.ts'
import type { Kysely, Transaction } from 'kysely'
import { createLink, enqueueInvitation, linkUrl } from './user-links.ts'
import type { InviteUserBody, ListUsersQuery, UpdateUserBody, User } from './users.schema.ts'

const USER_COLUMNS = ['id', 'account_id', 'email', 'name', 'role', 'password_hash', 'created_at', 'last_sign_in_at'] as const
type UserFields = Pick<UserRow, (typeof USER_COLUMNS)[number]>

/** A user as the API shows them: never the password hash. */
export function presentUser(row: UserFields): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    // Active once they have a password or have signed in (the demo organiser signs in by link alone).
    status: row.password_hash || row.last_sign_in_at ? 'active' : 'invited',
    created_at: row.created_at.toISOString(),
    last_sign_in_at: row.last_sign_in_at?.toISOString() ?? null,
  }
}

export async function listUsers(
  db: Kysely<Database>,
  accountId: string,
  query: ListUsersQuery,
): Promise<{ rows: UserFields[]; total: number }> {
  const base = db.selectFrom('users').where('account_id', '=', accountId)
  const [rows, count] = await Promise.all([
    base.select(USER_COLUMNS).orderBy(query.sort, query.order).orderBy('id').limit(query.limit).offset(offsetOf(query)).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

/** A person of the account, or 404 (another account's people too). */
export async function getUser(db: Kysely<Database>, accountId: string, userId: string): Promise<UserFields> {
  const user = await db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where('account_id', '=', accountId)
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user) throw notFound(`User ${userId}`)
  return user
}

/** What an invitation made: the person, and their one-time link (shown once, and sent by email). */
export interface Invitation {
  user: UserFields
  signInUrl: string
}

/**
 * Invites a person into an account: a user without a password, a one-time link (24 h) where they
 * set one, and the email carrying it (through the mail outbox, in the same transaction). An email
 * already in the account is 409 `CONFLICT`.
 *
 * @example
 * const { user, signInUrl } = await inviteUser(db, accountId, { email: 'ada@example.com', role: 'editor' }, { consoleOrigin })
 */
export async function inviteUser(
  db: Kysely<Database>,
  accountId: string,
  body: Pick<InviteUserBody, 'email' | 'role'> & { name?: string | null },
  options: { consoleOrigin: string; invitedBy?: string | null },
): Promise<Invitation> {
  try {
    return await db.transaction().execute(async (trx) => {
      const account = await trx.selectFrom('accounts').select('name').where('id', '=', accountId).executeTakeFirst()
      if (!account) throw notFound(`Account ${accountId}`)
      const user = await trx
        .insertInto('users')
        .values({ account_id: accountId, email: body.email, name: body.name ?? null, role: body.role })
        .returning(USER_COLUMNS)
        .executeTakeFirstOrThrow()
      const signInUrl = linkUrl(options.consoleOrigin, await createLink(trx, user.id, 'invite'))
      await enqueueInvitation(trx, {
        accountId,
        email: user.email,
        accountName: account.name,
        invitedBy: options.invitedBy ?? null,
        url: signInUrl,
      })
      return { user, signInUrl }
    })
  } catch (err) {
    if (isPgError(err, SQLSTATE.uniqueViolation)) throw conflict(`${body.email} is already a member of this account`)
    throw err
  }
}

/** Locks the account's owners, so that two changes cannot each leave the other the last owner. */
async function lockOwners(trx: Transaction<Database>, accountId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('users')
    .select('id')
    .where('account_id', '=', accountId)
    .where('role', '=', 'owner')
    .forUpdate()
    .execute()
  return rows.map((r) => r.id)
}

const lastOwner = () => conflict('An account keeps at least one owner: make someone else an owner first')

/** Changes a person's role or name; demoting the last owner is 409 `CONFLICT`. */
export async function updateUser(db: Kysely<Database>, accountId: string, userId: string, body: UpdateUserBody): Promise<UserFields> {
  return db.transaction().execute(async (trx) => {
    const owners = await lockOwners(trx, accountId)
    const user = await getUser(trx, accountId, userId)
    if (Object.keys(body).length === 0) return user
    if (body.role && body.role !== 'owner' && owners.length === 1 && owners[0] === userId) throw lastOwner()
    const updated = await trx
      .updateTable('users')
      .set({ ...body, updated_at: new Date() })
      .where('id', '=', userId)
      .returning(USER_COLUMNS)
      .executeTakeFirstOrThrow()
    // A new role takes effect at once: sessions read the role on every request.
    return updated
  })
}

/** Removes a person and ends their sessions; removing the last owner is 409 `CONFLICT`. */
export async function removeUser(db: Kysely<Database>, accountId: string, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const owners = await lockOwners(trx, accountId)
    await getUser(trx, accountId, userId)
    if (owners.length === 1 && owners[0] === userId) throw lastOwner()
    // Sessions and links go with the user (ON DELETE CASCADE).
    await trx.deleteFrom('users').where('id', '=', userId).execute()
  })
}

/** The users one email signs in as (one per account), most recently signed-in first. */
export async function usersByEmail(db: Kysely<Database>, email: string): Promise<UserFields[]> {
  return db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .orderBy('last_sign_in_at', (ob) => ob.desc().nullsLast())
    .orderBy('created_at')
    .execute()
}
