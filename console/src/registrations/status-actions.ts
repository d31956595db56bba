// What an organiser can do with a registration in each status, as `PATCH /v1/registrations/{id}`
// allows it (`registered`, `checked_in` or `cancelled`; `pending` and `expired` only the registrant's
// email and the clock lead to).
import type { RegistrationStatus } from '@event-service/db/tables/registrations.ts'

export type SettableStatus = 'registered' | 'checked_in' | 'cancelled'

/** An action's name (a message key) and the status it sets. */
export interface StatusAction {
  action: 'confirm' | 'checkIn' | 'undoCheckIn' | 'cancel' | 'reinstate'
  status: SettableStatus
  /** Asks before doing it: cancelling frees the place and voids the email's links. */
  confirm: boolean
}

const CONFIRM: StatusAction = { action: 'confirm', status: 'registered', confirm: false }
const CHECK_IN: StatusAction = { action: 'checkIn', status: 'checked_in', confirm: false }
const UNDO_CHECK_IN: StatusAction = { action: 'undoCheckIn', status: 'registered', confirm: false }
const CANCEL: StatusAction = { action: 'cancel', status: 'cancelled', confirm: true }
const REINSTATE: StatusAction = { action: 'reinstate', status: 'registered', confirm: false }

/**
 * The actions offered for a registration, most likely first.
 *
 * @example
 * statusActions('pending') // confirm, check in, cancel
 */
export function statusActions(status: RegistrationStatus): StatusAction[] {
  switch (status) {
    case 'pending':
      return [CONFIRM, CHECK_IN, CANCEL]
    case 'registered':
      return [CHECK_IN, CANCEL]
    case 'checked_in':
      return [UNDO_CHECK_IN, CANCEL]
    case 'cancelled':
    case 'expired':
      return [REINSTATE]
  }
}

/** Whether the door can check this registration in (a pending one is confirmed by it too). */
export function canCheckIn(status: RegistrationStatus): boolean {
  return status === 'registered' || status === 'pending'
}

/** Web Awesome's badge variant for each status. */
export const STATUS_VARIANT: Record<RegistrationStatus, 'neutral' | 'success' | 'brand' | 'warning'> = {
  pending: 'warning',
  registered: 'brand',
  checked_in: 'success',
  cancelled: 'neutral',
  expired: 'neutral',
}
