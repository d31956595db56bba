import { type Kysely, sql } from 'kysely'
import type { Database } from '../database.ts'
import type { Executor } from '../outbox/outbox-queries.ts'
import type { NewEmailMessage } from '../tables/email-messages.ts'

/** The email outbox: its table, and the NOTIFY channel its enqueuers signal. */
export const EMAIL_OUTBOX = { table: 'email_messages', channel: 'email_messages' } as const

/** A message to send, rendered (the worker sends these bytes, on every attempt the same). */
export type EmailToSend = Pick<
  NewEmailMessage,
  'account_id' | 'event_id' | 'registration_id' | 'kind' | 'to_address' | 'subject' | 'text_body' | 'ics'
>

/**
 * Writes a message into the email outbox and wakes the mail workers at commit, in one statement.
 * Call it with the transaction that makes the change the message tells of: a registration
 * committed is an email sent (at least once, also after a crash), a rolled-back one sends nothing.
 *
 * `when: false` runs the same statement and writes nothing: a path that must cost the same
 * whether or not it changed anything (a repeated registration) uses it.
 *
 * @example
 * await db.transaction().execute(async (trx) => {
 *   const row = await trx.insertInto('registrations').values(…).returningAll().executeTakeFirstOrThrow()
 *   await enqueueEmail(trx, { account_id, event_id, registration_id: row.id, kind: 'registration.confirmation', … })
 * })
 */
export async function enqueueEmail(db: Executor, message: EmailToSend, options: { when?: boolean } = {}): Promise<void> {
  const when = options.when !== false
  await sql`
    with written as (
      insert into email_messages (account_id, event_id, registration_id, kind, to_address, subject, text_body, ics)
      select ${message.account_id}::uuid, ${message.event_id ?? null}::uuid, ${message.registration_id ?? null}::uuid, ${message.kind}::text,
        ${message.to_address}::text, ${message.subject}::text, ${message.text_body}::text, ${message.ics ?? null}::text
      where ${when}::boolean
      returning 1)
    select case when count(*) > 0 then pg_notify(${EMAIL_OUTBOX.channel}, '')::text end as notified from written`.execute(db)
}

/** A message of the outbox as a mailbox shows it. */
export interface OutboxEmail {
  id: string
  to: string
  subject: string
  text: string
  /** The calendar attachment, if any. */
  ics: string | null
  status: 'pending' | 'delivered' | 'failed'
  created_at: string
}

/**
 * The newest messages of an event in the outbox, and of its account's organisers (invitations,
 * password resets), newest first: the demo page's mailbox when no `SMTP_URL` is set and messages
 * stay here.
 */
export async function recentEmails(db: Kysely<Database>, eventId: string, limit = 20): Promise<OutboxEmail[]> {
  const rows = await db
    .selectFrom('email_messages')
    .select(['id', 'to_address', 'subject', 'text_body', 'ics', 'status', 'created_at'])
    .where((eb) =>
      eb.or([
        eb('event_id', '=', eventId),
        // The organisers' own mail (invitations, password resets) belongs to the account, not an event.
        eb.and([eb('event_id', 'is', null), eb('account_id', '=', eb.selectFrom('events').select('account_id').where('id', '=', eventId))]),
      ]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => ({
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    ics: r.ics,
    status: r.status,
    created_at: r.created_at.toISOString(),
  }))
}
