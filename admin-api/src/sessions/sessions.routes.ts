import type { Database } from '@event-service/db'
import { ok, page } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import { Deleted } from '../common/envelopes.ts'
import { IdParams } from '../common/fields.ts'
import type { ApiBuilder } from '../openapi/api-builder.ts'
import { presentSession } from './sessions.presenter.ts'
import { CreateSessionBody, ListSessionsQuery, SessionListResponse, SessionResponse, UpdateSessionBody } from './sessions.schema.ts'
import { createSession, deleteSession, getSession, listSessions, updateSession } from './sessions.service.ts'

const tag = 'Sessions'

/** `POST/GET/PATCH/DELETE /sessions` (docs/admin-api.md#events-sessions-registrations). */
export function sessionRoutes(api: ApiBuilder, db: Kysely<Database>): void {
  api.route(
    {
      method: 'post',
      path: '/sessions',
      operationId: 'createSession',
      summary: 'Create a session',
      description: 'Every id of `speaker_ids` must be a speaker of the same event; otherwise 404.',
      tag,
      request: { body: CreateSessionBody },
      responses: { 201: { description: 'The session with its speakers', schema: SessionResponse } },
      errors: [404],
    },
    async (ctx, { body }) => {
      ctx.status = 201
      ctx.body = ok(presentSession(await createSession(db, ctx.state.account.id, body)))
    },
  )
  api.route(
    {
      method: 'get',
      path: '/sessions',
      operationId: 'listSessions',
      summary: "List an event's sessions with their speakers",
      tag,
      request: { query: ListSessionsQuery },
      responses: { 200: { description: 'A page of sessions', schema: SessionListResponse } },
      errors: [404],
    },
    async (ctx, { query }) => {
      const { rows, total } = await listSessions(db, ctx.state.account.id, query)
      ctx.body = page(rows.map(presentSession), { page: query.page, limit: query.limit, total })
    },
  )
  api.route(
    {
      method: 'get',
      path: '/sessions/{id}',
      operationId: 'getSession',
      summary: 'Get a session',
      tag,
      request: { params: IdParams },
      responses: { 200: { description: 'The session', schema: SessionResponse } },
      errors: [404],
    },
    async (ctx, { params }) => {
      ctx.body = ok(presentSession(await getSession(db, ctx.state.account.id, params.id)))
    },
  )
  api.route(
    {
      method: 'patch',
      path: '/sessions/{id}',
      operationId: 'updateSession',
      summary: 'Change some fields of a session',
      description: 'Only the fields present change; `speaker_ids` replaces the whole list; an empty body changes nothing.',
      tag,
      request: { params: IdParams, body: UpdateSessionBody },
      responses: { 200: { description: 'The session as it is now', schema: SessionResponse } },
      errors: [404],
    },
    async (ctx, { params, body }) => {
      ctx.body = ok(presentSession(await updateSession(db, ctx.state.account.id, params.id, body)))
    },
  )
  api.route(
    {
      method: 'delete',
      path: '/sessions/{id}',
      operationId: 'deleteSession',
      summary: 'Delete a session',
      tag,
      request: { params: IdParams },
      responses: { 200: { description: 'Deleted', schema: Deleted } },
      errors: [404],
    },
    async (ctx, { params }) => {
      await deleteSession(db, ctx.state.account.id, params.id)
      ctx.body = ok({ id: params.id, deleted: true as const })
    },
  )
}
