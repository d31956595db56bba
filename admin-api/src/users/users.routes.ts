import type { Database } from '@event-service/db'
import { ok, page } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import { Deleted } from '../common/envelopes.ts'
import { IdParams } from '../common/fields.ts'
import type { AdminContext, ApiBuilder } from '../openapi/api-builder.ts'
import { InvitedUserResponse, InviteUserBody, ListUsersQuery, UpdateUserBody, UserListResponse, UserResponse } from './users.schema.ts'
import { getUser, inviteUser, listUsers, presentUser, removeUser, updateUser } from './users.service.ts'

const tag = 'People'

/** `/users`: the people of the account and their roles; owners only (docs/console.md). */
export function userRoutes(api: ApiBuilder, db: Kysely<Database>, deps: { consoleOrigin(ctx: AdminContext): string }): void {
  api.route(
    {
      method: 'get',
      path: '/users',
      operationId: 'listUsers',
      summary: 'List the people of the account',
      tag,
      access: 'owner',
      request: { query: ListUsersQuery },
      responses: { 200: { description: 'A page of people', schema: UserListResponse } },
    },
    async (ctx, { query }) => {
      const { rows, total } = await listUsers(db, ctx.state.account.id, query)
      ctx.body = page(rows.map(presentUser), { page: query.page, limit: query.limit, total })
    },
  )
  api.route(
    {
      method: 'post',
      path: '/users',
      operationId: 'inviteUser',
      summary: 'Invite a person by email',
      description:
        'Emails a one-time link (24 h) where they set a password and are signed in. The answer carries the same link ' +
        '(`sign_in_url`) once, to hand over another way. An email already in the account is 409.',
      tag,
      access: 'owner',
      request: { body: InviteUserBody },
      responses: { 201: { description: 'The invited person and their link', schema: InvitedUserResponse } },
      errors: [409],
    },
    async (ctx, { body }) => {
      const invitedBy = ctx.state.caller.user ? (ctx.state.caller.user.name ?? ctx.state.caller.user.email) : null
      const { user, signInUrl } = await inviteUser(db, ctx.state.account.id, body, { consoleOrigin: deps.consoleOrigin(ctx), invitedBy })
      ctx.status = 201
      ctx.body = ok({ ...presentUser(user), sign_in_url: signInUrl })
    },
  )
  api.route(
    {
      method: 'get',
      path: '/users/{id}',
      operationId: 'getUser',
      summary: 'Get a person of the account',
      tag,
      access: 'owner',
      request: { params: IdParams },
      responses: { 200: { description: 'The person', schema: UserResponse } },
      errors: [404],
    },
    async (ctx, { params }) => {
      ctx.body = ok(presentUser(await getUser(db, ctx.state.account.id, params.id)))
    },
  )
  api.route(
    {
      method: 'patch',
      path: '/users/{id}',
      operationId: 'updateUser',
      summary: "Change a person's role or name",
      description: 'Demoting the last owner is 409 `CONFLICT`.',
      tag,
      access: 'owner',
      request: { params: IdParams, body: UpdateUserBody },
      responses: { 200: { description: 'The person as they are now', schema: UserResponse } },
      errors: [404, 409],
    },
    async (ctx, { params, body }) => {
      ctx.body = ok(presentUser(await updateUser(db, ctx.state.account.id, params.id, body)))
    },
  )
  api.route(
    {
      method: 'delete',
      path: '/users/{id}',
      operationId: 'removeUser',
      summary: 'Remove a person from the account',
      description: 'Ends their sessions at once. Removing the last owner is 409 `CONFLICT`.',
      tag,
      access: 'owner',
      request: { params: IdParams },
      responses: { 200: { description: 'Removed', schema: Deleted } },
      errors: [404, 409],
    },
    async (ctx, { params }) => {
      await removeUser(db, ctx.state.account.id, params.id)
      ctx.body = ok({ id: params.id, deleted: true as const })
    },
  )
}
