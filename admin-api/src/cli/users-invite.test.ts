import { createTestDb } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { executeCommand } from './commands.ts'
import { parseCommandLine, UsageError } from './parse-command-line.ts'

// Imports are other tests' business; every command is told how imports fetch.
const sourceFetch = { allowPrivate: false, timeoutMs: 30_000 }

// `users invite` in-process: the command line as parsed, then carried out as the CLI and the
// control endpoint both do (the process itself is the other commands' tests' business).
describe('users invite', () => {
  let handle: Awaited<ReturnType<typeof createTestDb>>
  beforeAll(async () => {
    handle = await createTestDb('pglite')
  })
  afterAll(() => handle.close())

  it('reads --account, --email and an optional --role', () => {
    expect(parseCommandLine(['users', 'invite', '--account', 'a', '--email', 'e@example.com'])).toEqual({
      command: 'users.invite',
      input: { accountId: 'a', email: 'e@example.com' },
    })
    expect(parseCommandLine(['users', 'invite', '--account', 'a', '--email', 'e', '--role', 'viewer'])).toMatchObject({
      input: { role: 'viewer' },
    })
    expect(() => parseCommandLine(['users', 'invite', '--email', 'e@example.com'])).toThrow(UsageError)
  })

  it('invites an owner by default and prints the user id and a one-time link on the console origin', async () => {
    const { account_id } = (await executeCommand(
      handle.db,
      { command: 'accounts.create', input: { name: 'Acme', plan: 'pro' } },
      { consoleOrigin: 'https://admin.example.com', sourceFetch },
    )) as { account_id: string }
    const printed = (await executeCommand(
      handle.db,
      { command: 'users.invite', input: { accountId: account_id, email: 'first@example.com' } },
      { consoleOrigin: 'https://admin.example.com', sourceFetch },
    )) as { user_id: string; sign_in_url: string }
    expect(Object.keys(printed).sort()).toEqual(['sign_in_url', 'user_id'])
    expect(printed.sign_in_url).toMatch(/^https:\/\/admin\.example\.com\/console\/link\/link_\w{36}$/)
    const user = await handle.db.selectFrom('users').selectAll().where('id', '=', printed.user_id).executeTakeFirstOrThrow()
    expect(user).toMatchObject({ account_id, email: 'first@example.com', role: 'owner', password_hash: null })
  })

  it('refuses a bad role, a bad email and an unknown account', async () => {
    const context = { consoleOrigin: 'http://127.0.0.1:3000', sourceFetch }
    const account = '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b'
    await expect(
      executeCommand(handle.db, { command: 'users.invite', input: { accountId: account, email: 'x@example.com', role: 'king' } }, context),
    ).rejects.toThrow()
    await expect(
      executeCommand(handle.db, { command: 'users.invite', input: { accountId: account, email: 'nope' } }, context),
    ).rejects.toThrow()
    await expect(
      executeCommand(handle.db, { command: 'users.invite', input: { accountId: account, email: 'x@example.com' } }, context),
    ).rejects.toMatchObject({ status: 404 })
  })
})
