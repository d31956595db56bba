import type { Database } from '@event-service/db'
import { notFound, ok, page } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import { IdParams } from '../common/fields.ts'
import { hourlyLimitOf } from '../auth/plan-limits.ts'
import type { ApiBuilder } from '../openapi/api-builder.ts'
import {
  AccountResponse,
  ApiKeyListResponse,
  ApiKeyResponse,
  CreateApiKeyBody,
  CreatedApiKeyResponse,
  ListApiKeysQuery,
  UpdateAccountBody,
} from '../users/users.schema.ts'
import { type ApiKeySummary, createScopedApiKey, getApiKey, pageApiKeys, revokeApiKey } from './accounts.service.ts'

const presentApiKey = (key: ApiKeySummary) => ({
  ...key,
  created_at: key.created_at.toISOString(),
  last_used_at: key.last_used_at?.toISOString() ?? null,
  revoked_at: key.revoked_at?.toISOString() ?? null,
})

/** `/account` and `/api-keys`: the console's Account settings (docs/console.md). */
export function accountRoutes(api: ApiBuilder, db: Kysely<Database>): void {
  const readAccount = async (id: string) => {
    const row = await db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row) throw notFound('Account')
    return { id: row.id, name: row.name, plan: row.plan, rate_limit: hourlyLimitOf(row), created_at: row.created_at.toISOString() }
  }
  api.route(
    {
      method: 'get',
      path: '/account',
      operationId: 'getAccount',
      summary: "The caller's account: name, plan and hourly API limit",
      tag: 'Account',
      responses: { 200: { description: 'The account', schema: AccountResponse } },
    },
    async (ctx) => {
      ctx.body = ok(await readAccount(ctx.state.account.id))
    },
  )
  api.route(
    {
      method: 'patch',
      path: '/account',
      operationId: 'updateAccount',
      summary: 'Rename the account (the plan is not changed here)',
      tag: 'Account',
      access: 'owner',
      request: { body: UpdateAccountBody },
      responses: { 200: { description: 'The account as it is now', schema: AccountResponse } },
    },
    async (ctx, { body }) => {
      if (body.name !== undefined)
        await db.updateTable('accounts').set({ name: body.name }).where('id', '=', ctx.state.account.id).execute()
      ctx.body = ok(await readAccount(ctx.state.account.id))
    },
  )
  api.route(
    {
      method: 'get',
      path: '/api-keys',
      operationId: 'listApiKeys',
      summary: "List the account's API keys (prefix only, never the key)",
      tag: 'API keys',
      access: 'owner',
      request: { query: ListApiKeysQuery },
      responses: { 200: { description: 'A page of keys', schema: ApiKeyListResponse } },
    },
    async (ctx, { query }) => {
      const { rows, total } = await pageApiKeys(db, ctx.state.account.id, query)
      ctx.body = page(rows.map(presentApiKey), { page: query.page, limit: query.limit, total })
    },
  )
  api.route(
    {
      method: 'post',
      path: '/api-keys',
      operationId: 'createApiKey',
      summary: 'Create an API key',
      description: 'The answer is the only one that contains the key (`api_key`). A `read` key gets 403 on every write.',
      tag: 'API keys',
      access: 'owner',
      request: { body: CreateApiKeyBody },
      responses: { 201: { description: 'The key, with its secret this once', schema: CreatedApiKeyResponse } },
    },
    async (ctx, { body }) => {
      ctx.status = 201
      ctx.body = ok(presentApiKey(await createScopedApiKey(db, ctx.state.account.id, body)))
    },
  )
  api.route(
    {
      method: 'get',
      path: '/api-keys/{id}',
      operationId: 'getApiKey',
      summary: 'Get an API key (prefix only)',
      tag: 'API keys',
      access: 'owner',
      request: { params: IdParams },
      responses: { 200: { description: 'The key', schema: ApiKeyResponse } },
      errors: [404],
    },
    async (ctx, { params }) => {
      ctx.body = ok(presentApiKey(await getApiKey(db, ctx.state.account.id, params.id)))
    },
  )
  api.route(
    {
      method: 'delete',
      path: '/api-keys/{id}',
      operationId: 'revokeApiKey',
      summary: 'Revoke an API key for good',
      description: 'Requests with it answer 401 from then on. Revoking twice is 409.',
      tag: 'API keys',
      access: 'owner',
      request: { params: IdParams },
      responses: { 200: { description: 'The revoked key', schema: ApiKeyResponse } },
      errors: [404, 409],
    },
    async (ctx, { params }) => {
      ctx.body = ok(presentApiKey(await revokeApiKey(db, params.id, ctx.state.account.id)))
    },
  )
}
