import { Readable } from 'node:stream'
import type { Database } from '@event-service/db'
import { ok, page } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import { IdParams } from '../common/fields.ts'
import type { ApiBuilder } from '../openapi/api-builder.ts'
import { presentRegistration } from './registrations.presenter.ts'
import {
  ListRegistrationsQuery,
  RegistrationEmailListResponse,
  RegistrationCsv,
  RegistrationListResponse,
  RegistrationResponse,
  UpdateRegistrationBody,
} from './registrations.schema.ts'
import { listRegistrationEmails, listRegistrations, registrationsCsv, updateRegistration } from './registrations.service.ts'

const tag = 'Registrations'

/** `GET /registrations?event_id=` (JSON pages or the CSV export) and `PATCH /registrations/{id}`. */
export function registrationRoutes(api: ApiBuilder, db: Kysely<Database>): void {
  api.route(
    {
      method: 'get',
      path: '/registrations',
      operationId: 'listRegistrations',
      summary: "List an event's registrations, or export them as CSV",
      description:
        'Filters: `ticket_id`, `status`, `search` (name or email). With `Accept: text/csv` the answer is every matching registration as CSV, streamed (`page` and `limit` do not apply).',
      tag,
      request: { query: ListRegistrationsQuery },
      responses: {
        200: {
          description: 'A page of registrations, or the CSV export',
          schema: RegistrationListResponse,
          alternatives: { 'text/csv': RegistrationCsv },
        },
      },
      errors: [404],
    },
    async (ctx, { query }) => {
      if (ctx.accepts('application/json', 'text/csv') === 'text/csv') {
        const lines = await registrationsCsv(db, ctx.state.account.id, query)
        ctx.type = 'text/csv; charset=utf-8'
        ctx.set('Content-Disposition', `attachment; filename="registrations-${query.event_id}.csv"`)
        ctx.body = Readable.from(lines)
        return
      }
      const { rows, total } = await listRegistrations(db, ctx.state.account.id, query)
      ctx.body = page(rows.map(presentRegistration), { page: query.page, limit: query.limit, total })
    },
  )
  api.route(
    {
      method: 'patch',
      path: '/registrations/{id}',
      operationId: 'updateRegistration',
      summary: 'Confirm, check in, cancel or reinstate a registration',
      description:
        '`status`: `registered` (or `checked_in`) confirms a `pending` registration as its confirm link would, and announces `registration.confirmed` (no email is sent; after its hold ran out it needs a free place, 409 `SOLD_OUT`; 409 `CONFLICT` when the address has a confirmed registration already); `checked_in` sets `checked_in_at`; `cancelled` sets `cancelled_at`, frees the place and voids the email’s links; `registered` undoes either. Reinstating a cancelled or expired registration needs a free place (409 `SOLD_OUT`). `pending` and `expired` cannot be set. An empty body changes nothing.',
      tag,
      request: { params: IdParams, body: UpdateRegistrationBody },
      responses: { 200: { description: 'The registration as it is now', schema: RegistrationResponse } },
      errors: [404, 409],
    },
    async (ctx, { params, body }) => {
      ctx.body = ok(presentRegistration(await updateRegistration(db, ctx.state.account.id, params.id, body)))
    },
  )
  api.route(
    {
      method: 'get',
      path: '/registrations/{id}/emails',
      operationId: 'listRegistrationEmails',
      summary: 'The emails sent to a registrant, newest first',
      description:
        'From the mail outbox: what was sent (subject, kind) and how far it got (`pending`, `delivered` to the SMTP server, `failed`). ' +
        'Never the text: it holds the registrant’s own confirm and cancel links.',
      tag,
      request: { params: IdParams },
      responses: { 200: { description: 'The emails', schema: RegistrationEmailListResponse } },
      errors: [404],
    },
    async (ctx, { params }) => {
      ctx.body = ok(await listRegistrationEmails(db, ctx.state.account.id, params.id))
    },
  )
}
