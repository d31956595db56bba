// The admin API's types for the console: generated from its OpenAPI document into one file that
// every client in this repository shares (scripts/admin-api-types/), and short names for its
// schemas, so screens say `Event` rather than `components['schemas']['Event']`.
import type { components } from '../../../scripts/admin-api-types/admin-api.generated.ts'

export type { components, paths } from '../../../scripts/admin-api-types/admin-api.generated.ts'

type Schemas = components['schemas']

export type Event = Schemas['Event']
export type Ticket = Schemas['Ticket']
export type Question = Schemas['Question']
export type PrivacyNotice = Schemas['PrivacyNotice']
export type CreateEventRequest = Schemas['CreateEventRequest']
export type UpdateEventRequest = Schemas['UpdateEventRequest']
export type ConsoleSession = Schemas['ConsoleSession']
export type LinkInfo = Schemas['LinkInfo']
export type Account = Schemas['Account']
export type ApiKey = Schemas['ApiKey']
export type CreatedApiKey = Schemas['CreatedApiKey']
export type User = Schemas['User']
export type InvitedUser = Schemas['InvitedUser']
export type Import = Schemas['Import']
export type ImportFormat = Schemas['ImportFormat']
export type SyncSettings = NonNullable<Schemas['SyncSettings']>
export type SyncStatus = NonNullable<Schemas['SyncStatus']>
