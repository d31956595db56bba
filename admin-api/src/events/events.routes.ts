import type { Database, EventRow } from '@event-service/db'
import { ok, page } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import { Deleted } from '../common/envelopes.ts'
import { IdParams } from '../common/fields.ts'
import type { ApiBuilder } from '../openapi/api-builder.ts'
import { loadEventSyncs } from '../event-sync/sync.service.ts'
import type { TargetPolicy } from '../webhooks/target-address.ts'
import { presentEventWithSync } from './events.presenter.ts'
import { CreateEventBody, EventListResponse, EventResponse, ListEventsQuery, UpdateEventBody } from './events.schema.ts'
import { createEvent, deleteEvent, getEvent, listEvents, updateEvent } from './events.service.ts'

const tag = 'Events'

/**
 * `POST/GET/PATCH/DELETE /events` (docs/admin-api.md#events-sessions-registrations). `policy`: which
 * addresses a `sync.url` may point to (the webhooks' rules).
 */
export function eventRoutes(api: ApiBuilder, db: Kysely<Database>, policy: TargetPolicy): void {
  /** The event with the source it follows. */
  const presented = async (row: EventRow) => presentEventWithSync(row, (await loadEventSyncs(db, [row.id])).get(row.id))
  api.route(
    {
      method: 'post',
      path: '/events',
      operationId: 'createEvent',
      summary: 'Create an event',
      tag,
      request: { body: CreateEventBody },
      responses: { 201: { description: 'The event', schema: EventResponse } },
    },
    async (ctx, { body }) => {
      ctx.status = 201
      ctx.body = ok(await presented(await createEvent(db, ctx.state.account.id, body, policy)))
    },
  )
  api.route(
    {
      method: 'get',
      path: '/events',
      operationId: 'listEvents',
      summary: 'List the events of the account',
      tag,
      request: { query: ListEventsQuery },
      responses: { 200: { description: 'A page of events', schema: EventListResponse } },
    },
    async (ctx, { query }) => {
      const { rows, total } = await listEvents(db, ctx.state.account.id, query)
      const syncs = await loadEventSyncs(
        db,
        rows.map((r) => r.id),
      )
      ctx.body = page(
        rows.map((r) => presentEventWithSync(r, syncs.get(r.id))),
        { page: query.page, limit: query.limit, total },
      )
    },
  )
  api.route(
    {
      method: 'get',
      path: '/events/{id}',
      operationId: 'getEvent',
      summary: 'Get an event',
      tag,
      request: { params: IdParams },
      responses: { 200: { description: 'The event', schema: EventResponse } },
      errors: [404],
    },
    async (ctx, { params }) => {
      ctx.body = ok(await presented(await getEvent(db, ctx.state.account.id, params.id)))
    },
  )
  api.route(
    {
      method: 'patch',
      path: '/events/{id}',
      operationId: 'updateEvent',
      summary: 'Change some fields of an event',
      description: 'Only the fields present change; an empty body changes nothing. `tickets` replaces the whole list.',
      tag,
      request: { params: IdParams, body: UpdateEventBody },
      responses: { 200: { description: 'The event as it is now', schema: EventResponse } },
      errors: [404],
    },
    async (ctx, { params, body }) => {
      ctx.body = ok(await presented(await updateEvent(db, ctx.state.account.id, params.id, body, policy)))
    },
  )
  api.route(
    {
      method: 'delete',
      path: '/events/{id}',
      operationId: 'deleteEvent',
      summary: 'Delete an event',
      description: 'Permanent: its speakers, sessions, embed tokens and registrations are deleted with it.',
      tag,
      request: { params: IdParams },
      responses: { 200: { description: 'Deleted', schema: Deleted } },
      errors: [404],
    },
    async (ctx, { params }) => {
      await deleteEvent(db, ctx.state.account.id, params.id)
      ctx.body = ok({ id: params.id, deleted: true as const })
    },
  )
}
