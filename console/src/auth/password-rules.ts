// The password rule of docs/console.md (at least 10 characters, not the email itself), checked in
// the form so people learn it before the API refuses; the API checks again.

export const MIN_PASSWORD_LENGTH = 10

export type PasswordIssue = 'short' | 'email' | 'mismatch'

/**
 * What is wrong with a new password and its repetition, in the order to tell it; empty when fine.
 *
 * @example
 * passwordIssues('short', 'short', 'a@b.c') // ['short']
 */
export function passwordIssues(password: string, repeated: string, email: string | undefined): PasswordIssue[] {
  const issues: PasswordIssue[] = []
  if ([...password].length < MIN_PASSWORD_LENGTH) issues.push('short')
  if (email && password.trim().toLowerCase() === email.trim().toLowerCase()) issues.push('email')
  if (password !== repeated) issues.push('mismatch')
  return issues
}

/**
 * Whole minutes to wait after a 429, at least one (Retry-After is in seconds).
 *
 * @example
 * minutesToWait(61) // 2
 */
export function minutesToWait(seconds: number | undefined): number {
  if (!seconds || seconds <= 0) return 1
  return Math.max(1, Math.ceil(seconds / 60))
}
