import { parseArgs, type ParseArgsConfig } from 'node:util'
import { PLANS } from '@event-service/db/tables/accounts.ts'
import { REMOVED_ITEM_ACTIONS } from '@event-service/db/tables/imports.ts'
import { REQUESTED_FORMATS } from '../imports/formats/imported-schedule.ts'
import type { CommandRequest } from './commands.ts'
import { readImportSource } from './import-source.ts'
import { UsageError } from './usage-error.ts'

export { UsageError }

export const USAGE = `Usage: npm run --silent admin -- <command>

Account settings (accounts, API keys and people) and schedule imports. Secrets are printed once and
stored only as hashes.

Commands:
  accounts create --name <name> --plan <${PLANS.join('|')}> [--rate-limit <n>]
      Creates an account and its first API key. Prints {"account_id","api_key"}.
      --rate-limit: requests per hour; required for enterprise, an override for other plans.
  keys create --account <account_id> --name <name>
      Adds an API key to an account. Prints {"key_id","api_key"}.
  keys list --account <account_id>
      Lists the account's keys (prefix only). Prints a JSON array.
  keys revoke <key_id>
      Revokes a key for good. Prints the revoked key.
  users invite --account <account_id> --email <email> [--role owner|editor|viewer]
      Invites a person to the console (default role: owner). Prints {"user_id","sign_in_url"}:
      a one-time link (24 h) where they set a password; it is also emailed (the mail outbox).
  import --event <event_id> --from <file|url> [--format ${REQUESTED_FORMATS.join('|')}]
         [--dry-run] [--removed ${REMOVED_ITEM_ACTIONS.join('|')}]
      Imports a schedule (frab/c3voc schedule.json or .xml, pretalx, Sessionize "All data") into
      the event, for the event's own account. A file is read here (at most 20 MiB); a URL is
      fetched by whoever carries out the command. Progress and a summary go to stderr; prints
      {"id","status","plan","error"}. --format: default auto (told apart by content).
      --dry-run: plan only, nothing written. --removed: what happens to sessions the source no
      longer has (default ${REMOVED_ITEM_ACTIONS[0]}). A failed import exits 1 with the error and its places on stderr.

Environment:
  DATABASE_URL  Postgres connection string (unset: the embedded database in DATA_DIR)
  DATA_DIR      embedded database directory (default ./.data); while \`npm start\` runs on it,
                the running server carries out the command
  ADMIN_PUBLIC_URL  where the console's links point (unset: http://HOST:ADMIN_PORT, or the
                running server's own address)
`

type Options = NonNullable<ParseArgsConfig['options']>
type Values = Record<string, string | boolean | (string | boolean)[] | undefined>

interface CommandSpec {
  options: Options
  positionals: string[]
  build(values: Values, positionals: string[]): CommandRequest
}

function required(values: Values, flag: string, what: string, command: string): string {
  const value = values[flag]
  if (typeof value !== 'string') throw new UsageError(`${command} needs --${flag} <${what}>`)
  return value
}

function oneOf(values: Values, flag: string, allowed: readonly string[]): string | undefined {
  const value = values[flag]
  if (typeof value !== 'string') return undefined
  if (!allowed.includes(value)) throw new UsageError(`--${flag} must be one of ${allowed.join(', ')}, got "${value}"`)
  return value
}

function positiveInteger(value: string, flag: string): number {
  if (!/^\d+$/.test(value)) throw new UsageError(`--${flag} must be a positive integer, got "${value}"`)
  return Number(value)
}

