import type { Plan } from '@event-service/db'
import type { CallerAccount } from './auth-state.ts'

/** Requests per hour of each plan (docs/admin-api.md#limits); enterprise has no default. */
export const PLAN_HOURLY_LIMITS = { free: 100, starter: 1_000, pro: 10_000, enterprise: undefined } as const satisfies Record<
  Plan,
  number | undefined
>

/** Used when an enterprise account somehow has no `rate_limit` (the schema of accounts asks for one). */
const ENTERPRISE_FALLBACK = PLAN_HOURLY_LIMITS.pro

/** The account's hourly limit: its own `rate_limit` when set, else its plan's. */
export function hourlyLimitOf(account: CallerAccount): number {
  return account.rate_limit ?? PLAN_HOURLY_LIMITS[account.plan] ?? ENTERPRISE_FALLBACK
}
