import type { ApiKeyScope, Database } from '@event-service/db'
import { hashSecret, isWellFormedSecret } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import type { CallerAccount } from './auth-state.ts'

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i

/** The key of an `Authorization: Bearer sk_…` header, when it has the shape and checksum of one. */
export function readBearer(header: string): string | undefined {
  const key = BEARER.exec(header)?.[1]
  return key && isWellFormedSecret(key, 'sk') ? key : undefined
}

/** The account owning a live (not revoked) API key, looked up by the key's SHA-256, and the key's scope. */
export async function findAccountByApiKey(
  db: Kysely<Database>,
  apiKey: string,
): Promise<{ apiKeyId: string; scope: ApiKeyScope; account: CallerAccount } | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
    .select(['api_keys.id as key_id', 'api_keys.scope', 'accounts.id as account_id', 'accounts.plan', 'accounts.rate_limit'])
    .where('api_keys.key_hash', '=', hashSecret(apiKey))
    .where('api_keys.revoked_at', 'is', null)
    .executeTakeFirst()
  return row && { apiKeyId: row.key_id, scope: row.scope, account: { id: row.account_id, plan: row.plan, rate_limit: row.rate_limit } }
}
