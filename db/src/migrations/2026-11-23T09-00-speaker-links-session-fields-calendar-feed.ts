import { type Kysely, sql } from 'kysely'

// Frozen in time: this migration never imports application code.
//
// Speakers gain `links` (their website and profiles); sessions gain the fields schedules show
// (`format`, `level`, `language`, `tags`, `slides_url`, `recording_url`) and `sequence`, the
// iCalendar SEQUENCE of the calendar feed; embed tokens gain `calendar_feed`, the permission to
// serve the feed to calendar apps (which send no Origin) when the token has allowed origins.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('speakers')
    .addColumn('links', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute()

  await db.schema
    .alterTable('sessions')
    .addColumn('format', 'text')
    .addColumn('level', 'text', (c) => c.check(sql`level in ('beginner', 'intermediate', 'advanced')`))
    .addColumn('language', 'text')
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('slides_url', 'text')
    .addColumn('recording_url', 'text')
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`create index sessions_tags_idx on sessions using gin (tags)`.execute(db)

  // SEQUENCE grows by one with every update that changes what the session says (any column but
  // `updated_at` and `sequence` itself), whoever writes it: the admin API, the seed or a manual fix.
  // Comparing the rows as jsonb covers columns added later (e.g. `cancelled`) without a new trigger.
  await sql`
    create function sessions_bump_sequence() returns trigger language plpgsql as $$
    begin
      if (to_jsonb(new) - 'updated_at' - 'sequence') is distinct from (to_jsonb(old) - 'updated_at' - 'sequence') then
        new.sequence := old.sequence + 1;
      else
        new.sequence := old.sequence;
      end if;
      return new;
    end
    $$`.execute(db)
  await sql`
    create trigger sessions_bump_sequence
    before update on sessions
    for each row execute function sessions_bump_sequence()`.execute(db)

  await db.schema
    .alterTable('embed_tokens')
    .addColumn('calendar_feed', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
  // The embed servers cache tokens: a change of the feed permission must flush them like the
  // other enforced settings.
  await sql`drop trigger embed_tokens_notify_embed_settings_change on embed_tokens`.execute(db)
  await sql`
    create trigger embed_tokens_notify_embed_settings_change
    after update on embed_tokens
    for each row
    when (old.is_active is distinct from new.is_active
      or old.allowed_origins is distinct from new.allowed_origins
      or old.expires_at is distinct from new.expires_at
      or old.revoked_at is distinct from new.revoked_at
      or old.event_id is distinct from new.event_id
      or old.calendar_feed is distinct from new.calendar_feed)
    execute function notify_embed_change()`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger embed_tokens_notify_embed_settings_change on embed_tokens`.execute(db)
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
  await db.schema.alterTable('embed_tokens').dropColumn('calendar_feed').execute()
  await sql`drop trigger sessions_bump_sequence on sessions`.execute(db)
  await sql`drop function sessions_bump_sequence()`.execute(db)
  await sql`drop index sessions_tags_idx`.execute(db)
  await db.schema
    .alterTable('sessions')
    .dropColumn('format')
    .dropColumn('level')
    .dropColumn('language')
    .dropColumn('tags')
    .dropColumn('slides_url')
    .dropColumn('recording_url')
    .dropColumn('sequence')
    .execute()
  await db.schema.alterTable('speakers').dropColumn('links').execute()
}
