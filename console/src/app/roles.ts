// What a role may do, as docs/console.md sets it. The API enforces it; the console only hides
// the buttons whose requests would be refused, so every screen asks these helpers.

export type Role = 'owner' | 'editor' | 'viewer'

/** Whether a role may change events, sessions, speakers, tokens, webhooks and registrations. */
export function canWrite(role: Role | undefined): boolean {
  return role === 'owner' || role === 'editor'
}

/** Whether a role may manage people, API keys and the account's name. */
export function canManageAccount(role: Role | undefined): boolean {
  return role === 'owner'
}
