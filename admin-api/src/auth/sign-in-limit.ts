import type { RateLimiter } from '@event-service/server-common'

/** Failed sign-ins allowed per email and per client IP in the window (docs/console.md). */
export const SIGN_IN_FAILURES = 10
export const SIGN_IN_WINDOW_SECONDS = 15 * 60

/**
 * Limits failed sign-ins per email and per client IP: past the limit every attempt is 429, right
 * password or not (else a guesser would learn the password from the one answer that differs).
 */
export interface SignInLimit {
  /** Throws 429 `RATE_LIMIT_EXCEEDED` when either the email or the IP used up its attempts of `kind`. */
  check(kind: AttemptKind, email: string, ip: string): Promise<void>
  /** Counts an attempt of `kind` against both. */
  count(kind: AttemptKind, email: string, ip: string): Promise<void>
}

/**
 * `failure`: a wrong password. `mail`: a request that sends email or makes an account (password
 * resets, sign-ups), counted apart so that asking for a reset never locks anyone out of signing in.
 */
export type AttemptKind = 'failure' | 'mail'

const keysOf = (kind: AttemptKind, email: string, ip: string) => [`${kind}:email:${email.trim().toLowerCase()}`, `${kind}:ip:${ip}`]

export function createSignInLimit(limiter: RateLimiter): SignInLimit {
  return {
    async check(kind, email, ip) {
      for (const key of keysOf(kind, email, ip)) {
        const verdict = await limiter.peek(key, SIGN_IN_FAILURES)
        if (verdict.exceeded) throw verdict.exceeded
      }
    },
    async count(kind, email, ip) {
      await Promise.all(keysOf(kind, email, ip).map((key) => limiter.consume(key, SIGN_IN_FAILURES)))
    },
  }
}
