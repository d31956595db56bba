import type { ApiKeyScope, ApiKeyRow, Database } from '@event-service/db'
import { generateSecret, hashSecret, secretPrefix } from '@event-service/server-common'
import { conflict, notFound } from '@event-service/server-common/api-error.ts'
import { parseOptions } from '@event-service/server-common/validation-messages.ts'
import { offsetOf } from '../common/list-query.ts'
import type { Kysely } from 'kysely'
import { AccountId, ApiKeyId, CreateAccountInput, CreateApiKeyInput } from './accounts.schema.ts'

/** An API key as listings show it: never the key itself, only its prefix. */
export interface ApiKeySummary {
  id: string
  name: string
  prefix: string
  scope: ApiKeyScope
  created_at: Date
  last_used_at: Date | null
  revoked_at: Date | null
}

/** The key an account is created with. */
const FIRST_KEY_NAME = 'Default key'

const presentKey = (row: Pick<ApiKeyRow, keyof ApiKeySummary>): ApiKeySummary => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scope: row.scope,
  created_at: row.created_at,
  last_used_at: row.last_used_at,
  revoked_at: row.revoked_at,
})

const KEY_COLUMNS = ['id', 'name', 'prefix', 'scope', 'created_at', 'last_used_at', 'revoked_at'] as const

async function insertKey(
  db: Kysely<Database>,
  accountId: string,
  name: string,
  scope: ApiKeyScope = 'write',
): Promise<{ key_id: string; api_key: string; key: ApiKeySummary }> {
  const apiKey = generateSecret('sk')
  const row = await db
    .insertInto('api_keys')
    .values({
      account_id: accountId,
      name,
      scope,
      prefix: secretPrefix(apiKey),
      key_hash: hashSecret(apiKey),
      last_used_at: null,
      revoked_at: null,
    })
    .returning(KEY_COLUMNS)
    .executeTakeFirstOrThrow()
  return { key_id: row.id, api_key: apiKey, key: presentKey(row) }
}

async function assertAccountExists(db: Kysely<Database>, accountId: string): Promise<void> {
  const found = await db.selectFrom('accounts').select('id').where('id', '=', accountId).executeTakeFirst()
  if (!found) throw notFound(`Account ${accountId}`)
}

/**
 * Creates an account with a first API key (named "Default key"). The key is returned once and
 * stored only as its SHA-256 hash.
 *
 * @example
 * const { account_id, api_key } = await createAccount(db, { name: 'Acme', plan: 'pro' })
 */
export async function createAccount(db: Kysely<Database>, input: CreateAccountInput): Promise<{ account_id: string; api_key: string }> {
  const { name, plan, rateLimit } = CreateAccountInput.parse(input, parseOptions('body'))
  return db.transaction().execute(async (trx) => {
    const account = await trx
      .insertInto('accounts')
      .values({ name, plan, rate_limit: rateLimit ?? null })
      .returning('id')
      .executeTakeFirstOrThrow()
    const { api_key } = await insertKey(trx, account.id, FIRST_KEY_NAME)
    return { account_id: account.id, api_key }
  })
}

/**
 * Adds an API key to an account; throws 404 `NOT_FOUND` for an unknown account.
 *
 * @example
 * const { key_id, api_key } = await createApiKey(db, { accountId, name: 'CI key' })
 */
export async function createApiKey(db: Kysely<Database>, input: CreateApiKeyInput): Promise<{ key_id: string; api_key: string }> {
  const { accountId, name } = CreateApiKeyInput.parse(input, parseOptions('body'))
  await assertAccountExists(db, accountId)
  const { key_id, api_key } = await insertKey(db, accountId, name)
  return { key_id, api_key }
}

/** A key made in the console's Account settings (`POST /v1/api-keys`): the key, and its secret once. */
export async function createScopedApiKey(
  db: Kysely<Database>,
  accountId: string,
  input: { name: string; scope: ApiKeyScope },
): Promise<ApiKeySummary & { api_key: string }> {
  const { api_key, key } = await insertKey(db, accountId, input.name, input.scope)
  return { ...key, api_key }
}

/** One key of the account (revoked ones too), or 404. */
export async function getApiKey(db: Kysely<Database>, accountId: string, keyId: string): Promise<ApiKeySummary> {
  const row = await db
    .selectFrom('api_keys')
    .select(KEY_COLUMNS)
    .where('account_id', '=', accountId)
    .where('id', '=', keyId)
    .executeTakeFirst()
  if (!row) throw notFound(`API key ${keyId}`)
  return presentKey(row)
}

/** A page of the account's keys, newest first by default; revoked ones only when asked. */
export async function pageApiKeys(
  db: Kysely<Database>,
  accountId: string,
  query: { page: number; limit: number; sort: 'created_at' | 'name' | 'last_used_at'; order: 'asc' | 'desc'; include_revoked?: boolean },
): Promise<{ rows: ApiKeySummary[]; total: number }> {
  let base = db.selectFrom('api_keys').where('account_id', '=', accountId)
  if (!query.include_revoked) base = base.where('revoked_at', 'is', null)
  const [rows, count] = await Promise.all([
    base.select(KEY_COLUMNS).orderBy(query.sort, query.order).orderBy('id').limit(query.limit).offset(offsetOf(query)).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows: rows.map(presentKey), total: Number(count.n) }
}

/** The account's keys, revoked ones included, oldest first. */
export async function listApiKeys(db: Kysely<Database>, accountId: string): Promise<ApiKeySummary[]> {
  const id = AccountId.parse(accountId, parseOptions('params'))
  await assertAccountExists(db, id)
  const rows = await db
    .selectFrom('api_keys')
    .select(KEY_COLUMNS)
    .where('account_id', '=', id)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map(presentKey)
}

/**
 * Revokes a key for good: requests with it answer 401 from then on. Revoking twice is a 409
 * `CONFLICT`, not a silent success, so that a typo in a key id cannot look like it worked.
 */
export async function revokeApiKey(db: Kysely<Database>, keyId: string, accountId?: string): Promise<ApiKeySummary> {
  const id = ApiKeyId.parse(keyId, parseOptions('params'))
  // From the API the key must be the caller's account's (else 404, as for every other account's resource).
  let update = db.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', id).where('revoked_at', 'is', null)
  if (accountId) update = update.where('account_id', '=', accountId)
  const revoked = await update.returning(KEY_COLUMNS).executeTakeFirst()
  if (revoked) return presentKey(revoked)
  let lookup = db.selectFrom('api_keys').select('revoked_at').where('id', '=', id)
  if (accountId) lookup = lookup.where('account_id', '=', accountId)
  const existing = await lookup.executeTakeFirst()
  if (!existing) throw notFound(`API key ${id}`)
  throw conflict(`API key ${id} was already revoked at ${existing.revoked_at?.toISOString()}`)
}
