import type { Generated, Insertable, Selectable, Updateable } from 'kysely'

/** Billing plans; each has an hourly request limit (enterprise uses the account's own). */
export const PLANS = ['free', 'starter', 'pro', 'enterprise'] as const
export type Plan = (typeof PLANS)[number]

export interface AccountsTable {
  id: Generated<string>
  name: string
  plan: Plan
  /** Requests per hour; overrides the plan's default when set (required for enterprise). */
  rate_limit: number | null
  created_at: Generated<Date>
}

export type AccountRow = Selectable<AccountsTable>
export type NewAccount = Insertable<AccountsTable>
export type AccountUpdate = Updateable<AccountsTable>