const SPECS: Record<string, CommandSpec> = {
  'accounts create': {
    options: { name: { type: 'string' }, plan: { type: 'string' }, 'rate-limit': { type: 'string' } },
    positionals: [],
    build: (v) => {
      const rateLimit = typeof v['rate-limit'] === 'string' ? positiveInteger(v['rate-limit'], 'rate-limit') : undefined
      return {
        command: 'accounts.create',
        input: {
          name: required(v, 'name', 'name', 'accounts create'),
          plan: required(v, 'plan', PLANS.join('|'), 'accounts create'),
          ...(rateLimit === undefined ? {} : { rateLimit }),
        },
      }
    },
  },
  'keys create': {
    options: { account: { type: 'string' }, name: { type: 'string' } },
    positionals: [],
    build: (v) => ({
      command: 'keys.create',
      input: { accountId: required(v, 'account', 'account_id', 'keys create'), name: required(v, 'name', 'name', 'keys create') },
    }),
  },
  'keys list': {
    options: { account: { type: 'string' } },
    positionals: [],
    build: (v) => ({ command: 'keys.list', input: { accountId: required(v, 'account', 'account_id', 'keys list') } }),
  },
  'keys revoke': {
    options: {},
    positionals: ['key_id'],
    build: (_, [keyId]) => ({ command: 'keys.revoke', input: { keyId: keyId ?? '' } }),
  },
  'users invite': {
    options: { account: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } },
    positionals: [],
    build: (v) => ({
      command: 'users.invite',
      input: {
        accountId: required(v, 'account', 'account_id', 'users invite'),
        email: required(v, 'email', 'email', 'users invite'),
        ...(typeof v.role === 'string' ? { role: v.role } : {}),
      },
    }),
  },
  import: {
    options: {
      event: { type: 'string' },
      from: { type: 'string' },
      format: { type: 'string' },
      'dry-run': { type: 'boolean' },
      removed: { type: 'string' },
    },
    positionals: [],
    build: (v) => {
      const eventId = required(v, 'event', 'event_id', 'import')
      const from = required(v, 'from', 'file|url', 'import')
      const format = oneOf(v, 'format', REQUESTED_FORMATS)
      const removed = oneOf(v, 'removed', REMOVED_ITEM_ACTIONS)
      return {
        command: 'import',
        input: {
          eventId,
          // Read last: a mistake in the other flags is told before a large file is read.
          source: readImportSource(from),
          ...(format ? { format } : {}),
          ...(removed ? { removed } : {}),
          dryRun: v['dry-run'] === true,
        },
      }
    },
  },
}

/**
 * Reads the command line into a command, or `'help'`. Throws `UsageError` for unknown commands,
 * unknown or missing flags and stray arguments. `import` reads its `--from` file here, so that a
 * missing or unreadable file is a usage error too.
 *
 * @example
 * parseCommandLine(['keys', 'list', '--account', id]) // { command: 'keys.list', input: { accountId: id } }
 */
export function parseCommandLine(argv: string[]): CommandRequest | 'help' {
  if (argv.length === 0) throw new UsageError('no command given')
  if (argv.includes('--help') || argv.includes('-h') || argv[0] === 'help') return 'help'
  const [group = '', action = ''] = argv
  // A command is one word (`import`) or two (`keys list`).
  const single = SPECS[group] !== undefined
  const name = single ? group : `${group} ${action}`.trim()
  const spec = SPECS[name]
  if (!spec) {
    const known = Object.keys(SPECS).filter((k) => k.startsWith(`${group} `))
    throw new UsageError(known.length ? `unknown command "${name}" (${group} commands: ${known.join(', ')})` : `unknown command "${name}"`)
  }
  let parsed: { values: Values; positionals: string[] }
  try {
    parsed = parseArgs({ args: argv.slice(single ? 1 : 2), options: spec.options, allowPositionals: true, strict: true })
  } catch (err) {
    // Node's messages go on about `--` for positionals; the first sentence is the useful part.
    throw new UsageError(`${name}: ${String((err as Error).message).split('. ')[0]}`)
  }
  if (parsed.positionals.length !== spec.positionals.length) {
    const expected = spec.positionals.length ? spec.positionals.map((p) => `<${p}>`).join(' ') : 'no arguments'
    throw new UsageError(
      `${name} takes ${expected}, got ${parsed.positionals.length ? parsed.positionals.map((p) => `"${p}"`).join(' ') : 'none'}`,
    )
  }
  return spec.build(parsed.values, parsed.positionals)
}
