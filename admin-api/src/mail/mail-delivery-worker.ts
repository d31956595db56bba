import {
  type AttemptResult,
  type Database,
  EMAIL_OUTBOX,
  type EmailMessageRow,
  type ListenHandlers,
  type Listening,
  startOutboxWorker,
} from '@event-service/db'
import type { Kysely } from 'kysely'
import nodemailer from 'nodemailer'
import type { Logger } from 'pino'

/** Waits between attempts to hand a message to the SMTP server: about a day in all. */
export const MAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000]

/** How long one SMTP conversation may take before the attempt counts as failed. */
const SMTP_TIMEOUT_MS = 20_000

/** A claim outlives the attempt by a margin; after it, another instance takes the message over. */
export const MAIL_LEASE_MS = SMTP_TIMEOUT_MS * 2 + 5_000

/** The running mail worker of one admin API instance. */
export interface MailDeliveryWorker {
  stop(): Promise<void>
}

/** A 5xx reply refuses the message for good (bad address, policy); anything else may pass later. */
const isPermanent = (err: unknown): boolean => {
  const code = (err as { responseCode?: number } | null)?.responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

/** The bytes of a delivered message are dropped: the text holds the cancel link's secret. */
const FORGET_CONTENT = { text_body: '', ics: null }

/**
 * Starts sending confirmation emails from the outbox (`email_messages`) through `smtpUrl` with
 * nodemailer, on the generic outbox worker (db/src/outbox): woken by the NOTIFY of each enqueuing
 * transaction, each message handed over by one instance at a time, at least once, retried on
 * `retryDelaysMs`, given up at once on a permanent (5xx) refusal.
 */
export async function startMailDeliveryWorker(deps: {
  db: Kysely<Database>
  listen: ((channel: string, handlers: ListenHandlers) => Promise<Listening>) | undefined
  smtpUrl: string
  from: string
  retryDelaysMs?: readonly number[]
  logger: Logger
}): Promise<MailDeliveryWorker> {
  const url = new URL(deps.smtpUrl)
  url.searchParams.set('connectionTimeout', String(SMTP_TIMEOUT_MS))
  url.searchParams.set('greetingTimeout', String(SMTP_TIMEOUT_MS))
  url.searchParams.set('socketTimeout', String(SMTP_TIMEOUT_MS))
  const transport = nodemailer.createTransport(url.toString())
  const send = async (row: EmailMessageRow): Promise<AttemptResult> => {
    try {
      await transport.sendMail({
        from: deps.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        // Stable across attempts: a receiving server that saw an earlier attempt can tell it is the same message.
        messageId: `<${row.id}@event-service>`,
        ...(row.ics ? { icalEvent: { filename: 'event.ics', method: 'PUBLISH', content: row.ics } } : {}),
      })
      return { outcome: 'delivered', columns: FORGET_CONTENT }
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err)
      return { outcome: isPermanent(err) ? 'failed' : 'retry', error }
    }
  }
  const worker = await startOutboxWorker<EmailMessageRow>({
    db: deps.db,
    table: EMAIL_OUTBOX.table,
    channel: EMAIL_OUTBOX.channel,
    listen: deps.listen,
    retryDelaysMs: deps.retryDelaysMs ?? MAIL_RETRY_DELAYS_MS,
    leaseMs: MAIL_LEASE_MS,
    // SMTP servers limit parallel connections per client.
    concurrency: 4,
    logger: deps.logger,
    describe: (row) => ({ kind: row.kind, registration_id: row.registration_id }),
    handle: (row) => send(row),
  })
  return {
    async stop() {
      await worker.stop()
      transport.close()
    },
  }
}
