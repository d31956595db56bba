import { type Kysely, sql } from 'kysely'

// Frozen in time: this migration never imports application code.
//
// Double opt-in for registrations (docs/decisions.md "Registration is confirmed by email"):
// - events get `registration_confirmation` ('email': a registration is `pending` until the link in
//   its email is followed; 'none': registered at once, as before). Every event, existing ones too,
//   gets 'email': the leak it closes (who is registered, places taken with made-up addresses) is
//   open on every public form, and an organiser who needs the old behaviour turns it off with one
//   PATCH. Registrations already made stay `registered`: they were taken under the old rules.
// - registrations get two statuses, `pending` (holds its place until `hold_expires_at`) and
//   `expired` (a pending one whose hold ran out: the place is free again), the hash of the confirm
//   link's secret, when the hold ends and when the registration was confirmed.
// - one email address has at most one *active* (registered or checked-in) registration per event;
//   pending, expired and cancelled ones may repeat it (each submission holds a place of its own).

const OLD_STATUSES = sql`status in ('registered', 'cancelled', 'checked_in')`
const NEW_STATUSES = sql`status in ('pending', 'registered', 'checked_in', 'cancelled', 'expired')`

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('registration_confirmation', 'text', (c) =>
      c.notNull().defaultTo('email').check(sql`registration_confirmation in ('email', 'none')`),
    )
    .execute()

  await sql`alter table registrations drop constraint registrations_status_check`.execute(db)
  await sql`alter table registrations add constraint registrations_status_check check (${NEW_STATUSES})`.execute(db)
  await db.schema
    .alterTable('registrations')
    // SHA-256 (hex) of the confirm link's secret; cleared once used.
    .addColumn('confirm_token_hash', 'text')
    .addColumn('hold_expires_at', 'timestamptz')
    .addColumn('confirmed_at', 'timestamptz')
    .execute()
  await sql`create unique index registrations_confirm_token_key on registrations (confirm_token_hash) where confirm_token_hash is not null`.execute(
    db,
  )
  // The expiry sweep's scan.
  await sql`create index registrations_pending_hold_idx on registrations (hold_expires_at) where status = 'pending'`.execute(db)

  // What the capacity check counts now: pending holds take places too, expired ones do not.
  await sql`drop index registrations_event_ticket_idx`.execute(db)
  await sql`create index registrations_event_ticket_idx on registrations (event_id, ticket_id) where status in ('pending', 'registered', 'checked_in')`.execute(
    db,
  )

  await sql`drop index registrations_event_email_key`.execute(db)
  await sql`create unique index registrations_event_email_key on registrations (event_id, lower(email)) where status in ('registered', 'checked_in')`.execute(
    db,
  )
}

export async function down(db: Kysely<any>): Promise<void> {
  // Back to one registration per address, whatever its status: keep the active one, else the newest.
  await sql`
    delete from registrations r
    using registrations keep
    where keep.event_id = r.event_id and lower(keep.email) = lower(r.email) and keep.id <> r.id
      and (
        (keep.status in ('registered', 'checked_in') and r.status not in ('registered', 'checked_in'))
        or (
          (keep.status in ('registered', 'checked_in')) = (r.status in ('registered', 'checked_in'))
          and (keep.created_at, keep.id) > (r.created_at, r.id)
        )
      )`.execute(db)
  await sql`drop index if exists registrations_event_email_key`.execute(db)
  await sql`create unique index registrations_event_email_key on registrations (event_id, lower(email))`.execute(db)
  await sql`drop index if exists registrations_event_ticket_idx`.execute(db)
  await sql`create index registrations_event_ticket_idx on registrations (event_id, ticket_id) where status <> 'cancelled'`.execute(db)
  await sql`drop index if exists registrations_pending_hold_idx`.execute(db)
  await sql`drop index if exists registrations_confirm_token_key`.execute(db)
  // The old statuses know neither pending nor expired: neither holds a place any more.
  await sql`update registrations set status = 'cancelled', cancelled_at = coalesce(cancelled_at, now()) where status in ('pending', 'expired')`.execute(
    db,
  )
  await db.schema
    .alterTable('registrations')
    .dropColumn('confirm_token_hash')
    .dropColumn('hold_expires_at')
    .dropColumn('confirmed_at')
    .execute()
  await sql`alter table registrations drop constraint registrations_status_check`.execute(db)
  await sql`alter table registrations add constraint registrations_status_check check (${OLD_STATUSES})`.execute(db)
  await db.schema.alterTable('events').dropColumn('registration_confirmation').execute()
}
