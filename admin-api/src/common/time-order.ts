import type { FieldError } from '@event-service/server-common'

/**
 * The rule of every time range the API stores (events, sessions): it may be empty, never
 * backwards. The database checks it too (`*_time_order`, mapped in server-common's constraint table).
 */
export function timeOrderIssues(range: { starts_at: Date; ends_at: Date }): FieldError[] {
  return range.ends_at < range.starts_at ? [{ path: 'ends_at', message: 'must not be before starts_at' }] : []
}
