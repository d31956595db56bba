import { type Kysely, sql } from 'kysely'

// Frozen in time: this migration never imports application code.
//
// `record_change()` announces a session once per transaction. It marked each session in a
// transaction-local setting of its own name (`event_service.announced_<id>`); Postgres keeps every
// setting name a connection has used until the connection ends, and each new one costs more than
// the last, so a long-lived pooled connection slowed down with every session written (an import of
// 1,000 sessions took 7.9 s on Postgres, most of it here). The marks are now the ids in one
// setting, `event_service.announced_sessions`, which ends with the transaction like the others did.
// And a change that no enabled endpoint subscribes to is not snapshotted: the snapshot (a session's
// with a join of its speakers) was made for every row and thrown away by
// `enqueue_change_deliveries` when nobody subscribed, which is most accounts most of the time.

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
      -- the first recorded, its id added to one setting that ends with the transaction.
      announced := coalesce(current_setting('event_service.announced_sessions', true), '');
      if position(r.id::text in announced) > 0 then
        tbl := null;
      else
        perform set_config('event_service.announced_sessions', announced || r.id::text || ' ', true);
      end if;
    end if;

    -- An account without an enabled endpoint (most) has nothing to record: the change is not
    -- looked at further, nor its snapshot made (a session's joins its speakers).
    if not exists (select 1 from webhook_endpoints e where e.account_id = acc and e.enabled) then
      tbl := null;
    end if;
    wtype := webhook_event_type(tbl, op,
      case when op <> 'INSERT' and tbl is not null then to_jsonb(old) end, case when op <> 'DELETE' and tbl is not null then to_jsonb(r) end);
    if wtype is not null
      and exists (select 1 from webhook_endpoints e
                  where e.account_id = acc and e.enabled and (wtype = any (e.events) or '*' = any (e.events)))
      and (op <> 'DELETE' or exists (select 1 from events where id = ev)) then
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

const PREVIOUS_RECORD_CHANGE = sql`
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

export async function up(db: Kysely<any>): Promise<void> {
  await RECORD_CHANGE.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await PREVIOUS_RECORD_CHANGE.execute(db)
}
