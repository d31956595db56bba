import { hashSecret, isWellFormedSecret, type Database } from '@event-service/db'
import { ApiError } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import type { Middleware } from 'koa'
import type { AdminState, CallerAccount } from './auth-state.ts'
import type { KeyUsageRecorder } from './key-usage.ts'

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i

const unauthorized = (message: string) => new ApiError(401, 'UNAUTHORIZED', message, {}, { 'WWW-Authenticate': 'Bearer realm="admin-api"' })

/** The account owning a live (not revoked) API key, looked up by the key's SHA-256. */
export async function findAccountByApiKey(
  db: Kysely<Database>,
  apiKey: string,
): Promise<{ apiKeyId: string; account: CallerAccount } | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
    .select(['api_keys.id as key_id', 'accounts.id as account_id', 'accounts.plan', 'accounts.rate_limit'])
    .where('api_keys.key_hash', '=', hashSecret(apiKey))
    .where('api_keys.revoked_at', 'is', null)
    .executeTakeFirst()
  return row && { apiKeyId: row.key_id, account: { id: row.account_id, plan: row.plan, rate_limit: row.rate_limit } }
}

/**
 * `Authorization: Bearer sk_…` → `ctx.state.account`. Every failure is the same 401, so the
 * answer never tells a guessed key apart from a revoked one; keys of the wrong shape or checksum
 * are refused without touching the database.
 */
export function apiKeyAuth(db: Kysely<Database>, usage: KeyUsageRecorder): Middleware<AdminState> {
  return async (ctx, next) => {
    const header = ctx.get('Authorization')
    if (!header) throw unauthorized('An API key is required: send `Authorization: Bearer <API_KEY>`')
    const key = BEARER.exec(header)?.[1]
    const found = key && isWellFormedSecret(key, 'sk') ? await findAccountByApiKey(db, key) : undefined
    if (!found) throw unauthorized('The API key is invalid or has been revoked')
    ctx.state.account = found.account
    ctx.state.apiKeyId = found.apiKeyId
    usage.record(found.apiKeyId)
    await next()
  }
}
