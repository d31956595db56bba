import type { Database } from '@event-service/db'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { AccountId, ApiKeyId, CreateAccountInput, CreateApiKeyInput } from '../accounts/accounts.schema.ts'
import { createAccount, createApiKey, listApiKeys, revokeApiKey } from '../accounts/accounts.service.ts'
import { InviteUserInput } from '../users/users.schema.ts'
import { inviteUser } from '../users/users.service.ts'
import { ImportCommandInput, type ImportProgress, runImportCommand, type SourceFetchSettings } from './import-command.ts'

/**
 * One command of the account-settings command line, as the CLI parses it and as it travels to a
 * running server's control endpoint. Both paths execute it with `executeCommand`, so that they
 * print the same output.
 */
export const Command = z.discriminatedUnion('command', [
  z.object({ command: z.literal('accounts.create'), input: CreateAccountInput }),
  z.object({ command: z.literal('keys.create'), input: CreateApiKeyInput }),
  z.object({ command: z.literal('keys.list'), input: z.object({ accountId: AccountId }).strict() }),
  z.object({ command: z.literal('keys.revoke'), input: z.object({ keyId: ApiKeyId }).strict() }),
  z.object({ command: z.literal('users.invite'), input: InviteUserInput }),
  z.object({ command: z.literal('import'), input: ImportCommandInput }),
])
export type Command = z.input<typeof Command>

/** A command as read from the command line, before validation (`executeCommand` validates). */
export interface CommandRequest {
  command: Command['command']
  input: Record<string, unknown>
}

/** What a command needs to know about the system beside its database. */
export interface CommandContext {
  /** The admin server's public origin, where the console's one-time links point. */
  consoleOrigin: string
  /** How `import --from <url>` fetches: `WEBHOOK_ALLOW_PRIVATE`, `SOURCE_FETCH_TIMEOUT`. */
  sourceFetch: SourceFetchSettings
}

/**
 * Carries out a command (validated again here: the control endpoint receives it over HTTP) and
 * returns what the CLI prints as JSON. `onProgress` hears how a long command (`import`) goes.
 *
 * @example
 * await executeCommand(db, { command: 'keys.list', input: { accountId } }, context) // [{ id, name, prefix, … }]
 */
export async function executeCommand(
  db: Kysely<Database>,
  command: unknown,
  context: CommandContext,
  onProgress?: (progress: ImportProgress) => void,
): Promise<unknown> {
  const parsed = Command.parse(command)
  switch (parsed.command) {
    case 'accounts.create':
      return createAccount(db, parsed.input)
    case 'keys.create':
      return createApiKey(db, parsed.input)
    case 'keys.list':
      return listApiKeys(db, parsed.input.accountId)
    case 'keys.revoke':
      return revokeApiKey(db, parsed.input.keyId)
    case 'users.invite': {
      const { accountId, email, role } = parsed.input
      const { user, signInUrl } = await inviteUser(db, accountId, { email, role }, { consoleOrigin: context.consoleOrigin })
      return { user_id: user.id, sign_in_url: signInUrl }
    }
    case 'import':
      return runImportCommand(db, parsed.input, context.sourceFetch, onProgress)
  }
}
