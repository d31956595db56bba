// The door's counter, "checked in / expected": expected are the confirmed registrations (registered
// or checked in). Read once from the API's totals, then kept up to date by each tick and undo, so
// the counter moves at once without asking the server again.
import type { RegistrationStatus } from '@event-service/db/tables/registrations.ts'

export interface CheckInCount {
  checkedIn: number
  expected: number
}

const confirmed = (status: RegistrationStatus) => status === 'registered' || status === 'checked_in'

/**
 * The counter after one registration went from `from` to `to`.
 *
 * @example
 * countAfter({checkedIn: 3, expected: 10}, 'pending', 'checked_in') // {checkedIn: 4, expected: 11}
 */
export function countAfter(count: CheckInCount, from: RegistrationStatus, to: RegistrationStatus): CheckInCount {
  return {
    checkedIn: count.checkedIn + (to === 'checked_in' ? 1 : 0) - (from === 'checked_in' ? 1 : 0),
    expected: count.expected + (confirmed(to) ? 1 : 0) - (confirmed(from) ? 1 : 0),
  }
}
