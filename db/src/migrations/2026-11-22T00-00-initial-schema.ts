import { type Kysely, sql } from 'kysely'

// Frozen in time: this migration never imports application code.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db)

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull().check(sql`plan in ('free', 'starter', 'pro', 'enterprise')`))
    .addColumn('rate_limit', 'integer', (c) => c.check(sql`rate_limit > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('api_keys_account_idx').on('api_keys').columns(['account_id', 'created_at']).execute()

  await db.schema
    .createTable('events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('venue', 'text')
    .addColumn('tickets', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('events_time_order', sql`ends_at >= starts_at`)
    .execute()
  await db.schema.createIndex('events_account_idx').on('events').columns(['account_id', 'created_at']).execute()

  await db.schema
    .createTable('speakers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('company', 'text')
    .addColumn('bio', 'text')
    .addColumn('photo_url', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('invited')
        .check(sql`status in ('invited', 'applied', 'accepted', 'confirmed', 'scheduled', 'checked_in', 'declined', 'withdrawn')`),
    )
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    // One lower-cased text per speaker so that a single trigram index serves `search`.
    .addColumn('search_text', 'text', (c) =>
      c.generatedAlwaysAs(sql`lower(name || E'\n' || email || E'\n' || coalesce(company, ''))`).stored(),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  // The upsert's conflict target: one speaker per event and case-insensitive email.
  await sql`create unique index speakers_event_email_key on speakers (event_id, lower(email))`.execute(db)
  await db.schema.createIndex('speakers_event_created_idx').on('speakers').columns(['event_id', 'created_at']).execute()
  await db.schema.createIndex('speakers_event_status_idx').on('speakers').columns(['event_id', 'status']).execute()
  await sql`create index speakers_tags_idx on speakers using gin (tags)`.execute(db)
  await sql`create index speakers_search_trgm_idx on speakers using gin (search_text gin_trgm_ops)`.execute(db)

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('track', 'text')
    .addColumn('room', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('sessions_time_order', sql`ends_at >= starts_at`)
    .execute()
  await db.schema.createIndex('sessions_event_starts_idx').on('sessions').columns(['event_id', 'starts_at']).execute()

  await db.schema
    .createTable('session_speakers')
    .addColumn('session_id', 'uuid', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('speaker_id', 'uuid', (c) => c.notNull().references('speakers.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('session_speakers_pkey', ['session_id', 'speaker_id'])
    .execute()
  await db.schema.createIndex('session_speakers_speaker_idx').on('session_speakers').column('speaker_id').execute()

  await db.schema
    .createTable('embed_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('allowed_origins', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('usage_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('embed_tokens_account_idx').on('embed_tokens').columns(['account_id', 'created_at']).execute()
  await db.schema.createIndex('embed_tokens_event_idx').on('embed_tokens').column('event_id').execute()

  await db.schema
    .createTable('registrations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ticket_id', 'text')
    .addColumn('answers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  // Registering twice with one email is one registration.
  await sql`create unique index registrations_event_email_key on registrations (event_id, lower(email))`.execute(db)
  await db.schema.createIndex('registrations_event_created_idx').on('registrations').columns(['event_id', 'created_at']).execute()

  // Embed caches are invalidated by NOTIFY sent from triggers, so that every change, from any
  // writer, is announced in the same transaction that makes it. Identical payloads within one
  // transaction are collapsed by Postgres, so a bulk change sends one message per event.
  await sql`
    create function notify_embed_change() returns trigger language plpgsql as $$
    declare
      r record;
      ev uuid;
    begin
      if tg_op = 'DELETE' then r := old; else r := new; end if;
      if tg_table_name = 'session_speakers' then
        select event_id into ev from sessions where id = r.session_id;
      elsif tg_table_name = 'events' then
        ev := r.id;
      else
        ev := r.event_id;
      end if;
      if tg_table_name = 'embed_tokens' then
        perform pg_notify('embed_changes', json_build_object('kind', 'token', 'token_id', r.id, 'token_hash', r.token_hash, 'event_id', ev)::text);
      elsif ev is not null then
        perform pg_notify('embed_changes', json_build_object('kind', 'event', 'event_id', ev)::text);
      end if;
      return null;
    end
    $$`.execute(db)
  for (const table of ['events', 'speakers', 'sessions', 'session_speakers']) {
    await sql`
      create trigger ${sql.raw(`${table}_notify_embed_change`)}
      after insert or update or delete on ${sql.table(table)}
      for each row execute function notify_embed_change()`.execute(db)
  }
  await sql`
    create trigger embed_tokens_notify_embed_change
    after insert or delete on embed_tokens
    for each row execute function notify_embed_change()`.execute(db)
  // Usage counting updates tokens every few seconds; only changes to what the embed server
  // enforces must flush its caches.
  await sql`
    create trigger embed_tokens_notify_embed_settings_change
    after update on embed_tokens
    for each row
    when (old.is_active is distinct from new.is_active
      or old.allowed_origins is distinct from new.allowed_origins
      or old.expires_at is distinct from new.expires_at
      or old.revoked_at is distinct from new.revoked_at
      or old.event_id is distinct from new.event_id)
    execute function notify_embed_change()`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['registrations', 'embed_tokens', 'session_speakers', 'sessions', 'speakers', 'events', 'api_keys', 'accounts']) {
    await db.schema.dropTable(table).ifExists().cascade().execute()
  }
  await sql`drop function if exists notify_embed_change()`.execute(db)
}
