import type { RegistrationRow } from '@event-service/db'
import { presentRegistration as presentShared } from '@event-service/server-common'
import type { Registration } from './registrations.schema.ts'

/**
 * The fields of a registration the organiser sees: the one presenter in `db/` that the embed
 * server's `registration.created` webhook uses too. Typed against the response schema, so a field
 * added to one and not the other fails the type check.
 */
export const presentRegistration: (row: RegistrationRow) => Registration = presentShared
