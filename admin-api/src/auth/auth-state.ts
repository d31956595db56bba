import type { Plan } from '@event-service/db'
import type { RequestState } from '@event-service/server-common'

/** The caller, as authenticated by its API key. */
export interface CallerAccount {
  id: string
  plan: Plan
  /** The account's own hourly limit (enterprise, or an override of the plan's). */
  rate_limit: number | null
}

/** `ctx.state` of every keyed route. */
export interface AdminState extends RequestState {
  account: CallerAccount
  apiKeyId: string
}
