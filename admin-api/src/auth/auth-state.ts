import type { Plan, Role } from '@event-service/db'
import type { RequestState } from '@event-service/server-common'

/** The caller's account. */
export interface CallerAccount {
  id: string
  plan: Plan
  /** The account's own hourly limit (enterprise, or an override of the plan's). */
  rate_limit: number | null
}

/** A person signed in to the console. */
export interface SignedInUser {
  id: string
  email: string
  name: string | null
  /** The session the cookie names. */
  sessionId: string
}

/**
 * Who is calling, as one authentication step found it: an API key (`write` acts as an owner,
 * `read` as a viewer) or a person signed in to the console, with their role.
 */
export interface Caller {
  role: Role
  /** Set for an API key; `read` keys may not write. */
  apiKeyId?: string
  /** Set for a console session. */
  user?: SignedInUser
}

/** `ctx.state` of every authenticated route. */
export interface AdminState extends RequestState {
  account: CallerAccount
  caller: Caller
}
