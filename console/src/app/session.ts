// The signed-in user, account and CSRF token, held once for the whole console.
import { ApiProblem, apiGet, rememberCsrfToken } from '../api/client.ts'
import type { ConsoleSession } from '../api/types.ts'
import type { Role } from './roles.ts'

/** The signed-in person, their account, the CSRF token and the embed server's public origin. */
export type Session = ConsoleSession & { user: { role: Role } }

/** Fired on window when the session is set, changed or ended. */
export const SESSION_EVENT = 'console-session'

let current: Session | null = null

/** The session, or null when signed out (or not loaded yet). */
export function currentSession(): Session | null {
  return current
}

/** The signed-in user's role (undefined when signed out). */
export function currentRole(): Role | undefined {
  return current?.user.role
}

/** Keeps a session the API answered (sign-in, link, sign-up, password change), or clears it. */
export function setSession(session: Session | null): void {
  current = session
  rememberCsrfToken(session?.csrf_token)
  window.dispatchEvent(new Event(SESSION_EVENT))
}

let early: Promise<Session | null> | undefined

/**
 * Asks for the session as soon as the page starts, before the shell's code is in, so that the
 * request and the downloads overlap; the shell's first `loadSession()` takes this answer.
 */
export function loadSessionEarly(): void {
  early = fetchSession()
  // A failure is the shell's to show, when it asks.
  early.catch(() => {})
}

/** The session: the early answer the first time, a fresh one after that. */
export function loadSession(): Promise<Session | null> {
  const answer = early ?? fetchSession()
  early = undefined
  return answer
}

/** Asks the API for the session: null when there is none (401). */
async function fetchSession(): Promise<Session | null> {
  try {
    setSession(await apiGet<Session>('/auth/session'))
  } catch (error) {
    if (!(error instanceof ApiProblem && error.status === 401)) throw error
    setSession(null)
  }
  return current
}
