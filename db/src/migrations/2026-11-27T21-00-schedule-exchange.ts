import { type Kysely, sql } from 'kysely'

// Frozen in time: this migration never imports application code.
//
// Schedules in and out in the formats of the field (docs/schedule-exchange.md):
// - sessions and speakers keep where they came from (`source`, `source_id`), so that importing the
//   same source again updates them in place; hand-made items have neither;
// - a speaker from a source that publishes no email address (frab, pretalx, Sessionize) has none:
//   `email` may be null (the upsert by email still finds one per address, as null never conflicts);
// - sessions get a small positive `number`, because the frab formats identify an event by one;
// - `imports`: each import, its plan and its result, read back by `GET …/imports/{id}`;
// - `event_syncs`: the source an event follows, how often, and how its last sync went.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('source', 'text')
    .addColumn('source_id', 'text')
    .addColumn('number', 'bigint', (c) => c.notNull().generatedByDefaultAsIdentity())
    .execute()
  await sql`create unique index sessions_event_source_key on sessions (event_id, source, source_id) where source_id is not null`.execute(db)

  await db.schema.alterTable('speakers').addColumn('source', 'text').addColumn('source_id', 'text').execute()
  await sql`create unique index speakers_event_source_key on speakers (event_id, source, source_id) where source_id is not null`.execute(db)
  await sql`alter table speakers alter column email drop not null`.execute(db)
  // The search text named the email; a speaker without one is still found by name and company.
  await sql`drop index speakers_search_trgm_idx`.execute(db)
  await db.schema.alterTable('speakers').dropColumn('search_text').execute()
  await db.schema
    .alterTable('speakers')
    .addColumn('search_text', 'text', (c) =>
      c.generatedAlwaysAs(sql`lower(name || E'\n' || coalesce(email, '') || E'\n' || coalesce(company, ''))`).stored(),
    )
    .execute()
  await sql`create index speakers_search_trgm_idx on speakers using gin (search_text gin_trgm_ops)`.execute(db)

  await db.schema
    .createTable('imports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'running', 'done', 'failed')`))
    .addColumn('trigger', 'text', (c) => c.notNull().check(sql`trigger in ('upload', 'url', 'sync')`))
    .addColumn('source_name', 'text')
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('dry_run', 'boolean', (c) => c.notNull())
    .addColumn('removed', 'text', (c) => c.notNull().check(sql`removed in ('cancel', 'delete')`))
    .addColumn('progress', 'jsonb')
    .addColumn('plan', 'jsonb')
    .addColumn('error', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('imports_event_created_idx').on('imports').columns(['event_id', 'created_at']).execute()

  await db.schema
    .createTable('event_syncs')
    .addColumn('event_id', 'uuid', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('every_seconds', 'integer', (c) => c.notNull().check(sql`every_seconds > 0`))
    .addColumn('removed', 'text', (c) => c.notNull().check(sql`removed in ('cancel', 'delete')`))
    .addColumn('next_run_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('last_run_at', 'timestamptz')
    .addColumn('last_result', 'text', (c) => c.check(sql`last_result in ('changed', 'unchanged', 'not_modified', 'failed')`))
    .addColumn('last_error', 'jsonb')
    .addColumn('last_import_id', 'uuid', (c) => c.references('imports.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('event_syncs_next_run_idx').on('event_syncs').column('next_run_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('event_syncs').execute()
  await db.schema.dropTable('imports').execute()
  await sql`drop index speakers_search_trgm_idx`.execute(db)
  await db.schema.alterTable('speakers').dropColumn('search_text').execute()
  await sql`delete from speakers where email is null`.execute(db)
  await sql`alter table speakers alter column email set not null`.execute(db)
  await db.schema
    .alterTable('speakers')
    .addColumn('search_text', 'text', (c) =>
      c.generatedAlwaysAs(sql`lower(name || E'\n' || email || E'\n' || coalesce(company, ''))`).stored(),
    )
    .execute()
  await sql`create index speakers_search_trgm_idx on speakers using gin (search_text gin_trgm_ops)`.execute(db)
  await db.schema.alterTable('speakers').dropColumn('source').dropColumn('source_id').execute()
  await db.schema.alterTable('sessions').dropColumn('source').dropColumn('source_id').dropColumn('number').execute()
}
