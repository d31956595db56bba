import { type Kysely, sql } from 'kysely'

// Frozen in time: this migration never imports application code.
//
// The organiser console (docs/console.md): people of an account with a role, their sign-in
// sessions and their one-time links (invitation, password reset, the demo's sign-in link), and a
// scope on API keys (`read` keys may not write). Secrets (session cookies, links) are stored only
// as SHA-256, like API keys and embed tokens.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('api_keys')
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo('write').check(sql`scope in ('write', 'read')`))
    .execute()

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'editor', 'viewer')`))
    // scrypt, self-describing (`scrypt$N$r$p$salt$hash`); null until an invitation is accepted.
    .addColumn('password_hash', 'text')
    .addColumn('last_sign_in_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create unique index users_account_email_key on users (account_id, lower(email))`.execute(db)
  // Sign-in looks a person up by email across accounts.
  await sql`create index users_email_idx on users (lower(email))`.execute(db)

  await db.schema
    .createTable('user_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('user_sessions_user_idx').on('user_sessions').column('user_id').execute()

  await db.schema
    .createTable('user_links')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('invite', 'reset', 'sign_in')`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('user_links_user_idx').on('user_links').column('user_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_links').execute()
  await db.schema.dropTable('user_sessions').execute()
  await db.schema.dropTable('users').execute()
  await db.schema.alterTable('api_keys').dropColumn('scope').execute()
}
