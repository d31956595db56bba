import type { Database } from '@event-service/db'
import { page } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import type { ApiBuilder } from '../openapi/api-builder.ts'
import { presentRegistration } from './registrations.presenter.ts'
import { ListRegistrationsQuery, RegistrationListResponse } from './registrations.schema.ts'
import { listRegistrations } from './registrations.service.ts'

/** `GET /registrations?event_id=` (DESIGN.md extension). */
export function registrationRoutes(api: ApiBuilder, db: Kysely<Database>): void {
  api.route(
    {
      method: 'get',
      path: '/registrations',
      operationId: 'listRegistrations',
      summary: "List an event's registrations",
      tag: 'Registrations',
      request: { query: ListRegistrationsQuery },
      responses: { 200: { description: 'A page of registrations', schema: RegistrationListResponse } },
      errors: [404],
    },
    async (ctx, { query }) => {
      const { rows, total } = await listRegistrations(db, ctx.state.account.id, query)
      ctx.body = page(rows.map(presentRegistration), { page: query.page, limit: query.limit, total })
    },
  )
}
