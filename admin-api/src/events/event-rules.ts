import { type FieldError, validationError } from '@event-service/server-common'
import { timeOrderIssues } from '../common/time-order.ts'

/**
 * An event as a write would leave it: the body of a create, or the stored row with a PATCH's
 * fields laid over it. Rules between fields are checked on this, so that a partial update cannot
 * pass what a create would refuse.
 */
export interface EventState {
  starts_at: Date
  ends_at: Date
  tickets: readonly { id: string }[]
  questions: readonly { ticket_ids?: readonly string[] | null | undefined }[]
}

/** Question `ticket_ids` that name no ticket of the event, as field errors. */
export function unknownQuestionTickets(event: Pick<EventState, 'tickets' | 'questions'>): FieldError[] {
  const ids = new Set(event.tickets.map((t) => t.id))
  return event.questions.flatMap((q, i) =>
    (q.ticket_ids ?? []).flatMap((id, j) =>
      ids.has(id) ? [] : [{ path: `questions.${i}.ticket_ids.${j}`, message: `names no ticket of this event: ${id}` }],
    ),
  )
}

/** Everything wrong with the state across its fields (each field's own shape is the schema's job). */
export function eventIssues(event: EventState): FieldError[] {
  return [...timeOrderIssues(event), ...unknownQuestionTickets(event)]
}

/** Throws 400 `VALIDATION_ERROR` with every issue of {@link eventIssues}. */
export function assertEventRules(event: EventState): void {
  const issues = eventIssues(event)
  if (issues.length > 0) throw validationError(issues)
}
