/**
 * Names for the embed API's shapes (docs/embed-api.md), over the types generated from the embed
 * server's schemas (./embed-api.generated.ts; `npm run generate` refreshes it). Times are ISO 8601
 * UTC strings; `EventInfo.timezone` says how to show them.
 */
import { EMBED_API_ERROR_CODES, type components } from './embed-api.generated.js'

type Schemas = components['schemas']

export type Ticket = Schemas['PublicTicket']
export type Question = Schemas['PublicQuestion']
export type PrivacyNotice = Schemas['PublicPrivacyNotice']
export type EventInfo = Schemas['PublicEvent']
export type SessionSpeaker = Schemas['PublicSessionSpeaker']
export type Session = Schemas['PublicSession']
export type SpeakerSession = Schemas['PublicSpeakerSession']
export type Speaker = Schemas['PublicSpeaker']
/** The body of a registration; the form always sends the honeypot `website`, empty. */
export type RegistrationInput = Schemas['RegistrationRequest']
/** The answer to a registration: what was sent, for a new registration and a repeat alike. */
export type Registration = Schemas['RegistrationAnswer']
export type AccessVerdict = Schemas['AccessVerdict']
export type FieldError = Schemas['FieldError']

/**
 * Every code an `ApiError` can carry: the embed API's own, then the client's own, which no server
 * sends: `NETWORK_ERROR` (no readable answer). A missing or malformed attribute is an
 * `AttributeError` (base/problem.ts), found before any request.
 */
export const ERROR_CODES = [...EMBED_API_ERROR_CODES, 'NETWORK_ERROR'] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

/** The data of a live stream's `changed` event: which reads to fetch again. */
export type LiveChanged = Schemas['LiveChanged']
/** The data of a live stream's `refused` event: why the token no longer serves this page. */
export type LiveRefused = Schemas['LiveRefused']
/** A part of an event's reads that a `changed` names. */
export type LivePart = LiveChanged['parts'][number]
