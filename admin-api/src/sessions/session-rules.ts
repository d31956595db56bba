import type { Database } from '@event-service/db'
import { ApiError, type FieldError, notFound, validationError } from '@event-service/server-common'
import { dayKey } from '@event-service/widgets/datetime'
import type { Transaction } from 'kysely'
import { timeOrderIssues } from '../common/time-order.ts'

/** A session's times as a write would leave them: the body of a create, or the row with a PATCH's times laid over it. */
export interface SessionTimes {
  starts_at: Date
  ends_at: Date
}

/** What of an event bounds its sessions: its days, from the day of its start to the day of its end in its zone. */
export interface EventDates {
  starts_at: Date
  ends_at: Date
  timezone: string
}

/**
 * The event's days as the schedules show them (`YYYY-MM-DD` in its zone), by the widgets' own day
 * key, so that every session the API accepts is on one of the day tabs.
 */
function eventDays(event: EventDates): { first: string; last: string; label: string } {
  const first = dayKey(event.starts_at.getTime(), event.timezone)
  const last = dayKey(event.ends_at.getTime(), event.timezone)
  return { first, last, label: `${first === last ? first : `${first} to ${last}`}, ${event.timezone}` }
}

/**
 * Which ends of the session fall outside the event's days. Whole days, not the event's own hours:
 * a breakfast before the doors open or a party after the last talk belongs to the event, and a day
 * tab shows the whole day. A session ending at midnight ends on the day before.
 */
function outsideEventDays(session: SessionTimes, event: EventDates): FieldError[] {
  const { first, last, label } = eventDays(event)
  const within = (day: string) => day >= first && day <= last
  const lastMoment = Math.max(session.starts_at.getTime(), session.ends_at.getTime() - 1)
  const message = `must be on one of the event's days (${label})`
  return [
    ...(within(dayKey(session.starts_at.getTime(), event.timezone)) ? [] : [{ path: 'starts_at', message }]),
    ...(within(dayKey(lastMoment, event.timezone)) ? [] : [{ path: 'ends_at', message }]),
  ]
}

/** Everything wrong with a session's times, alone and within its event. */
export function sessionIssues(session: SessionTimes, event: EventDates): FieldError[] {
  return [...timeOrderIssues(session), ...outsideEventDays(session, event)]
}

/** Throws 400 `VALIDATION_ERROR` with every issue of {@link sessionIssues}. */
export function assertSessionRules(session: SessionTimes, event: EventDates): void {
  const issues = sessionIssues(session, event)
  if (issues.length > 0) throw validationError(issues)
}

/**
 * The event's dates, locked against a change until the transaction ends (an event's change of
 * dates locks it for update and checks its sessions: neither write can slip past the other).
 * 404 `NOT_FOUND` unless the event exists and belongs to the account.
 */
export async function lockEventDates(trx: Transaction<Database>, accountId: string, eventId: string): Promise<EventDates> {
  const event = await trx
    .selectFrom('events')
    .select(['starts_at', 'ends_at', 'timezone'])
    .where('id', '=', eventId)
    .where('account_id', '=', accountId)
    .forShare()
    .executeTakeFirst()
  if (!event) throw notFound('Event')
  return event
}

/** Session titles a message names before it says "and N more". */
const NAMED_SESSIONS = 3

/**
 * 409 `CONFLICT` when the event's new dates would leave any of its sessions outside its days,
 * naming them (`details.sessions`): they are to be moved or deleted first. Call with the event
 * locked for update.
 */
export async function assertSessionsWithin(trx: Transaction<Database>, eventId: string, event: EventDates): Promise<void> {
  const sessions = await trx
    .selectFrom('sessions')
    .select(['id', 'title', 'starts_at', 'ends_at'])
    .where('event_id', '=', eventId)
    .orderBy('starts_at')
    .orderBy('id')
    .execute()
  const outside = sessions.filter((s) => outsideEventDays(s, event).length > 0)
  if (outside.length === 0) return
  const named = outside.slice(0, NAMED_SESSIONS).map((s) => `“${s.title}”`)
  const more = outside.length > NAMED_SESSIONS ? ` and ${outside.length - NAMED_SESSIONS} more` : ''
  throw new ApiError(
    409,
    'CONFLICT',
    `${outside.length === 1 ? 'A session' : `${outside.length} sessions`} would fall outside the event's days (${eventDays(event).label}): ${named.join(', ')}${more}; move or delete ${outside.length === 1 ? 'it' : 'them'} first`,
    {
      sessions: outside.map((s) => ({ id: s.id, title: s.title, starts_at: s.starts_at.toISOString(), ends_at: s.ends_at.toISOString() })),
    },
  )
}
