// Short names for the admin API's schemas (generated from its OpenAPI document), so screens say
// `Event` rather than `components['schemas']['Event']`.
import type { components } from './admin-api.generated.ts'

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
