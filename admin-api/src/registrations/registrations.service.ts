import type { Database, RegistrationRow } from '@event-service/db'
import type { Kysely } from 'kysely'
import { offsetOf } from '../common/list-query.ts'
import { assertEventVisible } from '../events/events.service.ts'
import type { ListRegistrationsQuery } from './registrations.schema.ts'

/** One page of an event's registrations (made through the embed API) and their exact number. */
export async function listRegistrations(
  db: Kysely<Database>,
  accountId: string,
  q: ListRegistrationsQuery,
): Promise<{ rows: RegistrationRow[]; total: number }> {
  await assertEventVisible(db, accountId, q.event_id)
  const base = db.selectFrom('registrations').where('event_id', '=', q.event_id).where('account_id', '=', accountId)
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy(q.sort, q.order).orderBy('id', q.order).limit(q.limit).offset(offsetOf(q)).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.total) }
}
