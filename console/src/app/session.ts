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

/** Asks the API for the session: null when there is none (401). */
export async function loadSession(): Promise<Session | null> {
  try {
    setSession(await apiGet<Session>('/auth/session'))
  } catch (error) {
    if (!(error instanceof ApiProblem && error.status === 401)) throw error
    setSession(null)
  }
  return current
}
