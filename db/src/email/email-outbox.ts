import { sql } from 'kysely'
import { type Executor, notifyOutbox } from '../outbox/outbox-queries.ts'
import type { NewEmailMessage } from '../tables/email-messages.ts'

/** The email outbox: its table, and the NOTIFY channel its enqueuers signal. */
export const EMAIL_OUTBOX = { table: 'email_messages', channel: 'email_messages' } as const

/** A message to send, rendered (the worker sends these bytes, on every attempt the same). */
export type EmailToSend = Pick<
  NewEmailMessage,
  'account_id' | 'event_id' | 'registration_id' | 'kind' | 'to_address' | 'subject' | 'text_body' | 'ics'
>

/**
 * Writes a message into the email outbox and wakes the mail workers at commit. Call it with the
 * transaction that makes the change the message tells of: a registration committed is an email
 * sent (at least once, also after a crash), a rolled-back one sends nothing.
 *
 * @example
 * await db.transaction().execute(async (trx) => {
 *   const row = await trx.insertInto('registrations').values(…).returningAll().executeTakeFirstOrThrow()
 *   await enqueueEmail(trx, { account_id, event_id, registration_id: row.id, kind: 'registration.confirmation', … })
 * })
 */
export async function enqueueEmail(db: Executor, message: EmailToSend): Promise<void> {
  await sql`
    insert into email_messages (account_id, event_id, registration_id, kind, to_address, subject, text_body, ics)
    values (${message.account_id}, ${message.event_id ?? null}, ${message.registration_id ?? null}, ${message.kind},
      ${message.to_address}, ${message.subject}, ${message.text_body}, ${message.ics ?? null})`.execute(db)
  await notifyOutbox(db, EMAIL_OUTBOX.channel)
}
