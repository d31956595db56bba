import { type Kysely, sql } from 'kysely'

// Frozen in time: this migration never imports application code.
//
// One change, one record (docs/decisions.md "Changes come from the database"): every write to an
// announced table, whoever makes it (a service, the seed, the CLI, a SQL fix), runs
// `record_change()` in its own transaction, which
// - NOTIFYs `embed_changes` so the embed caches and live streams hear of it (the payload of the
//   initial schema, plus `table` for tokens too), and
// - when the change has a webhook event type (`webhook_event_type`, the one mapping from table,
//   operation and column transitions to types) and an enabled endpoint of the account subscribes
//   to it, stores the change (`changes`: the row after the change, before it for a delete) and
//   writes one delivery per subscribed endpoint, all with one message id, and wakes the delivery
//   workers. The admin API presents the stored row at delivery time, so the presentation lives in
//   its presenters only.
//
// Sessions are recorded at commit (a deferred constraint trigger) so that a session's webhook
// carries the speakers set after it in the same transaction, and before a delete, while its
// speakers are still assigned. A change of a session's speakers alone is the session's update,
// and a session is announced once per transaction, as the transaction leaves it. A row deleted with its event (or account) is not announced: the
// event is gone, and so, by then, are the endpoints of a deleted account.

const WEBHOOK_EVENT_TYPE = sql`
  create or replace function webhook_event_type(tbl text, op text, old_row jsonb, new_row jsonb) returns text
  language sql immutable as $$
    select case
      when tbl = 'events' and op = 'UPDATE' then 'event.updated'
      when tbl = 'speakers' and op = 'INSERT' then 'speaker.created'
      when tbl = 'speakers' and op = 'UPDATE' then 'speaker.updated'
      when tbl = 'speakers' and op = 'DELETE' then 'speaker.deleted'
      when tbl = 'sessions' and op = 'INSERT' then 'session.created'
      when tbl = 'sessions' and op = 'UPDATE' then 'session.updated'
      when tbl = 'sessions' and op = 'DELETE' then 'session.deleted'
      when tbl = 'embed_tokens' and op = 'INSERT' then 'embed_token.created'
      when tbl = 'embed_tokens' and op = 'UPDATE' and old_row->>'revoked_at' is null and new_row->>'revoked_at' is not null
        then 'embed_token.revoked'
      when tbl = 'embed_tokens' and op = 'UPDATE' then 'embed_token.updated'
      when tbl = 'registrations' and op = 'INSERT' then 'registration.created'
      -- Confirmed by its link or by the organiser, or at the door (straight to checked in).
      when tbl = 'registrations' and op = 'UPDATE' and old_row->>'status' = 'pending' and new_row->>'status' in ('registered', 'checked_in')
        then 'registration.confirmed'
    end
  $$`

const ENQUEUE_CHANGE_DELIVERIES = sql`
  create or replace function enqueue_change_deliveries(acc uuid, tbl text, op text, resource uuid, ev uuid, wtype text, snapshot jsonb)
  returns void language plpgsql as $$
  declare
    change uuid := gen_random_uuid();
  begin
    perform 1 from webhook_endpoints e
    where e.account_id = acc and e.enabled and (wtype = any (e.events) or '*' = any (e.events)) limit 1;
    if not found then return; end if;
    insert into changes (id, account_id, table_name, operation, resource_id, event_id, type, row)
    values (change, acc, tbl, lower(op), resource, ev, wtype, snapshot);
    insert into webhook_deliveries (account_id, webhook_id, message_id, type, change_id)
    select acc, e.id, 'msg_' || replace(change::text, '-', ''), wtype, change
    from webhook_endpoints e
    where e.account_id = acc and e.enabled and (wtype = any (e.events) or '*' = any (e.events));
    perform pg_notify('webhook_deliveries', '');
  end
  $$`

