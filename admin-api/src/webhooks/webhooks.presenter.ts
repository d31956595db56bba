import type { WebhookDeliveryRow, WebhookEndpointRow } from '@event-service/db'
import type { CreatedWebhook, Webhook, WebhookDelivery, WebhookDeliveryDetail } from './webhooks.schema.ts'

/** An endpoint without its secret (shown only by the creating response). */
export function presentWebhook(row: WebhookEndpointRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    failing_since: row.failing_since?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

/** The creating response: the one place the secret appears. */
export function presentCreatedWebhook(row: WebhookEndpointRow): CreatedWebhook {
  return { ...presentWebhook(row), secret: row.secret }
}

/** A delivery as lists show it (the outbox's lease and lock stay inside). */
export function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhook_id: row.webhook_id,
    message_id: row.message_id,
    type: row.type as WebhookDelivery['type'],
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    last_response_body: row.last_response_body,
    last_attempt_at: row.last_attempt_at?.toISOString() ?? null,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    delivered_at: row.delivered_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  }
}

/** One delivery with the body it sends (`loadDeliveryBody`). */
export function presentDeliveryDetail(row: WebhookDeliveryRow, body: string): WebhookDeliveryDetail {
  return { ...presentDelivery(row), payload: JSON.parse(body) as Record<string, unknown> }
}
