import type { AccountsTable } from './tables/accounts.ts'
import type { ChangesTable } from './tables/changes.ts'
import type { EmailMessagesTable } from './tables/email-messages.ts'
import type { ApiKeysTable } from './tables/api-keys.ts'
import type { EmbedTokensTable } from './tables/embed-tokens.ts'
import type { EventsTable } from './tables/events.ts'
import type { EventSyncsTable, ImportsTable } from './tables/imports.ts'
import type { RegistrationsTable } from './tables/registrations.ts'
import type { SessionSpeakersTable, SessionsTable } from './tables/sessions.ts'
import type { SpeakersTable } from './tables/speakers.ts'
import type { UserLinksTable, UserSessionsTable, UsersTable } from './tables/users.ts'
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from './tables/webhooks.ts'

/** The one schema every part of the service reads and writes. */
export interface Database {
  accounts: AccountsTable
  api_keys: ApiKeysTable
  events: EventsTable
  speakers: SpeakersTable
  sessions: SessionsTable
  session_speakers: SessionSpeakersTable
  embed_tokens: EmbedTokensTable
  registrations: RegistrationsTable
  webhook_endpoints: WebhookEndpointsTable
  webhook_deliveries: WebhookDeliveriesTable
  changes: ChangesTable
  email_messages: EmailMessagesTable
  imports: ImportsTable
  event_syncs: EventSyncsTable
  users: UsersTable
  user_sessions: UserSessionsTable
  user_links: UserLinksTable
}
