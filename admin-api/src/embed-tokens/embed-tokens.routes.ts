import type { Database } from '@event-service/db'
import { ok, page } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import { IdParams } from '../common/fields.ts'
import type { ApiBuilder } from '../openapi/api-builder.ts'
import { presentCreatedEmbedToken, presentEmbedToken } from './embed-tokens.presenter.ts'
import {
  CreatedEmbedTokenResponse,
  CreateEmbedTokenBody,
  EmbedTokenListResponse,
  EmbedTokenResponse,
  ListEmbedTokensQuery,
  UpdateEmbedTokenBody,
} from './embed-tokens.schema.ts'
import { createEmbedToken, getEmbedToken, listEmbedTokens, revokeEmbedToken, updateEmbedToken } from './embed-tokens.service.ts'

const tag = 'Embed tokens'

/** The embed token routes of docs/admin-api.md#endpoints. */
export function embedTokenRoutes(api: ApiBuilder, db: Kysely<Database>): void {
  api.route(
    {
      method: 'get',
      path: '/embed-tokens',
      operationId: 'listEmbedTokens',
      summary: 'List the embed tokens of the account',
      description: 'Never returns a token value, only its `prefix`. Revoked tokens are hidden unless `include_revoked=true`.',
      tag,
      request: { query: ListEmbedTokensQuery },
      responses: { 200: { description: 'A page of embed tokens', schema: EmbedTokenListResponse } },
      errors: [404],
    },
    async (ctx, { query }) => {
      const { rows, total } = await listEmbedTokens(db, ctx.state.account.id, query)
      ctx.body = page(rows.map(presentEmbedToken), { page: query.page, limit: query.limit, total })
    },
  )
  api.route(
    {
      method: 'post',
      path: '/embed-tokens',
      operationId: 'createEmbedToken',
      summary: 'Create an embed token for an event',
      description: 'The response is the only one that contains the full `token`; store it now.',
      tag,
      request: { body: CreateEmbedTokenBody },
      responses: { 201: { description: 'The new, active token', schema: CreatedEmbedTokenResponse } },
      errors: [404],
    },
    async (ctx, { body }) => {
      const { row, token } = await createEmbedToken(db, ctx.state.account.id, body)
      ctx.status = 201
      ctx.body = ok(presentCreatedEmbedToken(row, token))
    },
  )
  api.route(
    {
      method: 'get',
      path: '/embed-tokens/{id}',
      operationId: 'getEmbedToken',
      summary: 'Get an embed token (revoked ones too)',
      tag,
      request: { params: IdParams },
      responses: { 200: { description: 'The token, without its value', schema: EmbedTokenResponse } },
      errors: [404],
    },
    async (ctx, { params }) => {
      ctx.body = ok(presentEmbedToken(await getEmbedToken(db, ctx.state.account.id, params.id)))
    },
  )
  api.route(
    {
      method: 'patch',
      path: '/embed-tokens/{id}',
      operationId: 'updateEmbedToken',
      summary: 'Rename, re-scope, disable or enable an embed token',
      description: 'Takes effect at once on every embed server. A revoked token cannot be changed (409).',
      tag,
      request: { params: IdParams, body: UpdateEmbedTokenBody },
      responses: { 200: { description: 'The token as it is now', schema: EmbedTokenResponse } },
      errors: [404, 409],
    },
    async (ctx, { params, body }) => {
      ctx.body = ok(presentEmbedToken(await updateEmbedToken(db, ctx.state.account.id, params.id, body)))
    },
  )
  api.route(
    {
      method: 'delete',
      path: '/embed-tokens/{id}',
      operationId: 'revokeEmbedToken',
      summary: 'Revoke an embed token',
      description: 'Soft delete, immediate and final: sites using the token stop showing widgets. Revoking again is 409.',
      tag,
      request: { params: IdParams },
      responses: { 200: { description: 'The revoked token', schema: EmbedTokenResponse } },
      errors: [404, 409],
    },
    async (ctx, { params }) => {
      ctx.body = ok(presentEmbedToken(await revokeEmbedToken(db, ctx.state.account.id, params.id)))
    },
  )
}
