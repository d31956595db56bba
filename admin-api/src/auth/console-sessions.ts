import { createHash, timingSafeEqual } from 'node:crypto'
import type { Database, Role } from '@event-service/db'
import { generateSecret, hashSecret, isWellFormedSecret } from '@event-service/server-common'
import type { Context } from 'koa'
import type { Kysely } from 'kysely'
import type { CallerAccount } from './auth-state.ts'

/** The console's cookie: first-party (the console and /v1 share the admin server's origin). */
export const SESSION_COOKIE = 'console_session'
/** A session lives this long after its last use (sliding). */
export const SESSION_LIFETIME_MS = 14 * 24 * 3600_000
/** How often a session's use is written: sliding by the minute would write on every request. */
const TOUCH_EVERY_MS = 5 * 60_000

/** A live session with its user and account. */
export interface LiveSession {
  sessionId: string
  user: { id: string; email: string; name: string | null; role: Role }
  account: CallerAccount & { name: string }
}

/**
 * Starts a session for a user: the cookie value is a fresh secret (`sess_…`), stored only as its
 * SHA-256. Also notes the sign-in on the user.
 */
export async function startSession(db: Kysely<Database>, userId: string): Promise<string> {
  const secret = generateSecret('sess')
  const now = new Date()
  // A person's ended sessions go when they sign in again, so the table holds live ones and a few.
  await db.deleteFrom('user_sessions').where('user_id', '=', userId).where('expires_at', '<=', now).execute()
  await db
    .insertInto('user_sessions')
    .values({ user_id: userId, token_hash: hashSecret(secret), expires_at: new Date(now.getTime() + SESSION_LIFETIME_MS) })
    .execute()
  await db.updateTable('users').set({ last_sign_in_at: now }).where('id', '=', userId).execute()
  return secret
}

/** The live session a cookie value names, or undefined; slides its expiry now and then. */
export async function findSession(db: Kysely<Database>, secret: string): Promise<LiveSession | undefined> {
  if (!isWellFormedSecret(secret, 'sess')) return undefined
  const row = await db
    .selectFrom('user_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('accounts as a', 'a.id', 'u.account_id')
    .select([
      's.id as session_id',
      's.last_used_at',
      'u.id as user_id',
      'u.email',
      'u.name as user_name',
      'u.role',
      'a.id as account_id',
      'a.name as account_name',
      'a.plan',
      'a.rate_limit',
    ])
    .where('s.token_hash', '=', hashSecret(secret))
    .where('s.expires_at', '>', new Date())
    .executeTakeFirst()
  if (!row) return undefined
  const now = Date.now()
  if (now - row.last_used_at.getTime() > TOUCH_EVERY_MS) {
    await db
      .updateTable('user_sessions')
      .set({ last_used_at: new Date(now), expires_at: new Date(now + SESSION_LIFETIME_MS) })
      .where('id', '=', row.session_id)
      .execute()
  }
  return {
    sessionId: row.session_id,
    user: { id: row.user_id, email: row.email, name: row.user_name, role: row.role },
    account: { id: row.account_id, name: row.account_name, plan: row.plan, rate_limit: row.rate_limit },
  }
}

/** Ends one session (sign-out). */
export async function endSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom('user_sessions').where('id', '=', sessionId).execute()
}

/** Ends every session of a user (sign out everywhere, a password change). */
export async function endAllSessions(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('user_sessions').where('user_id', '=', userId).execute()
}

/**
 * The CSRF token of a session: derived from the cookie's secret, so nothing more is stored, and a
 * page of another origin cannot know it (it cannot read the cookie, nor the console's answers).
 */
export function csrfTokenOf(secret: string): string {
  return createHash('sha256').update(`csrf:${secret}`).digest('base64url')
}

/** Whether a request's `X-CSRF-Token` is the session's. */
export function csrfTokenMatches(secret: string, sent: string): boolean {
  const expected = Buffer.from(csrfTokenOf(secret))
  const actual = Buffer.from(sent)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** Whether the request reached us over https (directly, or through a proxy that says so). */
const isHttps = (ctx: Context) => ctx.secure || ctx.get('X-Forwarded-Proto').split(',')[0]?.trim() === 'https'

/** Sets the session cookie: `HttpOnly`, `SameSite=Lax`, `Path=/`, `Secure` over https. */
export function setSessionCookie(ctx: Context, secret: string): void {
  writeCookie(ctx, secret, SESSION_LIFETIME_MS)
}

export function clearSessionCookie(ctx: Context): void {
  writeCookie(ctx, '', 0)
}

function writeCookie(ctx: Context, value: string, maxAge: number): void {
  const secure = isHttps(ctx)
  // Behind a TLS-terminating proxy the socket is plain http: tell `cookies` the connection is safe.
  if (secure) ctx.cookies.secure = true
  ctx.cookies.set(SESSION_COOKIE, value, { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge, overwrite: true })
}

/** The cookie's value, if the request carries one. */
export const sessionCookieOf = (ctx: Context): string | undefined => ctx.cookies.get(SESSION_COOKIE) || undefined
