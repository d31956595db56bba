import type { Role } from '@event-service/db'
import { forbidden } from '@event-service/server-common'
import type { Caller } from './auth-state.ts'

/**
 * What a route needs (docs/console.md "People, roles and sign-in"): `read` any caller, `write` an
 * editor or owner (or a `write` key), `owner` an owner (or a `write` key). Declared on each route.
 */
export type Access = 'read' | 'write' | 'owner'

const RANK: Record<Role, number> = { viewer: 0, editor: 1, owner: 2 }
const NEEDS: Record<Access, Role> = { read: 'viewer', write: 'editor', owner: 'owner' }

/** A route's access when it declares none: reads for GET, writes for everything else. */
export const defaultAccess = (method: string): Access => (method.toLowerCase() === 'get' ? 'read' : 'write')

/** Whether a role may do what `access` asks. */
export const roleAllows = (role: Role, access: Access): boolean => RANK[role] >= RANK[NEEDS[access]]

/** Throws 403 `FORBIDDEN`, saying why, when the caller may not do what `access` asks. */
export function assertAllowed(caller: Caller, access: Access): void {
  if (roleAllows(caller.role, access)) return
  if (caller.apiKeyId) throw forbidden('This API key is read-only (scope "read"): it cannot change anything')
  if (access === 'owner') throw forbidden('Only owners of the account may manage people, API keys and the account')
  throw forbidden(`Your role (${caller.role}) may read but not change anything`)
}
