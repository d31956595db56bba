/**
 * The event types an endpoint can subscribe to (docs/webhooks.md#events-and-payloads). The database
 * maps each change to one of them (`webhook_event_type()`, migration 2026-11-27T15-00-change-records);
 * `db/src/changes/change-records.test.ts` fails while one is produced by no write.
 */
export const WEBHOOK_EVENT_TYPES = [
  'event.updated',
  'speaker.created',
  'speaker.updated',
  'speaker.deleted',
  'session.created',
  'session.updated',
  'session.deleted',
  'embed_token.created',
  'embed_token.updated',
  'embed_token.revoked',
  'registration.created',
  'registration.confirmed',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

/** Sent to one endpoint on request (`POST /webhooks/{id}/test`); not subscribable. */
export const WEBHOOK_TEST_EVENT = 'webhook.test'

/** Every type a delivery can have. */
export type WebhookDeliveryType = WebhookEventType | typeof WEBHOOK_TEST_EVENT

/** Subscribes an endpoint to every event type, present and future. */
export const ALL_WEBHOOK_EVENTS = '*'

/** The webhook outbox: its table, and the NOTIFY channel its enqueuers signal. */
export const WEBHOOK_OUTBOX = { table: 'webhook_deliveries', channel: 'webhook_deliveries' } as const
