/**
 * Response shapes of the public embed API, exactly as docs/embed-api.md defines them.
 * Times are ISO 8601 UTC strings; `Event.timezone` says how to show them.
 */

export interface Ticket {
  id: string
  name: string
  description: string | null
  price: string | null
}

export interface EventInfo {
  id: string
  name: string
  description: string | null
  timezone: string
  starts_at: string
  ends_at: string
  venue: string | null
  tickets: Ticket[]
}

export interface SessionSpeaker {
  id: string
  name: string
  title: string | null
  company: string | null
  photo_url: string | null
}

export interface Session {
  id: string
  title: string
  description: string | null
  starts_at: string
  ends_at: string
  track: string | null
  room: string | null
  speakers: SessionSpeaker[]
}

export interface SpeakerSession {
  id: string
  title: string
  starts_at: string
  ends_at: string
  track: string | null
  room: string | null
}

export interface Speaker {
  id: string
  name: string
  title: string | null
  company: string | null
  bio: string | null
  photo_url: string | null
  sessions: SpeakerSession[]
}

export interface RegistrationInput {
  name: string
  email: string
  ticket_id?: string
  answers?: Record<string, string>
  /** Honeypot: always sent empty by the form; bots that fill it are refused by the server. */
  website: string
}

export interface Registration {
  event_id: string
  name: string
  ticket_id: string | null
}

/** Rejection codes of the embed API (docs/embed-api.md), plus the client's own `NETWORK_ERROR`. */
export const ERROR_CODES = [
  'MISSING_EVENT_ID',
  'TOKEN_MISSING',
  'INVALID_TOKEN',
  'TOKEN_REVOKED',
  'TOKEN_DISABLED',
  'TOKEN_EXPIRED',
  'EVENT_MISMATCH',
  'ORIGIN_NOT_ALLOWED',
  'VALIDATION_ERROR',
  'NOT_FOUND',
  'RATE_LIMIT_EXCEEDED',
  'NETWORK_ERROR',
  'INTERNAL_ERROR',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

export interface FieldError {
  path: string
  message: string
}
