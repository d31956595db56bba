// The signed-in user, account and CSRF token, held once for the whole console.
import { ApiProblem, apiGet, rememberCsrfToken } from '../api/client.ts'
import type { Role } from './roles.ts'

export interface Session {
  user: { id: string; email: string; name: string | null; role: Role }
  account: { id: string; name: string; plan: string; rate_limit: number | null }
  csrf_token: string
  /** The embed server's public origin (for snippets and previews). */
  embed_url?: string
}

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