const RECORD_CHANGE = sql`
  create or replace function record_change() returns trigger language plpgsql as $$
  declare
    r record;
    ev uuid;
    acc uuid;
    -- The resource the webhook announces: a session for a change of its speakers.
    tbl text := tg_table_name;
    op text := tg_op;
    wtype text;
    snapshot jsonb;
    announced text;
  begin
    if tg_op = 'DELETE' then r := old; else r := new; end if;
    if tg_table_name = 'session_speakers' then
      -- At commit: a change of a session's speakers is an update of the session as it is then
      -- (none when the session went, which announced itself).
      select * into r from sessions s where s.id = r.session_id;
      if not found then return null; end if;
      tbl := 'sessions';
      op := 'UPDATE';
    elsif tg_table_name = 'sessions' and tg_when = 'AFTER' then
      -- At commit: the session as the transaction leaves it, not as this statement did.
      select * into r from sessions s where s.id = r.id;
      if not found then return null; end if;
    end if;
    if tg_table_name = 'events' then
      ev := r.id;
    else
      ev := r.event_id;
    end if;
    acc := r.account_id;

    if tg_table_name = 'embed_tokens' then
      perform pg_notify('embed_changes',
        json_build_object('kind', 'token', 'token_id', r.id, 'token_hash', r.token_hash, 'event_id', ev, 'table', tg_table_name)::text);
    elsif ev is not null then
      -- Identical per table and event, so Postgres collapses a bulk change to one message.
      perform pg_notify('embed_changes', json_build_object('kind', 'event', 'event_id', ev, 'table', tg_table_name)::text);
    end if;

    if tbl = 'sessions' then
      -- One announcement per session and transaction (its row, then its speakers, are one change):
      -- the first recorded, marked in a setting that ends with the transaction.
      announced := 'event_service.announced_' || replace(r.id::text, '-', '_');
      if current_setting(announced, true) = 'yes' then
        tbl := null;
      else
        perform set_config(announced, 'yes', true);
      end if;
    end if;

    wtype := webhook_event_type(tbl, op,
      case when op <> 'INSERT' then to_jsonb(old) end, case when op <> 'DELETE' then to_jsonb(r) end);
    if wtype is not null and (op <> 'DELETE' or exists (select 1 from events where id = ev)) then
      -- Hashes of secrets and derived columns stay out of the record.
      snapshot := to_jsonb(r) - 'token_hash' - 'confirm_token_hash' - 'cancel_token_hash' - 'search_text';
      if tbl = 'sessions' then
        snapshot := snapshot || jsonb_build_object('speakers', (
          select coalesce(jsonb_agg(to_jsonb(s) - 'search_text' order by ss.position), '[]'::jsonb)
          from session_speakers ss join speakers s on s.id = ss.speaker_id
          where ss.session_id = r.id));
      end if;
      perform enqueue_change_deliveries(acc, tbl, op, r.id, ev, wtype, snapshot);
    end if;

    if tg_when = 'BEFORE' then return old; end if;
    return null;
  end
  $$`

/** The triggers of the earlier migrations, replaced by `record_change()` triggers. */
const OLD_TRIGGERS = [
  ['events', 'events_notify_embed_change'],
  ['speakers', 'speakers_notify_embed_change'],
  ['sessions', 'sessions_notify_embed_change'],
  ['session_speakers', 'session_speakers_notify_embed_change'],
  ['embed_tokens', 'embed_tokens_notify_embed_change'],
  ['embed_tokens', 'embed_tokens_notify_embed_settings_change'],
  ['registrations', 'registrations_notify_embed_change'],
] as const

