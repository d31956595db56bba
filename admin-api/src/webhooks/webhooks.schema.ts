import { ALL_WEBHOOK_EVENTS, OUTBOX_STATUSES, WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '@event-service/db'
import { dataEnvelope, pageEnvelope } from '../common/envelopes.ts'
import { emptyToNull, httpUrl, IdParams, optionalText, uuid } from '../common/fields.ts'
import { listQuery } from '../common/list-query.ts'
import { z } from '../openapi/zod.ts'

const SUBSCRIBABLE = [...WEBHOOK_EVENT_TYPES, ALL_WEBHOOK_EVENTS] as const

const events = z
  .array(z.enum(SUBSCRIBABLE, { error: `must be one of ${SUBSCRIBABLE.join(', ')}` }))
  .min(1, 'must name at least one event type, or "*" for all')
  .max(SUBSCRIBABLE.length, `at most ${SUBSCRIBABLE.length} event types`)
  .refine((list) => !list.includes(ALL_WEBHOOK_EVENTS) || list.length === 1, 'must be ["*"] alone: "*" subscribes to every type already')
  .transform((list) => [...new Set(list)])
  .openapi({
    description: 'Event types to receive, or `["*"]` for every type (present and future)',
    example: ['session.updated', 'session.deleted'],
  })

const url = httpUrl.openapi({
  description: 'Where deliveries are POSTed: http: or https:, resolving to a public address',
  example: 'https://hooks.example.com/event-service',
})

const fields = {
  url,
  events,
  description: optionalText(20_000)
    .transform(emptyToNull)
    .openapi({ description: 'A note for people, e.g. what the endpoint feeds', example: 'Rebuilds the conference site' }),
  enabled: z.boolean().openapi({ description: 'A disabled endpoint receives nothing (default true)' }),
}

export const CreateWebhookBody = z
  .object({ ...fields, enabled: fields.enabled.optional() })
  .strict()
  .openapi('CreateWebhookRequest')
export type CreateWebhookBody = z.output<typeof CreateWebhookBody>

export const UpdateWebhookBody = z.object(fields).partial().strict().openapi('UpdateWebhookRequest')
export type UpdateWebhookBody = z.output<typeof UpdateWebhookBody>

export const WEBHOOK_SORT_FIELDS = ['created_at', 'updated_at', 'url'] as const
export const ListWebhooksQuery = listQuery({ sortFields: WEBHOOK_SORT_FIELDS, defaultSort: 'created_at' }).strict()
export type ListWebhooksQuery = z.output<typeof ListWebhooksQuery>

const status = z.enum(OUTBOX_STATUSES, { error: `must be one of ${OUTBOX_STATUSES.join(', ')}` })

export const ListDeliveriesQuery = listQuery({ sortFields: ['created_at'], defaultSort: 'created_at', defaultOrder: 'desc' })
  .extend({ status: status.optional().openapi({ description: 'Only deliveries in this state' }) })
  .strict()
export type ListDeliveriesQuery = z.output<typeof ListDeliveriesQuery>

export const DeliveryParams = IdParams.extend({ deliveryId: uuid.openapi({ param: { name: 'deliveryId', in: 'path' } }) })

const dateTime = z.string().openapi({ format: 'date-time' })

export const Webhook = z
  .object({
    id: uuid,
    url: z.string(),
    events: z.array(z.string()),
    description: z.string().nullable(),
    enabled: z.boolean(),
    disabled_reason: z.string().nullable().openapi({ description: 'Why the endpoint was disabled automatically; null otherwise' }),
    failing_since: dateTime.nullable().openapi({
      description: 'First failed attempt since the last successful delivery; null while deliveries succeed',
    }),
    created_at: dateTime,
    updated_at: dateTime,
  })
  .openapi('Webhook')
export type Webhook = z.infer<typeof Webhook>

export const CreatedWebhook = z
  .object({
    ...Webhook.shape,
    secret: z.string().openapi({
      description: 'Signing secret (`whsec_…`) to verify deliveries with; shown only now',
      example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    }),
  })
  .openapi('CreatedWebhook')
export type CreatedWebhook = z.infer<typeof CreatedWebhook>

export const WebhookDelivery = z
  .object({
    id: uuid,
    webhook_id: uuid,
    message_id: z.string().openapi({ description: 'Sent as `webhook-id`, the same on every attempt', example: 'msg_5f1c…' }),
    type: z.enum([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT]),
    status: status.openapi({ description: '`pending` (waiting for an attempt), `delivered` (2xx) or `failed` (no more attempts)' }),
    attempts: z.number().int(),
    last_status_code: z.number().int().nullable().openapi({ description: "HTTP status of the last attempt's answer" }),
    last_error: z.string().nullable().openapi({ description: 'Why the last attempt failed', example: 'HTTP 503' }),
    last_response_body: z.string().nullable().openapi({ description: "First 1 KB of the last answer's body" }),
    last_attempt_at: dateTime.nullable(),
    next_attempt_at: dateTime.nullable().openapi({ description: 'When the next attempt is due (pending only)' }),
    delivered_at: dateTime.nullable(),
    created_at: dateTime,
  })
  .openapi('WebhookDelivery')
export type WebhookDelivery = z.infer<typeof WebhookDelivery>

export const WebhookDeliveryDetail = z
  .object({
    ...WebhookDelivery.shape,
    payload: z.record(z.string(), z.unknown()).openapi({ description: 'The body sent: `{type, timestamp, data: {object}}`' }),
  })
  .openapi('WebhookDeliveryDetail')
export type WebhookDeliveryDetail = z.infer<typeof WebhookDeliveryDetail>

export const WebhookResponse = dataEnvelope('WebhookResponse', Webhook)
export const CreatedWebhookResponse = dataEnvelope('CreatedWebhookResponse', CreatedWebhook)
export const WebhookListResponse = pageEnvelope('WebhookListResponse', Webhook)
export const WebhookDeliveryResponse = dataEnvelope('WebhookDeliveryResponse', WebhookDelivery)
export const WebhookDeliveryDetailResponse = dataEnvelope('WebhookDeliveryDetailResponse', WebhookDeliveryDetail)
export const WebhookDeliveryListResponse = pageEnvelope('WebhookDeliveryListResponse', WebhookDelivery)
