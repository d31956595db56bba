import type { Database } from '@event-service/db'
import { ApiError, forbidden } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import type { Middleware } from 'koa'
import { findAccountByApiKey, readBearer } from './api-key-auth.ts'
import type { AdminState } from './auth-state.ts'
import { csrfTokenMatches, findSession, sessionCookieOf } from './console-sessions.ts'
import type { KeyUsageRecorder } from './key-usage.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

const signInRequired = () => unauthorizedWithChallenge('An API key is required (`Authorization: Bearer <API_KEY>`), or a console session')

const unauthorizedWithChallenge = (message: string) =>
  new ApiError(401, 'UNAUTHORIZED', message, {}, { 'WWW-Authenticate': 'Bearer realm="admin-api"' })

/**
 * The admin API's one authentication step: `Authorization: Bearer sk_…` (as before; it wins when
 * both are present) or the console's session cookie. Either yields the same `ctx.state.account`,
 * and `ctx.state.caller` with a role (a `write` key acts as an owner, a `read` key as a viewer);
 * each route then checks the access it declares (`permissions.ts`).
 *
 * With the cookie, a request that may change something must carry the session's CSRF token in
 * `X-CSRF-Token` and come from this server's own origin (`Origin`), else 403 `FORBIDDEN`: the
 * cookie alone is sent by the browser to any page's requests, so it proves nothing about intent.
 */
export function authenticate(db: Kysely<Database>, usage: KeyUsageRecorder): Middleware<AdminState> {
  return async (ctx, next) => {
    const header = ctx.get('Authorization')
    if (header) {
      const key = readBearer(header)
      const found = key ? await findAccountByApiKey(db, key) : undefined
      if (!found) throw unauthorizedWithChallenge('The API key is invalid or has been revoked')
      ctx.state.account = found.account
      ctx.state.caller = { role: found.scope === 'write' ? 'owner' : 'viewer', apiKeyId: found.apiKeyId }
      usage.record(found.apiKeyId)
      return next()
    }
    const secret = sessionCookieOf(ctx)
    const session = secret ? await findSession(db, secret) : undefined
    if (!secret || !session) throw signInRequired()
    if (!SAFE_METHODS.has(ctx.method)) {
      if (!sameOrigin(ctx.get('Origin'), ctx.get('Host')))
        throw forbidden('This request must come from the console (its Origin is missing or foreign)')
      if (!csrfTokenMatches(secret, ctx.get('X-CSRF-Token')))
        throw forbidden('The CSRF token (X-CSRF-Token) is missing or wrong: reload the console')
    }
    const { id, plan, rate_limit } = session.account
    ctx.state.account = { id, plan, rate_limit }
    ctx.state.caller = {
      role: session.user.role,
      user: { id: session.user.id, email: session.user.email, name: session.user.name, sessionId: session.sessionId },
    }
    return next()
  }
}

/** Whether `Origin` names the host the request was sent to (the console is served by this server). */
export function sameOrigin(origin: string, host: string): boolean {
  if (!origin || !host) return false
  try {
    return new URL(origin).host === host.toLowerCase()
  } catch {
    return false
  }
}
