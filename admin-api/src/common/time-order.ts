import { ENDS_BEFORE_START, type FieldError } from '@event-service/server-common'

/**
 * The rule of every time range the API stores (events, sessions): it may be empty, never
 * backwards. The database checks it too (`*_time_order`), answered with the same error.
 */
export function timeOrderIssues(range: { starts_at: Date; ends_at: Date }): FieldError[] {
  return range.ends_at < range.starts_at ? [{ path: ENDS_BEFORE_START.field, message: ENDS_BEFORE_START.message }] : []
}
