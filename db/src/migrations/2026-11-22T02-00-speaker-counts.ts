import { type Kysely, sql } from 'kysely'

// Frozen in time: this migration never imports application code.
//
// Exact speaker totals per event and status, kept by statement-level triggers, so that the
// admin API's `GET /speakers` answers `meta.total` without counting 100,000 rows per request.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table speaker_counts (
      event_id uuid not null references events (id) on delete cascade,
      status text not null,
      n bigint not null,
      primary key (event_id, status)
    )`.execute(db)
  await sql`insert into speaker_counts (event_id, status, n) select event_id, status, count(*) from speakers group by 1, 2`.execute(db)
  // One statement per change, rows taken in key order so that concurrent writers lock counter
  // rows in the same order (no deadlocks). A delete only decrements existing rows: when an event
  // is deleted its counters may already be gone, and inserting one would break its foreign key.
  await sql`
    create function speaker_counts_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into speaker_counts as c (event_id, status, n)
        select event_id, status, count(*) from new_rows group by 1, 2 order by 1, 2
        on conflict (event_id, status) do update set n = c.n + excluded.n;
      elsif tg_op = 'UPDATE' then
        insert into speaker_counts as c (event_id, status, n)
        select event_id, status, sum(delta) from (
          select event_id, status, 1 as delta from new_rows
          union all
          select event_id, status, -1 from old_rows
        ) d group by 1, 2 having sum(delta) <> 0 order by 1, 2
        on conflict (event_id, status) do update set n = c.n + excluded.n;
      else
        update speaker_counts c set n = c.n - d.n
        from (select event_id, status, count(*) as n from old_rows group by 1, 2) d
        where c.event_id = d.event_id and c.status = d.status;
      end if;
      return null;
    end
    $$`.execute(db)
  await sql`
    create trigger speakers_count_insert after insert on speakers
    referencing new table as new_rows for each statement execute function speaker_counts_apply()`.execute(db)
  await sql`
    create trigger speakers_count_update after update on speakers
    referencing old table as old_rows new table as new_rows for each statement execute function speaker_counts_apply()`.execute(db)
  await sql`
    create trigger speakers_count_delete after delete on speakers
    referencing old table as old_rows for each statement execute function speaker_counts_apply()`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const op of ['insert', 'update', 'delete']) {
    await sql`drop trigger if exists ${sql.raw(`speakers_count_${op}`)} on speakers`.execute(db)
  }
  await sql`drop function if exists speaker_counts_apply()`.execute(db)
  await sql`drop table if exists speaker_counts`.execute(db)
}
