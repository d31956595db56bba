import { checkPlace, type Database, type Question, type RegistrationRow } from '@event-service/db'
import { confirmRegistration, conflict, notFound, soldOut } from '@event-service/server-common'
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

/**
 * A stored answer as a cell. Looked up as an own property (a question id is the organiser's text:
 * `constructor` must not find Object.prototype's), and any value is written, not only the three
 * shapes the form sends: a row written by other means (an import, an older version) still exports.
 */
export function answerCell(answers: Readonly<Record<string, unknown>> | null | undefined, questionId: string): string {
  const value = answers && Object.hasOwn(answers, questionId) ? answers[questionId] : undefined
  if (value === undefined || value === null) return ''
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join('; ')
  return JSON.stringify(value)
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
      'confirmed_at',
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
          isoOrEmpty(r.confirmed_at),
          isoOrEmpty(r.consent_at),
          isoOrEmpty(r.checked_in_at),
          isoOrEmpty(r.cancelled_at),
          ...questions.map((q) => answerCell(r.answers, q.id)),
        ])
      }
      const last = batch.at(-1)
      if (batch.length < CSV_BATCH || !last) return
      after = { created_at: last.created_at, id: last.id }
    }
  }
  return lines()
}

/** A pending registration the organiser confirms: what each outcome of `confirmRegistration` answers. */
async function confirmByOrganiser(trx: Kysely<Database>, id: string, status: 'registered' | 'checked_in'): Promise<RegistrationRow> {
  const result = await confirmRegistration(trx, id, { byOrganiser: true, status })
  switch (result.outcome) {
    case 'confirmed':
      return result.row
    case 'sold_out':
      throw soldOut()
    case 'already_registered':
      throw conflict('This email address already has a confirmed registration for the event')
    default:
      throw conflict('The registration changed meanwhile; read it again')
  }
}

/**
 * Confirms, checks in, cancels or reinstates a registration. Confirming a pending one (to
 * `registered` or `checked_in`) goes through the same steps as its confirm link (the place it
 * holds, or a free one once its hold ran out: 409 `SOLD_OUT`; 409 `CONFLICT` when the address
 * has a confirmed registration already) and announces `registration.confirmed`; no email is sent,
 * the organiser being in touch with the person. Cancelling frees the place and voids the email's
 * links; taking a cancelled or expired registration back takes a place again, under the same lock
 * as a new registration: 409 `SOLD_OUT` when none is left. An empty body changes nothing.
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
    if (current.status === 'pending' && status !== 'cancelled') return confirmByOrganiser(trx, id, status)
    // The event's lock first, as a registration takes it: the two never wait on each other in turn.
    const freed = current.status === 'cancelled' || current.status === 'expired'
    if (freed && (await checkPlace(trx, current.event_id, current.ticket_id)) === 'sold_out') throw soldOut()
    const now = new Date()
    const row = await trx
      .updateTable('registrations')
      .set({
        status,
        checked_in_at: status === 'checked_in' ? now : null,
        cancelled_at: status === 'cancelled' ? now : null,
        ...(status === 'cancelled' ? { cancel_token_hash: null, confirm_token_hash: null } : {}),
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

/** The emails sent about a registration of the account, newest first, without their text; 404 for another account's. */
export async function listRegistrationEmails(db: Kysely<Database>, accountId: string, registrationId: string) {
  const registration = await db
    .selectFrom('registrations')
    .select('id')
    .where('id', '=', registrationId)
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  if (!registration) throw notFound('Registration')
  const rows = await db
    .selectFrom('email_messages')
    .select(['id', 'kind', 'to_address', 'subject', 'status', 'attempts', 'last_error', 'created_at', 'delivered_at'])
    .where('registration_id', '=', registrationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    to: r.to_address,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    last_error: r.last_error,
    created_at: r.created_at.toISOString(),
    delivered_at: r.delivered_at?.toISOString() ?? null,
  }))
}
