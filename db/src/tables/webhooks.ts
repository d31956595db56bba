import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'
import type { OutboxColumns } from '../outbox/outbox-columns.ts'

/** An account's webhook endpoint: where its events are POSTed, and which ones. */
export interface WebhookEndpointsTable {
  id: Generated<string>
  account_id: string
  url: string
  /** Event types, or `['*']` for every type. */
  events: string[]
  description: string | null
  /** `whsec_` + base64 of 24 random bytes; shown once, never presented again. */
  secret: string
  enabled: Generated<boolean>
  /** Why the endpoint was disabled automatically; null otherwise. */
  disabled_reason: ColumnType<string | null, string | null | undefined, string | null>
  /** First failed attempt since the last successful one; null while deliveries succeed. */
  failing_since: ColumnType<Date | null, Date | null | undefined, Date | null>
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

/** One event for one endpoint: a row of the webhook outbox. */
export interface WebhookDeliveriesTable extends OutboxColumns {
  account_id: string
  webhook_id: string
  /** `msg_…`, sent as `webhook-id` on every attempt. */
  message_id: string
  type: string
  /**
   * The exact JSON body sent, for a delivery that has no change (`webhook.test`); null when the
   * body is presented from `change_id`'s change.
   */
  body: ColumnType<string | null, string | null | undefined, never>
  /** The change the delivery announces (`changes`); null for a test event. */
  change_id: ColumnType<string | null, string | null | undefined, never>
  last_status_code: ColumnType<number | null, number | null | undefined, number | null>
  /** At most 1 KB of the last response's body. */
  last_response_body: ColumnType<string | null, string | null | undefined, string | null>
}

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>
export type NewWebhookEndpoint = Insertable<WebhookEndpointsTable>
export type WebhookEndpointUpdate = Updateable<WebhookEndpointsTable>
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>
