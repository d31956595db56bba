import type { Database } from '@event-service/db'
import { ok } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import { dataEnvelope } from '../common/envelopes.ts'
import { IdParams } from '../common/fields.ts'
import type { ApiBuilder } from '../openapi/api-builder.ts'
import { presentSyncStatus } from './sync.presenter.ts'
import { SyncStatus } from './sync.schema.ts'
import { syncNow } from './sync.service.ts'

const SyncStatusResponse = dataEnvelope('SyncStatusResponse', SyncStatus)

/** `POST /events/{id}/sync`: the console's "Sync now" (docs/schedule-exchange.md#sync). */
export function syncRoutes(api: ApiBuilder, db: Kysely<Database>): void {
  api.route(
    {
      method: 'post',
      path: '/events/{id}/sync',
      operationId: 'syncEvent',
      summary: 'Sync the event with its source now',
      description:
        'The sync is due at once and a worker runs it within moments; `sync_status` of the event tells how it went ' +
        '(`last_run_at` moves on). 409 when the event follows no source.',
      tag: 'Events',
      request: { params: IdParams },
      responses: { 202: { description: 'The sync status, the sync due now', schema: SyncStatusResponse } },
      errors: [404, 409],
    },
    async (ctx, { params }) => {
      ctx.status = 202
      ctx.body = ok(presentSyncStatus(await syncNow(db, ctx.state.account.id, params.id)))
    },
  )
}
