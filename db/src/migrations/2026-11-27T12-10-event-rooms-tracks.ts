import { type Kysely, sql } from 'kysely'

// Frozen in time: this migration never imports application code.
//
// An event's rooms and tracks, named in the order the organiser gives them: the console's
// schedule editor shows a column for every room before any session is in it, and offers the
// tracks when a session is edited. Sessions keep naming their room and track as free text.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('rooms', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('tracks', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('rooms').dropColumn('tracks').execute()
}
