import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { request } from 'node:http'
import { fileURLToPath } from 'node:url'

const START = fileURLToPath(new URL('../start.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** `npm start` as a child process (one Node process: signals reach it directly). */
export interface SystemProcess {
  child: ChildProcessWithoutNullStreams
  adminUrl: string
  embedUrl: string
  demoUrl: string
  /** Everything printed so far on stdout and stderr. */
  output(): string
  /** Resolves when a line containing `text` has been printed. */
  waitFor(text: string): Promise<void>
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>
}

/**
 * Starts `scripts/start.ts` in a child process on free ports with `env` (plus PATH/HOME) and
 * resolves once it printed its server lines; rejects with its output if it exits first.
 */
export function startSystemProcess(env: Record<string, string>): Promise<SystemProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', START], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ADMIN_PORT: '0', EMBED_PORT: '0', DEMO_PORT: '0', LOG_LEVEL: 'warn', ...env },
  })
  let output = ''
  const waiters: { text: string; resolve: () => void }[] = []
  const onData = (d: Buffer) => {
    output += d.toString()
    for (const w of waiters.filter((w) => output.includes(w.text))) {
      waiters.splice(waiters.indexOf(w), 1)
      w.resolve()
    }
  }
  child.stdout.on('data', onData)
  child.stderr.on('data', onData)
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)))
  const waitFor = (text: string) =>
    output.includes(text) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ text, resolve }))
  return new Promise((resolve, reject) => {
    exited.then((code) => reject(new Error(`npm start exited (${code}) before it was ready:\n${output}`)))
    waitFor('\ndemo ').then(() => {
      const url = (name: string) => new RegExp(`^${name}\\s+(\\S+)`, 'm').exec(output)?.[1] ?? ''
      resolve({
        child,
        adminUrl: url('admin API'),
        embedUrl: url('embed API'),
        demoUrl: url('demo'),
        output: () => output,
        waitFor,
        exited,
      })
    })
  })
}

/**
 * A POST whose body is sent in two parts. `inFlight` resolves once the server has parsed the
 * request (it answered `Expect: 100-continue`) and received the first half; `sendRest()` sends the
 * second; `response` resolves with the status and body.
 */
export function slowPost(url: string, body: unknown, headers: Record<string, string>) {
  const bytes = Buffer.from(JSON.stringify(body))
  const half = Math.floor(bytes.length / 2)
  const req = request(url, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(bytes.length), Expect: '100-continue' },
  })
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = ''
      res.on('data', (d: Buffer) => (text += d.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
    })
    req.on('error', reject)
  })
  const inFlight = new Promise<void>((resolve) => {
    req.on('continue', () => req.write(bytes.subarray(0, half), () => resolve()))
  })
  req.flushHeaders()
  return { inFlight, response, sendRest: () => req.end(bytes.subarray(half)) }
}
