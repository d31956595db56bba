import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { loadConfig } from '@event-service/server-common'
import { pino } from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { type RunningSystem, startSystem } from './start-system.ts'
import { lanAddress } from './testing/lan-address.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))

/** What the demo server answers and nothing else does. */
const DEMO_ROUTES: [method: string, path: string][] = [
  ['GET', '/'],
  ['GET', '/index.html'],
  ['GET', '/config.json'],
  ['GET', '/mailbox.json'],
  ['POST', '/demo/change'],
  ['GET', '/src/main.js'],
  ['GET', '/styles.css'],
]

/**
 * `npm run start:admin` / `start:embed` as child processes (their sources through tsx, as the
 * compiled build runs them): the `main.ts` of `part` on a free port, resolved with its URL once
 * it printed its line.
 */
async function startPart(
  part: 'admin-api' | 'embed-server',
): Promise<{ url: string; output(): string; child: ChildProcessWithoutNullStreams }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(`../${part}/src/main.ts`, import.meta.url))], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ADMIN_PORT: '0', EMBED_PORT: '0', DATA_DIR: 'memory://', LOG_LEVEL: 'warn' },
  })
  let output = ''
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString()
      const url = /^(?:admin|embed) API\s+(http:\/\/\S+?)(?:\/v1)?\s/m.exec(output)?.[1]
      if (url) resolve({ url, output: () => output, child })
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('exit', (code) => reject(new Error(`${part} exited (${code}) before it was ready:\n${output}`)))
  })
}

describe('what production starts', () => {
  const children: ChildProcessWithoutNullStreams[] = []
  afterAll(() => {
    for (const child of children) child.kill('SIGTERM')
  })

  it.each(['admin-api', 'embed-server'] as const)(
    '%s alone (start:admin, start:embed) starts no demo and serves none of its routes',
    async (part) => {
      const server = await startPart(part)
      children.push(server.child)
      expect(server.output()).not.toMatch(/^demo\s/m)
      for (const [method, path] of DEMO_ROUTES) {
        const res = await fetch(`${server.url}${path}`, {
          method,
          ...(method === 'POST' ? { headers: { 'Content-Type': 'application/json' }, body: '{"action":"move"}' } : {}),
        })
        expect([404, 405], `${method} ${path}`).toContain(res.status)
        expect(((await res.json()) as { success: boolean }).success).toBe(false)
      }
    },
    // A limit, not an assertion: a server process compiled by tsx on two busy cores.
    90_000,
  )
})

describe('npm start with HOST set to every interface', () => {
  let system: RunningSystem | undefined
  afterAll(async () => {
    await system?.stop()
  })

  it.runIf(lanAddress)(
    'opens the servers to the network and keeps the demo on loopback',
    async () => {
      const config = loadConfig({ HOST: '0.0.0.0', ADMIN_PORT: '0', EMBED_PORT: '0', DEMO_PORT: '0', DATA_DIR: 'memory://' })
      system = await startSystem(config, { log: () => {}, logger: pino({ level: 'silent' }) })
      const port = (url: string) => new URL(url).port
      expect(new URL(system.demoUrl).hostname).toBe('127.0.0.1')
      expect((await fetch(`${system.demoUrl}/healthz`)).status).toBe(200)
      expect((await fetch(`http://${lanAddress}:${port(system.adminUrl)}/livez`)).status).toBe(200)
      expect((await fetch(`http://${lanAddress}:${port(system.embedUrl)}/livez`)).status).toBe(200)
      await expect(fetch(`http://${lanAddress}:${port(system.demoUrl)}/mailbox.json`)).rejects.toThrow()
    },
    90_000,
  )
})
