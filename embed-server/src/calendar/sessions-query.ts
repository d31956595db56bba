import { validationError } from '@event-service/server-common'
import { UUID_PATTERN } from '../guard/path-ids.ts'

/**
 * The most sessions an agenda may name: far more than a visitor stars, and short enough
 * (200 × 37 characters) for a URL that every proxy passes.
 */
export const MAX_AGENDA_SESSIONS = 200

const UUID = new RegExp(`^${UUID_PATTERN}$`, 'i')

/**
 * `?sessions=<id>,<id>…` of an agenda: the session ids, lower-cased, unique and sorted (one agenda
 * is one cached answer whatever the order); `undefined` without the parameter. 400
 * `VALIDATION_ERROR` when it is given twice, empty, too long, or names something that is not a UUID.
 *
 * @example sessionIdsQuery({ sessions: 'b…,a…' }) // ['a…', 'b…']
 */
export function sessionIdsQuery(query: Record<string, string | string[] | undefined>): string[] | undefined {
  const value = query.sessions
  if (value === undefined) return undefined
  const refuse = (message: string) => validationError([{ path: 'sessions', message }])
  if (typeof value !== 'string') throw refuse('must be given once, as ids separated by commas')
  const ids = value.split(',').map((id) => id.trim().toLowerCase())
  if (ids.length > MAX_AGENDA_SESSIONS) throw refuse(`must name at most ${MAX_AGENDA_SESSIONS} sessions`)
  const bad = ids.find((id) => !UUID.test(id))
  if (bad !== undefined) throw refuse(bad ? `must be session ids (UUIDs), not "${bad.slice(0, 40)}"` : 'must name at least one session id')
  return [...new Set(ids)].sort()
}
