// One word for where a token stands, in the order that decides it: a revoked token is revoked
// whatever else it says, then expired, then disabled.
import { isExpired } from './expiry.ts'

export type TokenState = 'revoked' | 'expired' | 'disabled' | 'active'

export function tokenState(
  token: { revoked_at: string | null; expires_at: string | null; is_active: boolean },
  now = Date.now(),
): TokenState {
  if (token.revoked_at) return 'revoked'
  if (isExpired(token.expires_at, now)) return 'expired'
  return token.is_active ? 'active' : 'disabled'
}

/** Web Awesome's badge variant for a state. */
export function stateVariant(state: TokenState): 'success' | 'neutral' | 'warning' | 'danger' {
  return state === 'active' ? 'success' : state === 'disabled' ? 'neutral' : state === 'expired' ? 'warning' : 'danger'
}
