import { type Kysely, sql } from 'kysely'

// Frozen in time: this migration never imports application code.
//
// Registration as ticketing products do it: tickets with a capacity (kept in the events' `tickets`
// JSON), questions and a privacy notice on events; a status, consent time, check-in time and the
// hash of a one-time cancel link on registrations; and the outbox of confirmation emails (the
// outbox columns of db/src/outbox).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('questions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('privacy_notice', 'jsonb')
    .execute()

  await db.schema
    .alterTable('registrations')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('registered').check(sql`status in ('registered', 'cancelled', 'checked_in')`))
    .addColumn('consent_at', 'timestamptz')
    .addColumn('checked_in_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    // SHA-256 (hex) of the cancel link's secret; cleared when the link has been used.
    .addColumn('cancel_token_hash', 'text')
    // The language the registrant used the form in: the email and the cancel page speak it.
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
    .execute()
  await sql`create unique index registrations_cancel_token_key on registrations (cancel_token_hash) where cancel_token_hash is not null`.execute(
    db,
  )
  // What the capacity check counts: places taken per ticket.
  await sql`create index registrations_event_ticket_idx on registrations (event_id, ticket_id) where status <> 'cancelled'`.execute(db)
  // A place taken or freed changes the embed API's `sold_out` and `remaining`: flush the caches.
  await sql`
    create trigger registrations_notify_embed_change
    after insert or delete or update of status, ticket_id on registrations
    for each row execute function notify_embed_change()`.execute(db)

  await db.schema
    .createTable('email_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('event_id', 'uuid', (c) => c.references('events.id').onDelete('cascade'))
    .addColumn('registration_id', 'uuid', (c) => c.references('registrations.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    // The message as rendered when enqueued; emptied once handed to the SMTP server, since the
    // text holds the cancel link's secret.
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('ics', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'delivered', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer')
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('lease_expires_at', 'timestamptz')
    .addColumn('locked_by', 'text')
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index email_messages_due_idx on email_messages (next_attempt_at) where status = 'pending'`.execute(db)
  await sql`create index email_messages_created_idx on email_messages (created_at desc, id desc)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_messages').ifExists().execute()
  await sql`drop trigger if exists registrations_notify_embed_change on registrations`.execute(db)
  await sql`drop index if exists registrations_event_ticket_idx`.execute(db)
  await sql`drop index if exists registrations_cancel_token_key`.execute(db)
  await db.schema
    .alterTable('registrations')
    .dropColumn('status')
    .dropColumn('consent_at')
    .dropColumn('checked_in_at')
    .dropColumn('cancelled_at')
    .dropColumn('cancel_token_hash')
    .dropColumn('locale')
    .execute()
  await db.schema.alterTable('events').dropColumn('questions').dropColumn('privacy_notice').execute()
}
