import {
  type AttemptResult,
  type Database,
  type Listening,
  type ListenHandlers,
  startOutboxWorker,
  WEBHOOK_OUTBOX,
  type WebhookDeliveryRow,
} from '@event-service/db'
import DataLoader from 'dataloader'
import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import { type ChangeContent, deliveryBody } from './change-presentation.ts'
import { backOffEndpoint, recordEndpointFailure, recordEndpointSuccess } from './endpoint-health.ts'
import { ATTEMPT_TIMEOUT_MS, createWebhookSender, type WebhookSender } from './webhook-sender.ts'
import { signatureHeaders } from './webhook-signature.ts'

/**
 * How long a claim holds: the attempt's own limit plus time to record it. A claim older than this
 * belongs to an instance that died (or hangs), and another instance takes the delivery over.
 */
export const DELIVERY_LEASE_MS = ATTEMPT_TIMEOUT_MS + 5_000

/** Attempts in flight at once per instance. */
export const DELIVERY_SLOTS = 16
/**
 * Fair shares, over every instance (the claim counts live leases): at most 2 attempts in flight per
 * endpoint and 4 per account, so an account whose receivers hang holds at most a quarter of one
 * instance's slots, and the other accounts' deliveries go out beside it.
 */
export const ENDPOINT_IN_FLIGHT = 2
/** Attempts in flight at once for one account, over every instance (see `ENDPOINT_IN_FLIGHT`). */
export const ACCOUNT_IN_FLIGHT = 4
/** How long an endpoint whose attempt timed out is left alone when no retry delay is configured. */
const DEFAULT_BACKOFF_MS = 60_000

/** What the worker needs to know of the configuration. */
export interface DeliverySettings {
  retryDelaysMs: readonly number[]
  disableAfterMs: number
  allowPrivate: boolean
}

/** The running delivery worker of one admin API instance. */
export interface WebhookDeliveryWorker {
  /** Stops claiming, gives attempts in flight back untried, closes kept-alive connections. */
  stop(): Promise<void>
}

type EndpointNow = { url: string; secret: string; enabled: boolean; failing_since: Date | null }

/**
 * Reads endpoints as they are now, the endpoints of attempts started together in one query (a
 * claimed batch starts in one tick). Nothing is cached: every attempt sees the current URL, secret
 * and state.
 */
function endpointLoader(db: Kysely<Database>): DataLoader<string, EndpointNow | undefined> {
  return new DataLoader(
    async (ids) => {
      const rows = await db
        .selectFrom('webhook_endpoints')
        .select(['id', 'url', 'secret', 'enabled', 'failing_since'])
        .where('id', 'in', [...ids])
        .execute()
      const byId = new Map(rows.map((r) => [r.id, r]))
      return ids.map((id) => byId.get(id))
    },
    { cache: false },
  )
}

/** The changes that attempts started together announce, in one query. */
function changeLoader(db: Kysely<Database>): DataLoader<string, ChangeContent | undefined> {
  return new DataLoader(
    async (ids) => {
      const rows = await db
        .selectFrom('changes')
        .select(['id', 'table_name', 'row', 'created_at'])
        .where('id', 'in', [...ids])
        .execute()
      const byId = new Map(rows.map((r) => [r.id, r]))
      return ids.map((id) => byId.get(id))
    },
    { cache: false },
  )
}

/**
 * One attempt: the body (presented from the change it announces, when it has one), the endpoint
 * as it is now, a signed POST, and the endpoint's failure streak.
 */
async function attemptDelivery(
  db: Kysely<Database>,
  endpoints: DataLoader<string, EndpointNow | undefined>,
  changes: DataLoader<string, ChangeContent | undefined>,
  sender: WebhookSender,
  settings: DeliverySettings,
  row: WebhookDeliveryRow,
  signal: AbortSignal,
): Promise<AttemptResult> {
  const [endpoint, change] = await Promise.all([
    endpoints.load(row.webhook_id),
    row.change_id === null ? undefined : changes.load(row.change_id),
  ])
  // Deleting an endpoint deletes its deliveries; this one was claimed just before.
  if (!endpoint) return { outcome: 'failed', error: 'The endpoint has been deleted' }
  if (!endpoint.enabled) return { outcome: 'failed', error: 'The endpoint is disabled' }
  const body = deliveryBody(row, change)
  const result = await sender.send(
    { url: endpoint.url, headers: { ...signatureHeaders(endpoint.secret, row.message_id, body) }, body },
    signal,
  )
  const columns = { last_status_code: result.statusCode, last_response_body: result.responseBody }
  if (result.ok) {
    if (endpoint.failing_since) await recordEndpointSuccess(db, row.webhook_id)
    return { outcome: 'delivered', columns }
  }
  const error = result.error ?? 'failed'
  if (signal.aborted) return { outcome: 'retry', error, columns }
  // A receiver that does not answer would hold a slot for each of its deliveries in turn: its
  // others wait as long as this one's first retry does.
  if (result.timedOut) await backOffEndpoint(db, row.webhook_id, settings.retryDelaysMs[0] ?? DEFAULT_BACKOFF_MS)
  const state = await recordEndpointFailure(db, row.webhook_id, settings.disableAfterMs)
  if (state === 'enabled') return { outcome: 'retry', error, columns }
  return { outcome: 'failed', error: `${error}; the endpoint ${state === 'disabled_now' ? 'is now' : 'is'} disabled`, columns }
}

/**
 * Starts delivering webhooks from the outbox (`webhook_deliveries`) in this process: woken by the
 * NOTIFY of each enqueuing transaction, retried on `retryDelaysMs`, one instance per delivery at a
 * time (db/src/outbox). Each failed attempt is logged once at `warn`.
 */
export async function startWebhookDeliveryWorker(deps: {
  db: Kysely<Database>
  listen: ((channel: string, handlers: ListenHandlers) => Promise<Listening>) | undefined
  settings: DeliverySettings
  logger: Logger
  /** The sender to use (tests give one with shorter time limits); by default the real one. */
  sender?: WebhookSender
}): Promise<WebhookDeliveryWorker> {
  const { db, settings, logger } = deps
  const sender = deps.sender ?? createWebhookSender({ allowPrivate: settings.allowPrivate })
  const endpoints = endpointLoader(db)
  const changes = changeLoader(db)
  const worker = await startOutboxWorker<WebhookDeliveryRow>({
    db,
    table: WEBHOOK_OUTBOX.table,
    channel: WEBHOOK_OUTBOX.channel,
    listen: deps.listen,
    retryDelaysMs: settings.retryDelaysMs,
    leaseMs: DELIVERY_LEASE_MS,
    concurrency: DELIVERY_SLOTS,
    inFlightLimits: [
      { column: 'webhook_id', max: ENDPOINT_IN_FLIGHT },
      { column: 'account_id', max: ACCOUNT_IN_FLIGHT },
    ],
    logger,
    describe: (row) => ({ webhook_id: row.webhook_id, message_id: row.message_id, type: row.type }),
    handle: (row, signal) => attemptDelivery(db, endpoints, changes, sender, settings, row, signal),
  })
  return {
    async stop() {
      await worker.stop()
      sender.close()
    },
  }
}
