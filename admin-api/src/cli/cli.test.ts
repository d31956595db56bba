import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestStoreEnv, DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { runCli } from './cli-process.ts'
import { controlFilePath } from './control-file.ts'

// Child processes (tsx start-up, PGlite) are slow on a busy machine; these limits are not assertions.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 })

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const SECRET = 'sk_[0-9A-Za-z]{36}'

describe.each(DIALECTS)('the CLI on %s with nothing running', (dialect) => {
  let env: Record<string, string>
  let cleanup: () => Promise<void>
  beforeAll(async () => {
    ;({ env, cleanup } = await createTestStoreEnv(dialect, 'cli'))
  })
  afterAll(() => cleanup?.())

  const createAccount = async () => {
    const run = await runCli(['accounts', 'create', '--name', 'Acme', '--plan', 'pro'], env)
    return JSON.parse(run.stdout) as { account_id: string; api_key: string }
  }

  it('accounts create prints exactly one JSON object with the account id and key', async () => {
    const run = await runCli(['accounts', 'create', '--name', 'Zoë’s Events', '--plan', 'enterprise', '--rate-limit', '5000'], env)
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toMatch(new RegExp(`^\\{"account_id":"${UUID}","api_key":"${SECRET}"\\}\\n$`))
  })

  it('keys create prints exactly one JSON object with the key id and key', async () => {
    const { account_id } = await createAccount()
    const run = await runCli(['keys', 'create', '--account', account_id, '--name', 'CI key'], env)
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toMatch(new RegExp(`^\\{"key_id":"${UUID}","api_key":"${SECRET}"\\}\\n$`))
  })

  it('keys list prints the keys as a JSON array, without the keys themselves', async () => {
    const { account_id, api_key } = await createAccount()
    const run = await runCli(['keys', 'list', '--account', account_id], env)
    expect(run).toMatchObject({ code: 0, stderr: '' })
    const keys = JSON.parse(run.stdout) as { name: string; prefix: string; revoked_at: string | null }[]
    expect(keys).toEqual([expect.objectContaining({ name: 'Default key', prefix: api_key.slice(0, 12), revoked_at: null })])
    expect(Object.keys(keys[0] ?? {}).sort()).toEqual(['created_at', 'id', 'last_used_at', 'name', 'prefix', 'revoked_at'])
    expect(run.stdout).not.toContain(api_key)
  })

  it('keys revoke prints the revoked key; a second revoke fails with one line on stderr', async () => {
    const { account_id } = await createAccount()
    const { key_id } = JSON.parse((await runCli(['keys', 'create', '--account', account_id, '--name', 'temp'], env)).stdout)
    const first = await runCli(['keys', 'revoke', key_id], env)
    expect(first).toMatchObject({ code: 0, stderr: '' })
    expect(JSON.parse(first.stdout)).toMatchObject({ id: key_id, name: 'temp', revoked_at: expect.any(String) })
    const second = await runCli(['keys', 'revoke', key_id], env)
    expect(second).toMatchObject({ code: 1, stdout: '' })
    expect(second.stderr).toMatch(/^error: API key .* was already revoked at .*\n$/)
  })

  it('reports an unknown account on stderr with a non-zero exit and nothing on stdout', async () => {
    const run = await runCli(['keys', 'list', '--account', 'd3e0d3e0-0000-4000-8000-0000000000ff'], env)
    expect(run).toEqual({ code: 1, stdout: '', stderr: 'error: Account d3e0d3e0-0000-4000-8000-0000000000ff not found\n' })
  })

  it('refuses an enterprise account without --rate-limit', async () => {
    const run = await runCli(['accounts', 'create', '--name', 'Big', '--plan', 'enterprise'], env)
    expect(run).toMatchObject({ code: 1, stdout: '' })
    expect(run.stderr).toMatch(/^error: Invalid input: --rate-limit is required for the enterprise plan.*\n$/)
  })
})

describe('the command line itself', () => {
  const env = { DATA_DIR: join(tmpdir(), 'cli-never-opened') }

  it.each([
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

  it('prints the usage for --help', async () => {
    const run = await runCli(['--help'], env)
    expect(run).toMatchObject({ code: 0, stderr: '' })
    expect(run.stdout).toContain('accounts create --name <name> --plan <free|starter|pro|enterprise> [--rate-limit <n>]')
  })

  it('refuses DATA_DIR=memory://, which would lose what it creates', async () => {
    const run = await runCli(['accounts', 'create', '--name', 'A', '--plan', 'pro'], { DATA_DIR: 'memory://' })
    expect(run).toMatchObject({ code: 1, stdout: '' })
    expect(run.stderr).toContain('memory://')
  })
})

describe('the CLI with a stale control file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cli-stale-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

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
