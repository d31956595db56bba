import type { Generated, Insertable, Selectable, Updateable } from 'kysely'

/** What a person may do in their account (docs/console.md "People, roles and sign-in"). */
export const ROLES = ['owner', 'editor', 'viewer'] as const
export type Role = (typeof ROLES)[number]

/** A person of an account, who signs in to the console. */
export interface UsersTable {
  id: Generated<string>
  account_id: string
  email: string
  name: string | null
  role: Role
  /** `scrypt$N$r$p$salt$hash`; null until an invitation is accepted. */
  password_hash: string | null
  last_sign_in_at: Date | null
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

/** A signed-in browser: the cookie's secret is stored only as its SHA-256. */
export interface UserSessionsTable {
  id: Generated<string>
  user_id: string
  token_hash: string
  created_at: Generated<Date>
  last_used_at: Generated<Date>
  expires_at: Date
}

/** What a one-time link does: set a first password, set a new one, or sign in at once (the demo). */
export const LINK_PURPOSES = ['invite', 'reset', 'sign_in'] as const
export type LinkPurpose = (typeof LINK_PURPOSES)[number]

export interface UserLinksTable {
  id: Generated<string>
  user_id: string
  purpose: LinkPurpose
  token_hash: string
  expires_at: Date
  used_at: Date | null
  created_at: Generated<Date>
}

export type UserRow = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>
