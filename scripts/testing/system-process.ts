import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { request } from 'node:http'
import { fileURLToPath } from 'node:url'

const START = fileURLToPath(new URL('../start.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** `npm start` as a child process. */
export interface SystemProcess {
  /** The process started: Node itself, or npm with `via: 'npm'`. */
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

/** How to start the system: `tsx` runs `scripts/start.ts` in one Node process; `npm` runs the real `npm start`. */
export interface StartProcessOptions {
  via?: 'tsx' | 'npm'
}

/**
 * Starts the system in a child process on free ports with `env` (plus PATH/HOME) and resolves
 * once it printed its server lines; rejects with its output if it exits first. With `via: 'npm'`
 * the child is `npm start` in a process group of its own (signal `-child.pid` to reach all of
 * it, as a terminal's Ctrl+C does).
 */
export function startSystemProcess(env: Record<string, string>, { via = 'tsx' }: StartProcessOptions = {}): Promise<SystemProcess> {
  const fullEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ADMIN_PORT: '0',
    EMBED_PORT: '0',
    DEMO_PORT: '0',
    LOG_LEVEL: 'warn',
    ...env,
  }
  const child =
    via === 'npm'
      ? spawn('npm', ['start'], { cwd: ROOT, env: fullEnv, detached: true })
      : spawn(process.execPath, ['--import', 'tsx', START], { cwd: ROOT, env: fullEnv })
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

/** Whether `pid` runs (a zombie that exited but was not reaped yet does not). Linux only. */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
  } catch {
    return false
  }
}

/** Every process below `pid` (children, their children, …), from /proc. Linux only. */
export function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)])
    } catch {
      // The process ended while we looked.
    }
  }
  const found: number[] = []
  const queue = [pid]
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child)
      queue.push(child)
    }
  }
  return found
}
