import { type ApiError, conflict, validationError } from './api-error.ts'
import { isPgError, SQLSTATE } from './sqlstate.ts'

/**
 * What a violated check or unique constraint means to the client:
 * - `field`: the request broke a rule of that field: 400 `VALIDATION_ERROR` at `field`;
 * - `conflict`: the request collides with another resource: 409 `CONFLICT`;
 * - `internal`: only the servers write these columns, so a violation is our bug: a logged 500.
 */
export type ConstraintMeaning = { field: string; message: string } | { conflict: string } | { internal: string }

/** A time range that ends before it starts: the admin API's own check and the database's `*_time_order` answer alike. */
export const ENDS_BEFORE_START = { field: 'ends_at', message: 'must not be before starts_at' } as const

/**
 * Every named check and unique constraint (and unique index) of the schema, by the name Postgres
 * reports in a violation. A test compares it with `pg_constraint` and `pg_index` of the migrated
 * database, so a migration that adds one must say here what it means.
 */
export const CONSTRAINTS: Readonly<Record<string, ConstraintMeaning>> = {
  accounts_plan_check: { internal: 'plans are set by the CLI from its own list' },
  accounts_rate_limit_check: { internal: 'rate limits are set by the CLI, which refuses 0' },
  api_keys_key_hash_key: { internal: 'hash of a random secret' },
  api_keys_scope_check: { internal: 'scopes come from the schema’s enum' },
  changes_operation_check: { internal: 'written by triggers' },
  email_messages_status_check: { internal: 'written by the mail worker' },
  embed_tokens_token_hash_key: { internal: 'hash of a random secret' },
  event_syncs_every_seconds_check: { internal: 'the sync schema bounds `every`' },
  event_syncs_last_result_check: { internal: 'written by the sync worker' },
  event_syncs_removed_check: { internal: 'the sync schema’s enum' },
  events_registration_confirmation_check: { field: 'registration_confirmation', message: 'must be email or none' },
  events_time_order: ENDS_BEFORE_START,
  imports_removed_check: { internal: 'the import schema’s enum' },
  imports_status_check: { internal: 'written by the import service' },
  imports_trigger_check: { internal: 'written by the import service' },
  registrations_cancel_token_key: { internal: 'hash of a random secret' },
  registrations_confirm_token_key: { internal: 'hash of a random secret' },
  registrations_event_email_key: { conflict: 'This email address is already registered for this event' },
  registrations_status_check: { field: 'status', message: 'must be a registration status' },
  sessions_event_source_key: { internal: 'an import matches sessions by source id before it creates one' },
  sessions_level_check: { field: 'level', message: 'must be beginner, intermediate or advanced' },
  sessions_time_order: ENDS_BEFORE_START,
  speakers_event_email_key: { conflict: 'Another speaker of this event already has this email address' },
  speakers_event_source_key: { internal: 'an import matches speakers by source id before it creates one' },
  speakers_status_check: { field: 'status', message: 'must be a speaker status' },
  user_links_purpose_check: { internal: 'written by the sign-in code' },
  user_links_token_hash_key: { internal: 'hash of a random secret' },
  user_sessions_token_hash_key: { internal: 'hash of a random secret' },
  users_account_email_key: { conflict: 'This address is already a member of this account' },
  users_role_check: { field: 'role', message: 'must be owner, editor or viewer' },
  webhook_deliveries_content: { internal: 'written by the outbox' },
  webhook_deliveries_message_key: { internal: 'written by the outbox' },
  webhook_deliveries_status_check: { internal: 'written by the delivery worker' },
}

/**
 * The client's error for a check or unique violation of a constraint the table maps to a field or
 * a conflict; `undefined` for anything else, which the error handler logs as a 500: an unknown or
 * internal constraint is a bug to fix, not a guess to make.
 *
 * @example
 * constraintError({ code: '23514', constraint: 'sessions_time_order' }) // 400 at ends_at
 */
export function constraintError(err: unknown): ApiError | undefined {
  if (!isPgError(err, SQLSTATE.checkViolation) && !isPgError(err, SQLSTATE.uniqueViolation)) return undefined
  const name = (err as { constraint?: unknown }).constraint
  const meaning = typeof name === 'string' && Object.hasOwn(CONSTRAINTS, name) ? CONSTRAINTS[name] : undefined
  if (!meaning) return undefined
  if ('field' in meaning) return validationError([{ path: meaning.field, message: meaning.message }])
  if ('conflict' in meaning) return conflict(meaning.conflict)
  return undefined
}