/** The columns the embed server's usage counting writes every few seconds: no change to announce. */
const TOKEN_CHANGED = sql`(to_jsonb(old) - 'usage_count' - 'last_used_at') is distinct from (to_jsonb(new) - 'usage_count' - 'last_used_at')`

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('changes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull().check(sql`operation in ('insert', 'update', 'delete')`))
    .addColumn('resource_id', 'uuid', (c) => c.notNull())
    .addColumn('event_id', 'uuid')
    // The webhook event type.
    .addColumn('type', 'text', (c) => c.notNull())
    // The row after the change (before it, for a delete), as `to_jsonb` gives it.
    .addColumn('row', 'jsonb', (c) => c.notNull())
    // The body's `timestamp`: when the writing transaction began.
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('changes_account_idx').on('changes').column('account_id').execute()

  // A delivery of a change has no body of its own: it is presented from the change. Test events
  // (`webhook.test`) keep theirs.
  await sql`alter table webhook_deliveries alter column body drop not null`.execute(db)
  await db.schema
    .alterTable('webhook_deliveries')
    .addColumn('change_id', 'uuid', (c) => c.references('changes.id').onDelete('cascade'))
    .execute()
  await sql`alter table webhook_deliveries add constraint webhook_deliveries_content check ((body is null) <> (change_id is null))`.execute(
    db,
  )
  await db.schema.createIndex('webhook_deliveries_change_idx').on('webhook_deliveries').column('change_id').execute()

  await WEBHOOK_EVENT_TYPE.execute(db)
  await ENQUEUE_CHANGE_DELIVERIES.execute(db)
  await RECORD_CHANGE.execute(db)

  for (const [table, trigger] of OLD_TRIGGERS) await sql`drop trigger ${sql.raw(trigger)} on ${sql.table(table)}`.execute(db)
  await sql`drop function notify_embed_change()`.execute(db)

  for (const table of ['events', 'speakers']) {
    await sql`
      create trigger ${sql.raw(`${table}_record_change`)}
      after insert or update or delete on ${sql.table(table)}
      for each row execute function record_change()`.execute(db)
  }
  for (const [table, operations] of [
    ['sessions', 'insert or update'],
    ['session_speakers', 'insert or update or delete'],
  ] as const) {
    await sql`
      create constraint trigger ${sql.raw(`${table}_record_change`)}
      after ${sql.raw(operations)} on ${sql.table(table)}
      deferrable initially deferred
      for each row execute function record_change()`.execute(db)
  }
  await sql`
    create trigger sessions_record_delete
    before delete on sessions
    for each row execute function record_change()`.execute(db)
  await sql`
    create trigger embed_tokens_record_change
    after insert or delete on embed_tokens
    for each row execute function record_change()`.execute(db)
  await sql`
    create trigger embed_tokens_record_update
    after update on embed_tokens
    for each row when (${TOKEN_CHANGED})
    execute function record_change()`.execute(db)
  // A place taken or freed, or a registration confirmed.
  await sql`
    create trigger registrations_record_change
    after insert or delete or update of status, ticket_id on registrations
    for each row execute function record_change()`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, trigger] of [
    ['events', 'events_record_change'],
    ['speakers', 'speakers_record_change'],
    ['session_speakers', 'session_speakers_record_change'],
    ['sessions', 'sessions_record_change'],
    ['sessions', 'sessions_record_delete'],
    ['embed_tokens', 'embed_tokens_record_change'],
    ['embed_tokens', 'embed_tokens_record_update'],
    ['registrations', 'registrations_record_change'],
  ] as const) {
    await sql`drop trigger ${sql.raw(trigger)} on ${sql.table(table)}`.execute(db)
  }
  await sql`drop function record_change()`.execute(db)
  await sql`drop function enqueue_change_deliveries(uuid, text, text, uuid, uuid, text, jsonb)`.execute(db)
  await sql`drop function webhook_event_type(text, text, jsonb, jsonb)`.execute(db)

  // `notify_embed_change()` and its triggers as the earlier migrations left them.
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
        perform pg_notify('embed_changes', json_build_object('kind', 'event', 'event_id', ev, 'table', tg_table_name)::text);
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
  await sql`
    create trigger registrations_notify_embed_change
    after insert or delete or update of status, ticket_id on registrations
    for each row execute function notify_embed_change()`.execute(db)

  await sql`delete from webhook_deliveries where change_id is not null`.execute(db)
  await sql`alter table webhook_deliveries drop constraint webhook_deliveries_content`.execute(db)
  await db.schema.alterTable('webhook_deliveries').dropColumn('change_id').execute()
  await sql`alter table webhook_deliveries alter column body set not null`.execute(db)
  await db.schema.dropTable('changes').execute()
}
