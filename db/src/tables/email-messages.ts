import type { ColumnType, Insertable, Selectable } from 'kysely'
import type { OutboxColumns } from '../outbox/outbox-columns.ts'

/** One email to send: a row of the email outbox, written with the change it announces. */
export interface EmailMessagesTable extends OutboxColumns {
  account_id: string
  event_id: string | null
  registration_id: string | null
  /** What the message is, e.g. `registration.confirmation`. */
  kind: string
  to_address: string
  subject: string
  /** Plain text as rendered when enqueued; emptied once handed to the SMTP server (it holds the cancel link). */
  text_body: string
  /** The calendar attachment, if any (emptied with the text). */
  ics: ColumnType<string | null, string | null | undefined, string | null>
}

export type EmailMessageRow = Selectable<EmailMessagesTable>
export type NewEmailMessage = Insertable<EmailMessagesTable>
