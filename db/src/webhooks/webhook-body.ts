import { randomBytes } from 'node:crypto'
import type { WebhookDeliveryType } from './webhook-event-types.ts'

/**
 * A new Standard Webhooks message id: `msg_` + 32 hex characters, unique per event. Deliveries of
 * changes get theirs from the database (`enqueue_change_deliveries()`, the change's id in hex).
 */
export const newMessageId = (): string => `msg_${randomBytes(16).toString('hex')}`

/**
 * The body of a delivery (docs/admin-api.md "Webhooks"): `{type, timestamp, data: {object}}`,
 * where `object` is the resource as the admin API presents it (a deleted one: its last
 * presentation).
 */
export function webhookBody(type: WebhookDeliveryType, object: unknown, at: Date = new Date()): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data: { object } })
}
