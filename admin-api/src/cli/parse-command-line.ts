import { parseArgs, type ParseArgsConfig } from 'node:util'
import { PLANS } from '@event-service/db/tables/accounts.ts'
import type { CommandRequest } from './commands.ts'

/** A mistake in how the command line was written (exit status 2, like most CLIs). */
export class UsageError extends Error {
  override name = 'UsageError'
}

export const USAGE = `Usage: npm run --silent admin -- <command>

Account settings: accounts, API keys and people. Secrets are printed once and stored only as hashes.

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
}

/**
 * Reads the command line into a command, or `'help'`. Throws `UsageError` for unknown commands,
 * unknown or missing flags and stray arguments.
 *
 * @example
 * parseCommandLine(['keys', 'list', '--account', id]) // { command: 'keys.list', input: { accountId: id } }
 */
export function parseCommandLine(argv: string[]): CommandRequest | 'help' {
  if (argv.length === 0) throw new UsageError('no command given')
  if (argv.includes('--help') || argv.includes('-h') || argv[0] === 'help') return 'help'
  const [group = '', action = ''] = argv
  const name = `${group} ${action}`.trim()
  const spec = SPECS[name]
  if (!spec) {
    const known = Object.keys(SPECS).filter((k) => k.startsWith(`${group} `))
    throw new UsageError(known.length ? `unknown command "${name}" (${group} commands: ${known.join(', ')})` : `unknown command "${name}"`)
  }
  let parsed: { values: Values; positionals: string[] }
  try {
    parsed = parseArgs({ args: argv.slice(2), options: spec.options, allowPositionals: true, strict: true })
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
