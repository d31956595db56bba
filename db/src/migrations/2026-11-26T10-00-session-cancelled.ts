import { type Kysely, sql } from 'kysely'

// Frozen in time: this migration never imports application code.
//
// Sessions gain `cancelled`: a cancelled talk stays in the schedule (widgets strike it through,
// the calendar feed says STATUS:CANCELLED) instead of vanishing. The `sessions_bump_sequence`
// trigger compares whole rows, so cancelling bumps the calendar SEQUENCE without a change here.
//
// The embed change notifications gain `table`, the table whose row changed, so that live streams
// can say which parts of an event's reads changed (`event`, `sessions`, `speakers`). The payloads
// stay identical per table and event within one transaction, so Postgres still collapses a bulk
// change to one message per table.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('cancelled', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
  await replaceNotifyFunction(db, true)
}

export async function down(db: Kysely<any>): Promise<void> {
  await replaceNotifyFunction(db, false)
  await db.schema.alterTable('sessions').dropColumn('cancelled').execute()
}

/** `notify_embed_change()` as the initial schema made it, with or without the `table` field. */
async function replaceNotifyFunction(db: Kysely<any>, withTable: boolean): Promise<void> {
  const table = withTable ? sql.raw(`, 'table', tg_table_name`) : sql.raw('')
  await sql`
    create or replace function notify_embed_change() returns trigger language plpgsql as $$
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
        perform pg_notify('embed_changes', json_build_object('kind', 'event', 'event_id', ev${table})::text);
      end if;
      return null;
    end
    $$`.execute(db)
}
