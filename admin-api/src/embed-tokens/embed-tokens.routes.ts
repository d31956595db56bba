import type { Database } from '@event-service/db'
import { FRESHNESS_BOUND_MS, ok, page, untilHonouredEverywhere } from '@event-service/server-common'
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
      description:
        `Has taken effect on every embed server when it answers (${FRESHNESS_BOUND_MS} ms after its commit at most, the bound ` +
        'within which every embed server honours a change). A revoked token cannot be changed (409).',
      tag,
      request: { params: IdParams, body: UpdateEmbedTokenBody },
      responses: { 200: { description: 'The token as it is now', schema: EmbedTokenResponse } },
      errors: [404, 409],
    },
    async (ctx, { params, body }) => {
      const token = await updateEmbedToken(db, ctx.state.account.id, params.id, body)
      await untilHonouredEverywhere(performance.now())
      ctx.body = ok(presentEmbedToken(token))
    },
  )
  api.route(
    {
      method: 'delete',
      path: '/embed-tokens/{id}',
      operationId: 'revokeEmbedToken',
      summary: 'Revoke an embed token',
      description:
        'Soft delete, final: sites using the token stop showing widgets, on every embed server by the time it answers. Revoking again is 409.',
      tag,
      request: { params: IdParams },
      responses: { 200: { description: 'The revoked token', schema: EmbedTokenResponse } },
      errors: [404, 409],
    },
    async (ctx, { params }) => {
      const token = await revokeEmbedToken(db, ctx.state.account.id, params.id)
      await untilHonouredEverywhere(performance.now())
      ctx.body = ok(presentEmbedToken(token))
    },
  )
}
