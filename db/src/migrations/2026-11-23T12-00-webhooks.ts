import { type Kysely, sql } from 'kysely'

// Frozen in time: this migration never imports application code.
//
// Webhook endpoints of an account, and the outbox of their deliveries: a delivery is written in
// the same transaction as the change it announces, and admin API instances drain the table
// (claim with FOR UPDATE SKIP LOCKED and a lease; the outbox columns of db/src/outbox).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    // Event types, or ['*'] for every type.
    .addColumn('events', sql`text[]`, (c) => c.notNull())
    .addColumn('description', 'text')
    // `whsec_` + base64 of 24 random bytes. Kept in clear: signing needs the key itself.
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('disabled_reason', 'text')
    // First failed attempt since the last successful one; null while the endpoint is healthy.
    .addColumn('failing_since', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('webhook_endpoints_account_idx').on('webhook_endpoints').columns(['account_id', 'created_at']).execute()

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    // Deleting an endpoint drops its deliveries, pending ones included.
    .addColumn('webhook_id', 'uuid', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    // `webhook-id`: the same on every attempt, and for every endpoint that receives the event.
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    // The exact JSON sent, so every attempt signs the same bytes.
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'delivered', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer')
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('lease_expires_at', 'timestamptz')
    .addColumn('locked_by', 'text')
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('last_status_code', 'integer')
    // At most 1 KB of the last response's body.
    .addColumn('last_response_body', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('webhook_deliveries_message_key', ['webhook_id', 'message_id'])
    .execute()
  // What the claim query reads: pending rows by due time.
  await sql`create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending'`.execute(db)
  // `GET /webhooks/{id}/deliveries`: newest first.
  await sql`create index webhook_deliveries_endpoint_idx on webhook_deliveries (webhook_id, created_at desc, id desc)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').ifExists().execute()
  await db.schema.dropTable('webhook_endpoints').ifExists().execute()
}
