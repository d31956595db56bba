import type { Database, EventRow } from '@event-service/db'
import { notFound } from '@event-service/server-common'
import { sql, type Kysely } from 'kysely'
import { offsetOf } from '../common/list-query.ts'
import { assertSyncSource, writeEventSync } from '../event-sync/sync.service.ts'
import type { TargetPolicy } from '../webhooks/target-address.ts'
import { assertSessionsWithin } from '../sessions/session-rules.ts'
import { assertEventRules } from './event-rules.ts'
import type { CreateEventBody, ListEventsQuery, UpdateEventBody } from './events.schema.ts'

/**
 * Throws 404 `NOT_FOUND` unless the event exists and belongs to the account: another account's
 * event is answered exactly like a missing one.
 */
export async function assertEventVisible(db: Kysely<Database>, accountId: string, eventId: string): Promise<void> {
  const found = await db.selectFrom('events').select('id').where('id', '=', eventId).where('account_id', '=', accountId).executeTakeFirst()
  if (!found) throw notFound('Event')
}

/** Tickets and questions as stored: every optional setting spelled out, so readers need no defaults. */
const storedTickets = (list: NonNullable<UpdateEventBody['tickets']>) =>
  JSON.stringify(list.map((t) => ({ ...t, capacity: t.capacity ?? null, show_remaining: t.show_remaining ?? false })))
const storedQuestions = (list: NonNullable<UpdateEventBody['questions']>) =>
  JSON.stringify(list.map((q) => ({ ...q, required: q.required ?? false, options: q.options ?? null, ticket_ids: q.ticket_ids ?? null })))

/** Creates the event, and the source it follows (`sync`, checked like a webhook's target) in the same transaction. */
export async function createEvent(
  db: Kysely<Database>,
  accountId: string,
  input: CreateEventBody,
  policy: TargetPolicy,
): Promise<EventRow> {
  assertEventRules({
    starts_at: new Date(input.starts_at),
    ends_at: new Date(input.ends_at),
    tickets: input.tickets,
    questions: input.questions ?? [],
  })
  await assertSyncSource(input.sync, policy)
  return db.transaction().execute(async (trx) => {
    const event = await trx
      .insertInto('events')
      .values({
        account_id: accountId,
        name: input.name,
        description: input.description ?? null,
        timezone: input.timezone,
        starts_at: new Date(input.starts_at),
        ends_at: new Date(input.ends_at),
        venue: input.venue ?? null,
        rooms: input.rooms ?? [],
        tracks: input.tracks ?? [],
        tickets: storedTickets(input.tickets),
        questions: storedQuestions(input.questions ?? []),
        privacy_notice: input.privacy_notice ? JSON.stringify(input.privacy_notice) : null,
        // New events confirm by email unless told otherwise (docs/decisions.md).
        registration_confirmation: input.registration_confirmation ?? 'email',
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    if (input.sync) await writeEventSync(trx, accountId, event.id, input.sync)
    return event
  })
}

export async function getEvent(db: Kysely<Database>, accountId: string, id: string): Promise<EventRow> {
  const row = await db.selectFrom('events').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst()
  if (!row) throw notFound('Event')
  return row
}

export async function listEvents(
  db: Kysely<Database>,
  accountId: string,
  q: ListEventsQuery,
): Promise<{ rows: EventRow[]; total: number }> {
  const base = db.selectFrom('events').where('account_id', '=', accountId)
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy(q.sort, q.order).orderBy('id', q.order).limit(q.limit).offset(offsetOf(q)).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.total) }
}

/**
 * Changes only the fields present; an empty body returns the event untouched. The change and its
 * `event.updated` webhook commit together, with the source it follows (`sync`).
 */
export async function updateEvent(
  db: Kysely<Database>,
  accountId: string,
  id: string,
  input: UpdateEventBody,
  policy: TargetPolicy,
): Promise<EventRow> {
  if (Object.keys(input).length === 0) return getEvent(db, accountId, id)
  await assertSyncSource(input.sync, policy)
  // Read and written under one row lock, so that the rules hold for the state actually written.
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('events')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .forUpdate()
      .executeTakeFirst()
    if (!current) throw notFound('Event')
    const startsAt = input.starts_at ? new Date(input.starts_at) : current.starts_at
    const endsAt = input.ends_at ? new Date(input.ends_at) : current.ends_at
    const timezone = input.timezone ?? current.timezone
    assertEventRules({
      starts_at: startsAt,
      ends_at: endsAt,
      tickets: input.tickets ?? current.tickets,
      questions: input.questions ?? current.questions,
    })
    if (input.starts_at !== undefined || input.ends_at !== undefined || input.timezone !== undefined) {
      await assertSessionsWithin(trx, id, { starts_at: startsAt, ends_at: endsAt, timezone })
    }
    if (input.sync !== undefined) await writeEventSync(trx, accountId, id, input.sync)
    return trx
      .updateTable('events')
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.timezone !== undefined && { timezone: input.timezone }),
        ...(input.starts_at !== undefined && { starts_at: startsAt }),
        ...(input.ends_at !== undefined && { ends_at: endsAt }),
        ...(input.venue !== undefined && { venue: input.venue }),
        ...(input.rooms !== undefined && { rooms: input.rooms }),
        ...(input.tracks !== undefined && { tracks: input.tracks }),
        ...(input.tickets !== undefined && { tickets: storedTickets(input.tickets) }),
        ...(input.questions !== undefined && { questions: storedQuestions(input.questions) }),
        ...(input.privacy_notice !== undefined && {
          privacy_notice: input.privacy_notice ? JSON.stringify(input.privacy_notice) : null,
        }),
        ...(input.registration_confirmation !== undefined && { registration_confirmation: input.registration_confirmation }),
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
  })
}

/** Deletes the event with its speakers, sessions, embed tokens and registrations. */
export async function deleteEvent(db: Kysely<Database>, accountId: string, id: string): Promise<void> {
  const result = await db.deleteFrom('events').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst()
  if (result.numDeletedRows === 0n) throw notFound('Event')
}
