import type { Database } from '@event-service/db'
import { ok, page } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import { Deleted } from '../common/envelopes.ts'
import { IdParams } from '../common/fields.ts'
import type { ApiBuilder } from '../openapi/api-builder.ts'
import { presentSpeaker } from './speakers.presenter.ts'
import { ListSpeakersQuery, SpeakerListResponse, SpeakerResponse, UpdateSpeakerBody, UpsertSpeakerBody } from './speakers.schema.ts'
import { deleteSpeaker, getSpeaker, listSpeakers, updateSpeaker, upsertSpeaker } from './speakers.service.ts'

const tag = 'Speakers'

/** The speaker routes of docs/admin-api.md#endpoints. */
export function speakerRoutes(api: ApiBuilder, db: Kysely<Database>): void {
  api.route(
    {
      method: 'get',
      path: '/speakers',
      operationId: 'listSpeakers',
      summary: "List an event's speakers",
      tag,
      request: { query: ListSpeakersQuery },
      responses: { 200: { description: 'A page of speakers', schema: SpeakerListResponse } },
      errors: [404],
    },
    async (ctx, { query }) => {
      const { rows, total } = await listSpeakers(db, ctx.state.account.id, query)
      ctx.body = page(rows.map(presentSpeaker), { page: query.page, limit: query.limit, total })
    },
  )
  api.route(
    {
      method: 'post',
      path: '/speakers',
      operationId: 'upsertSpeaker',
      summary: 'Create a speaker, or update the one with the same email',
      description:
        'Upsert on (event_id, email compared case-insensitively): 201 when created, 200 when updated. ' +
        'On update, fields absent from the body keep their values.',
      tag,
      request: { body: UpsertSpeakerBody },
      responses: {
        201: { description: 'Created', schema: SpeakerResponse },
        200: { description: 'An existing speaker with this email was updated', schema: SpeakerResponse },
      },
      errors: [404],
    },
    async (ctx, { body }) => {
      const { speaker, created } = await upsertSpeaker(db, ctx.state.account.id, body)
      ctx.status = created ? 201 : 200
      ctx.body = ok(presentSpeaker(speaker))
    },
  )
  api.route(
    {
      method: 'get',
      path: '/speakers/{id}',
      operationId: 'getSpeaker',
      summary: 'Get a speaker',
      tag,
      request: { params: IdParams },
      responses: { 200: { description: 'The speaker', schema: SpeakerResponse } },
      errors: [404],
    },
    async (ctx, { params }) => {
      ctx.body = ok(presentSpeaker(await getSpeaker(db, ctx.state.account.id, params.id)))
    },
  )
  api.route(
    {
      method: 'patch',
      path: '/speakers/{id}',
      operationId: 'updateSpeaker',
      summary: 'Change some fields of a speaker',
      description: 'Only the fields present change; an empty body changes nothing. A new email taken by another speaker is 409.',
      tag,
      request: { params: IdParams, body: UpdateSpeakerBody },
      responses: { 200: { description: 'The speaker as it is now', schema: SpeakerResponse } },
      errors: [404, 409],
    },
    async (ctx, { params, body }) => {
      ctx.body = ok(presentSpeaker(await updateSpeaker(db, ctx.state.account.id, params.id, body)))
    },
  )
  api.route(
    {
      method: 'delete',
      path: '/speakers/{id}',
      operationId: 'deleteSpeaker',
      summary: 'Delete a speaker',
      description: 'Permanent; the speaker is removed from every session it was assigned to.',
      tag,
      request: { params: IdParams },
      responses: { 200: { description: 'Deleted', schema: Deleted } },
      errors: [404],
    },
    async (ctx, { params }) => {
      await deleteSpeaker(db, ctx.state.account.id, params.id)
      ctx.body = ok({ id: params.id, deleted: true as const })
    },
  )
}
