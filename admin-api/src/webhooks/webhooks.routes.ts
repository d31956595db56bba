import type { Database } from '@event-service/db'
import { ok, page } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import { Deleted } from '../common/envelopes.ts'
import { IdParams } from '../common/fields.ts'
import type { ApiBuilder } from '../openapi/api-builder.ts'
import { loadDeliveryBody } from './change-presentation.ts'
import type { TargetPolicy } from './target-address.ts'
import { getDelivery, listDeliveries, retryDelivery } from './webhook-deliveries.service.ts'
import { presentCreatedWebhook, presentDelivery, presentDeliveryDetail, presentWebhook } from './webhooks.presenter.ts'
import {
  CreatedWebhookResponse,
  CreateWebhookBody,
  DeliveryParams,
  ListDeliveriesQuery,
  ListWebhooksQuery,
  UpdateWebhookBody,
  WebhookDeliveryDetailResponse,
  WebhookDeliveryListResponse,
  WebhookDeliveryResponse,
  WebhookListResponse,
  WebhookResponse,
} from './webhooks.schema.ts'
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  MAX_WEBHOOK_ENDPOINTS,
  sendTestEvent,
  updateWebhook,
} from './webhooks.service.ts'

const tag = 'Webhooks'

/** `/webhooks` and their deliveries (docs/webhooks.md#the-api). */
export function webhookRoutes(api: ApiBuilder, db: Kysely<Database>, policy: TargetPolicy): void {
  api.route(
    {
      method: 'post',
      path: '/webhooks',
      operationId: 'createWebhook',
      summary: 'Subscribe an endpoint to events',
      description:
        'The response is the only one that contains the signing `secret` (`whsec_…`); store it now. ' +
        'The URL must be http: or https: and resolve to a public address. An account has at most ' +
        `${MAX_WEBHOOK_ENDPOINTS} endpoints: 409 \`CONFLICT\` (with \`details.limit\`) beyond.`,
      tag,
      request: { body: CreateWebhookBody },
      responses: { 201: { description: 'The new endpoint with its secret', schema: CreatedWebhookResponse } },
      errors: [409],
    },
    async (ctx, { body }) => {
      ctx.status = 201
      ctx.body = ok(presentCreatedWebhook(await createWebhook(db, ctx.state.account.id, body, policy)))
    },
  )
  api.route(
    {
      method: 'get',
      path: '/webhooks',
      operationId: 'listWebhooks',
      summary: 'List the webhook endpoints of the account',
      description: 'Never shows a secret.',
      tag,
      request: { query: ListWebhooksQuery },
      responses: { 200: { description: 'A page of endpoints', schema: WebhookListResponse } },
    },
    async (ctx, { query }) => {
      const { rows, total } = await listWebhooks(db, ctx.state.account.id, query)
      ctx.body = page(rows.map(presentWebhook), { page: query.page, limit: query.limit, total })
    },
  )
  api.route(
    {
      method: 'get',
      path: '/webhooks/{id}',
      operationId: 'getWebhook',
      summary: 'Get a webhook endpoint',
      tag,
      request: { params: IdParams },
      responses: { 200: { description: 'The endpoint, without its secret', schema: WebhookResponse } },
      errors: [404],
    },
    async (ctx, { params }) => {
      ctx.body = ok(presentWebhook(await getWebhook(db, ctx.state.account.id, params.id)))
    },
  )
  api.route(
    {
      method: 'patch',
      path: '/webhooks/{id}',
      operationId: 'updateWebhook',
      summary: 'Change the URL, events, description or state of an endpoint',
      description:
        'Only the fields present change. `enabled: true` re-enables an endpoint that was disabled automatically; ' +
        '`enabled: false` fails its pending deliveries.',
      tag,
      request: { params: IdParams, body: UpdateWebhookBody },
      responses: { 200: { description: 'The endpoint as it is now', schema: WebhookResponse } },
      errors: [404],
    },
    async (ctx, { params, body }) => {
      ctx.body = ok(presentWebhook(await updateWebhook(db, ctx.state.account.id, params.id, body, policy)))
    },
  )
  api.route(
    {
      method: 'delete',
      path: '/webhooks/{id}',
      operationId: 'deleteWebhook',
      summary: 'Delete a webhook endpoint',
      description: 'Permanent; its deliveries, pending ones included, are dropped.',
      tag,
      request: { params: IdParams },
      responses: { 200: { description: 'Deleted', schema: Deleted } },
      errors: [404],
    },
    async (ctx, { params }) => {
      await deleteWebhook(db, ctx.state.account.id, params.id)
      ctx.body = ok({ id: params.id, deleted: true as const })
    },
  )
  api.route(
    {
      method: 'post',
      path: '/webhooks/{id}/test',
      operationId: 'testWebhook',
      summary: 'Send a webhook.test event to this endpoint',
      description: 'Queued at once, whatever the endpoint subscribes to; `data.object` is the endpoint. 409 when it is disabled.',
      tag,
      request: { params: IdParams },
      responses: { 202: { description: 'The queued delivery', schema: WebhookDeliveryResponse } },
      errors: [404, 409],
    },
    async (ctx, { params }) => {
      ctx.status = 202
      ctx.body = ok(presentDelivery(await sendTestEvent(db, ctx.state.account.id, params.id)))
    },
  )
  api.route(
    {
      method: 'get',
      path: '/webhooks/{id}/deliveries',
      operationId: 'listWebhookDeliveries',
      summary: "List an endpoint's deliveries, newest first",
      tag,
      request: { params: IdParams, query: ListDeliveriesQuery },
      responses: { 200: { description: 'A page of deliveries', schema: WebhookDeliveryListResponse } },
      errors: [404],
    },
    async (ctx, { params, query }) => {
      const { rows, total } = await listDeliveries(db, ctx.state.account.id, params.id, query)
      ctx.body = page(rows.map(presentDelivery), { page: query.page, limit: query.limit, total })
    },
  )
  api.route(
    {
      method: 'get',
      path: '/webhooks/{id}/deliveries/{deliveryId}',
      operationId: 'getWebhookDelivery',
      summary: 'Get a delivery with the body it sends',
      tag,
      request: { params: DeliveryParams },
      responses: { 200: { description: 'The delivery', schema: WebhookDeliveryDetailResponse } },
      errors: [404],
    },
    async (ctx, { params }) => {
      const delivery = await getDelivery(db, ctx.state.account.id, params.id, params.deliveryId)
      ctx.body = ok(presentDeliveryDetail(delivery, await loadDeliveryBody(db, delivery)))
    },
  )
  api.route(
    {
      method: 'post',
      path: '/webhooks/{id}/deliveries/{deliveryId}/retry',
      operationId: 'retryWebhookDelivery',
      summary: 'Queue one more attempt of a delivery now',
      description:
        'Same `message_id` (`webhook-id`), so receivers can tell a repeat. A delivered or failed delivery gets one ' +
        'more attempt; a pending one is attempted now and keeps its schedule. 409 while an attempt is in progress ' +
        'or when the endpoint is disabled.',
      tag,
      request: { params: DeliveryParams },
      responses: { 202: { description: 'The delivery, queued', schema: WebhookDeliveryResponse } },
      errors: [404, 409],
    },
    async (ctx, { params }) => {
      ctx.status = 202
      ctx.body = ok(presentDelivery(await retryDelivery(db, ctx.state.account.id, params.id, params.deliveryId)))
    },
  )
}
