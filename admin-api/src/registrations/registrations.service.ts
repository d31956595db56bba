import { type AnswerValue, checkPlace, type Database, type Question, type RegistrationRow } from '@event-service/db'
import { conflict, notFound, soldOut } from '@event-service/server-common'
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely'
import { csvLine } from '../common/csv.ts'
import { offsetOf } from '../common/list-query.ts'
import { escapeLike } from '../speakers/speakers.service.ts'
import type { ListRegistrationsQuery, UpdateRegistrationBody } from './registrations.schema.ts'

type Filter = Omit<ListRegistrationsQuery, 'page' | 'limit' | 'sort' | 'order'>

/** The event's questions, or 404 `NOT_FOUND` when the account cannot see the event. */
async function questionsOfVisibleEvent(db: Kysely<Database>, accountId: string, eventId: string): Promise<Question[]> {
  const event = await db
    .selectFrom('events')
    .select('questions')
    .where('id', '=', eventId)
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  if (!event) throw notFound('Event')
  return event.questions ?? []
}

/** The registrations of one of the account's events that match the filters. */
function matching(db: Kysely<Database>, accountId: string, f: Filter): SelectQueryBuilder<Database, 'registrations', object> {
  const search = f.search?.trim()
  return db
    .selectFrom('registrations')
    .where('event_id', '=', f.event_id)
    .where('account_id', '=', accountId)
    .$if(f.ticket_id !== undefined, (q) => q.where('ticket_id', '=', f.ticket_id as string))
    .$if(f.status !== undefined, (q) => q.where('status', '=', f.status as RegistrationRow['status']))
    .$if(Boolean(search), (q) =>
      q.where(
        sql<boolean>`(lower(name) like '%' || lower(${escapeLike(search as string)}) || '%' or lower(email) like '%' || lower(${escapeLike(search as string)}) || '%')`,
      ),
    )
}

/** One page of an event's registrations (made through the embed API) and their exact number. */
export async function listRegistrations(
  db: Kysely<Database>,
  accountId: string,
  q: ListRegistrationsQuery,
): Promise<{ rows: RegistrationRow[]; total: number }> {
  await questionsOfVisibleEvent(db, accountId, q.event_id)
  const base = matching(db, accountId, q)
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy(q.sort, q.order).orderBy('id', q.order).limit(q.limit).offset(offsetOf(q)).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.total) }
}

/** Rows read per query while streaming the CSV: memory stays flat whatever the event's size. */
const CSV_BATCH = 500

const answerText = (value: AnswerValue | undefined): string => {
  if (value === undefined) return ''
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  return Array.isArray(value) ? value.join('; ') : value
}

const isoOrEmpty = (d: Date | null) => (d ? d.toISOString() : '')

/**
 * The CSV export of the registrations matching the filters, oldest first, as lines produced batch
 * by batch (keyset pagination on `created_at, id`), so a large event streams instead of being
 * held in memory. Resolves (404 for an event the account cannot see) before the first line, so
 * that errors are answered with the envelope rather than inside a started download.
 */
export async function registrationsCsv(db: Kysely<Database>, accountId: string, f: Filter): Promise<AsyncIterable<string>> {
  const questions = await questionsOfVisibleEvent(db, accountId, f.event_id)
  async function* lines(): AsyncGenerator<string> {
    yield csvLine([
      'id',
      'created_at',
      'name',
      'email',
      'ticket_id',
      'status',
      'consent_at',
      'checked_in_at',
      'cancelled_at',
      ...questions.map((q) => q.label),
    ])
    let after: { created_at: Date; id: string } | undefined
    for (;;) {
      const batch = await matching(db, accountId, f)
        .selectAll()
        .$if(after !== undefined, (q) => q.where(sql<boolean>`(created_at, id) > (${after?.created_at}, ${after?.id})`))
        .orderBy('created_at')
        .orderBy('id')
        .limit(CSV_BATCH)
        .execute()
      for (const r of batch) {
        yield csvLine([
          r.id,
          r.created_at.toISOString(),
          r.name,
          r.email,
          r.ticket_id,
          r.status,
          isoOrEmpty(r.consent_at),
          isoOrEmpty(r.checked_in_at),
          isoOrEmpty(r.cancelled_at),
          ...questions.map((q) => answerText(r.answers[q.id])),
        ])
      }
      const last = batch.at(-1)
      if (batch.length < CSV_BATCH || !last) return
      after = { created_at: last.created_at, id: last.id }
    }
  }
  return lines()
}

/**
 * Checks in, cancels or reinstates a registration. Cancelling frees the place and voids the
 * email's cancel link; taking a cancelled registration back takes a place again, under the same
 * lock as a new registration: 409 `SOLD_OUT` when none is left. An empty body changes nothing.
 */
export async function updateRegistration(
  db: Kysely<Database>,
  accountId: string,
  id: string,
  body: UpdateRegistrationBody,
): Promise<RegistrationRow> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('registrations')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst()
    if (!current) throw notFound('Registration')
    const status = body.status
    if (status === undefined || status === current.status) return current
    // The event's lock first, as a registration takes it: the two never wait on each other in turn.
    if (current.status === 'cancelled' && (await checkPlace(trx, current.event_id, current.ticket_id)) === 'sold_out') throw soldOut()
    const now = new Date()
    const row = await trx
      .updateTable('registrations')
      .set({
        status,
        checked_in_at: status === 'checked_in' ? now : null,
        cancelled_at: status === 'cancelled' ? now : null,
        ...(status === 'cancelled' ? { cancel_token_hash: null } : {}),
      })
      .where('id', '=', id)
      // Fenced on the status read above: a concurrent change (a cancel link used meanwhile) wins.
      .where('status', '=', current.status)
      .returningAll()
      .executeTakeFirst()
    if (!row) throw conflict('The registration changed meanwhile; read it again')
    return row
  })
}
