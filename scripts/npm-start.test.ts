import { spawn } from 'node:child_process'
import { connect } from 'node:net'
import { fileURLToPath } from 'node:url'
import { runCli } from '@event-service/admin-api/cli/cli-process.ts'
import { createTestStoreEnv, DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { descendantsOf, isRunning, type SystemProcess, slowPost, startSystemProcess } from './testing/system-process.ts'

// npm, a build when the compiled output is stale, PGlite: slow on a busy machine. These limits
// are not assertions; the 10 s within which a stop must finish is.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 })

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const STOP_BOUND_MS = 10_000

/** Resolves true once the port refuses connections. */
const portClosed = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url)
    const socket = connect({ host: hostname, port: Number(port) })
    socket.on('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.on('error', () => resolve(true))
  })

/** `node scripts/build.mjs --if-stale`: the compiled output `npm start` runs, built once here rather than in a test. */
async function buildIfStale(): Promise<void> {
  const build = spawn(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: ROOT, stdio: 'inherit' })
  expect(await new Promise((resolve) => build.on('exit', resolve))).toBe(0)
}

/** Polls `check` until it is true or `deadline` (a `performance.now()` time) has passed. */
async function until(check: () => boolean | Promise<boolean>, deadline: number): Promise<boolean> {
  for (;;) {
    if (await check()) return true
    if (performance.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe.runIf(process.platform === 'linux').each(DIALECTS)('npm start as a process manager runs it, on %s', (dialect) => {
  let env: Record<string, string>
  let cleanup: () => Promise<void>
  let auth: { Authorization: string }
  const running: SystemProcess[] = []

  beforeAll(async () => {
    ;({ env, cleanup } = await createTestStoreEnv(dialect, 'npm-start'))
    // One account for every case, made before any start (the CLI opens the store itself), and the
    // build: each case then measures a start and a stop, not the set-up.
    const [created] = await Promise.all([runCli(['accounts', 'create', '--name', 'Signals GmbH', '--plan', 'pro'], env), buildIfStale()])
    expect(created).toMatchObject({ code: 0 })
    auth = { Authorization: `Bearer ${(JSON.parse(created.stdout) as { api_key: string }).api_key}` }
  })
  afterEach(async () => {
    for (const p of running.splice(0)) {
      // Only what this test started: npm's process group (also what outlived npm, if anything did).
      try {
        process.kill(-p.child.pid!, 'SIGKILL')
      } catch {
        // Nothing left in it.
      }
      await p.exited
    }
  })
  afterAll(() => cleanup?.())

  const cases = [
    // systemd, `docker stop` and PaaS runners signal the one process they started: npm.
    { name: 'SIGTERM to the npm process', signal: 'SIGTERM', send: (npm: number) => process.kill(npm, 'SIGTERM') },
    // A terminal's Ctrl+C signals the whole foreground process group (and npm forwards it again).
    { name: 'Ctrl+C (SIGINT to the process group)', signal: 'SIGINT', send: (npm: number) => process.kill(-npm, 'SIGINT') },
    { name: 'SIGINT to the npm process', signal: 'SIGINT', send: (npm: number) => process.kill(npm, 'SIGINT') },
  ] as const

  it.each(cases)(
    '$name: the request in flight is answered, then every process is gone and every port closed within 10 s',
    async ({ signal, send }) => {
      const system = await startSystemProcess(env, { via: 'npm' })
      running.push(system)
      const npm = system.child.pid!
      const processes = [npm, ...descendantsOf(npm)]
      // npm and the Node process that serves (npm's shell replaced itself with it).
      expect(processes.length).toBeGreaterThanOrEqual(2)

      const upload = slowPost(
        `${system.adminUrl}/events`,
        { name: 'In flight', starts_at: '2030-05-01T09:00:00Z', ends_at: '2030-05-01T17:00:00Z', description: 'x'.repeat(2000) },
        auth,
      )
      await upload.inFlight

      send(npm)
      const deadline = performance.now() + STOP_BOUND_MS
      // A signal that does not reach the server would leave it serving: fail at the deadline, not hang.
      expect(await until(() => system.output().includes(`${signal}: stopping`), deadline)).toBe(true)
      upload.sendRest()
      const answer = await upload.response
      expect(answer.status).toBe(201)
      expect(JSON.parse(answer.body)).toMatchObject({ success: true, data: { name: 'In flight' } })

      const urls = [system.adminUrl, system.embedUrl, system.demoUrl]
      expect(await until(() => processes.every((pid) => !isRunning(pid)), deadline)).toBe(true)
      expect(await until(async () => (await Promise.all(urls.map(portClosed))).every(Boolean), deadline)).toBe(true)
      expect(await system.exited).toBe(0)
      expect(system.output()).toContain('stopped')
    },
  )
})

/** Runs `node --conditions=compiled <entry>` with `env` until it prints its URL line. */
function startCompiled(entry: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--conditions=compiled', entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
  })
  let output = ''
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, sig) => resolve(code ?? sig ?? -1)))
  const url = new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString()
      const match = /(http:\/\/\S+?)(\/v1)?\s/.exec(output)
      if (match) resolve(match[1]!)
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    exited.then((code) => reject(new Error(`${entry} exited (${code}) before it listened:\n${output}`)))
  })
  return { child, url, exited }
}

describe.each(DIALECTS)('the compiled servers (npm run build) on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = []
  beforeAll(buildIfStale)
  afterAll(() => Promise.all(cleanups.map((c) => c())))

  // Independent servers on stores of their own (copies of the migrated template): side by side.
  it.concurrent.each([
    ['admin API', 'admin-api/dist/main.js', { ADMIN_PORT: '0' }],
    ['embed server', 'embed-server/dist/main.js', { EMBED_PORT: '0' }],
  ])('%s: plain node starts it, it answers /healthz, and SIGTERM stops it', async (_name, entry, ports) => {
    const { env, cleanup } = await createTestStoreEnv(dialect, 'compiled')
    cleanups.push(cleanup)
    const server = startCompiled(entry, { ...env, ...ports })
    try {
      const res = await fetch(`${await server.url}/healthz`)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ success: true, data: { status: 'ok' } })
      server.child.kill('SIGTERM')
      expect(await server.exited).toBe(0)
    } finally {
      server.child.kill('SIGKILL')
    }
  })
})
