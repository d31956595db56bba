import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestStoreEnv, DIALECTS } from '@event-service/db/testing.ts'
import { UUID_PATTERN as UUID } from '@event-service/widgets/identifiers'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { runCli } from './cli-process.ts'
import { controlFilePath } from './control-file.ts'

// Child processes (tsx start-up, PGlite) are slow on a busy machine; these limits are not assertions.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 })

const SECRET = 'sk_[0-9A-Za-z]{36}'

describe.each(DIALECTS)('the CLI on %s with nothing running', (dialect) => {
  // Each test has a store of its own (a copy of the migrated template, made in milliseconds), so
  // that the tests run side by side: on PGlite each run of the CLI opens the directory itself,
  // and two runs on one directory would take turns at its lock.
  const cleanups: (() => Promise<void>)[] = []
  const newStore = async () => {
    const { env, cleanup } = await createTestStoreEnv(dialect, 'cli')
    cleanups.push(cleanup)
    return env
  }
  afterAll(() => Promise.all(cleanups.map((c) => c())))

  it.concurrent('accounts create, keys list, keys create and keys revoke print one JSON value each; a second revoke fails with one line on stderr', async () => {
    const env = await newStore()
    const created = await runCli(['accounts', 'create', '--name', 'Zoë’s Events', '--plan', 'enterprise', '--rate-limit', '5000'], env)
    expect(created).toMatchObject({ code: 0, stderr: '' })
    expect(created.stdout).toMatch(new RegExp(`^\\{"account_id":"${UUID}","api_key":"${SECRET}"\\}\\n$`))
    const { account_id, api_key } = JSON.parse(created.stdout) as { account_id: string; api_key: string }

    // The keys as a JSON array, without the keys themselves.
    const list = await runCli(['keys', 'list', '--account', account_id], env)
    expect(list).toMatchObject({ code: 0, stderr: '' })
    const keys = JSON.parse(list.stdout) as { name: string; prefix: string; revoked_at: string | null }[]
    expect(keys).toEqual([expect.objectContaining({ name: 'Default key', prefix: api_key.slice(0, 12), revoked_at: null })])
    expect(Object.keys(keys[0] ?? {}).sort()).toEqual(['created_at', 'id', 'last_used_at', 'name', 'prefix', 'revoked_at', 'scope'])
    expect(list.stdout).not.toContain(api_key)

    const key = await runCli(['keys', 'create', '--account', account_id, '--name', 'CI key'], env)
    expect(key).toMatchObject({ code: 0, stderr: '' })
    expect(key.stdout).toMatch(new RegExp(`^\\{"key_id":"${UUID}","api_key":"${SECRET}"\\}\\n$`))
    const { key_id } = JSON.parse(key.stdout) as { key_id: string }

    const first = await runCli(['keys', 'revoke', key_id], env)
    expect(first).toMatchObject({ code: 0, stderr: '' })
    expect(JSON.parse(first.stdout)).toMatchObject({ id: key_id, name: 'CI key', revoked_at: expect.any(String) })
    const second = await runCli(['keys', 'revoke', key_id], env)
    expect(second).toMatchObject({ code: 1, stdout: '' })
    expect(second.stderr).toMatch(/^error: API key .* was already revoked at .*\n$/)
  })

  it.concurrent('reports an unknown account on stderr with a non-zero exit and nothing on stdout', async () => {
    const run = await runCli(['keys', 'list', '--account', 'd3e0d3e0-0000-4000-8000-0000000000ff'], await newStore())
    expect(run).toEqual({ code: 1, stdout: '', stderr: 'error: Account d3e0d3e0-0000-4000-8000-0000000000ff not found\n' })
  })

  it.concurrent('refuses an enterprise account without --rate-limit', async () => {
    const run = await runCli(['accounts', 'create', '--name', 'Big', '--plan', 'enterprise'], await newStore())
    expect(run).toMatchObject({ code: 1, stdout: '' })
    expect(run.stderr).toMatch(/^error: Invalid input: --rate-limit is required for the enterprise plan.*\n$/)
  })
})

describe('the command line itself', () => {
  const env = { DATA_DIR: join(tmpdir(), 'cli-never-opened') }

  // No database is opened: these run side by side.
  it.concurrent.each([
    [['accounts', 'delete'], /unknown command "accounts delete"/],
    [['keys', 'list', '--acount', 'x'], /Unknown option '--acount'/],
    [['keys', 'revoke'], /keys revoke takes <key_id>, got none/],
    [['accounts', 'create', '--name', 'A', '--plan', 'pro', '--rate-limit', 'lots'], /--rate-limit must be a positive integer/],
    [[], /no command given/],
  ])('answers %j with a usage error (exit 2, one line on stderr)', async (args, message) => {
    const run = await runCli(args, env)
    expect(run).toMatchObject({ code: 2, stdout: '' })
    expect(run.stderr).toMatch(message)
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1)
  })

  it.concurrent('prints the usage for --help', async () => {
    const run = await runCli(['--help'], env)
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toContain('accounts create --name <name> --plan <free|starter|pro|enterprise> [--rate-limit <n>]')
  })

  it.concurrent('refuses DATA_DIR=memory://, which would lose what it creates', async () => {
    const run = await runCli(['accounts', 'create', '--name', 'A', '--plan', 'pro'], { DATA_DIR: 'memory://' })
    expect(run).toMatchObject({ code: 1, stdout: '' })
    expect(run.stderr).toContain('memory://')
  })
})

describe('the CLI with a stale control file', () => {
  // A migrated copy of the template: what is tested is the way to the database, not its making.
  let dir: string
  let cleanup: () => Promise<void>
  beforeAll(async () => {
    const store = await createTestStoreEnv('pglite', 'cli-stale')
    dir = store.env.DATA_DIR as string
    cleanup = store.cleanup
  })
  afterAll(() => cleanup?.())

  it('opens the database itself when the process named in the file is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', '0']).pid as number
    writeFileSync(controlFilePath(dir), JSON.stringify({ url: 'http://127.0.0.1:9', secret: 'x'.repeat(43), pid: gone }), { mode: 0o600 })
    const run = await runCli(['accounts', 'create', '--name', 'A', '--plan', 'free'], { DATA_DIR: dir })
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(JSON.parse(run.stdout)).toHaveProperty('account_id')
  })

  it('opens the database itself when the address in the file refuses connections', async () => {
    // A port that was just free: nothing listens there any more.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number }
        probe.close(() => resolve(port))
      })
    })
    writeFileSync(controlFilePath(dir), JSON.stringify({ url: `http://127.0.0.1:${port}`, secret: 'x'.repeat(43), pid: process.pid }), {
      mode: 0o600,
    })
    const run = await runCli(['accounts', 'create', '--name', 'B', '--plan', 'free'], { DATA_DIR: dir })
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(JSON.parse(run.stdout)).toHaveProperty('account_id')
  })
})
