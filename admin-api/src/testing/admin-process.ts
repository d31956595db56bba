import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/** `npm run start:admin` as a child process. */
export interface AdminProcess {
  child: ChildProcessWithoutNullStreams
  /** `{base_url}`: `http://127.0.0.1:port/v1`. */
  url: string
  output(): string
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>
}

/**
 * Starts `admin-api/src/main.ts` (what `npm run start:admin` runs) on a free port with exactly
 * `env` plus PATH/HOME, and resolves once it printed its URL; rejects with its output if it exits
 * first.
 */
export function startAdminProcess(env: Record<string, string>): Promise<AdminProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ADMIN_PORT: '0', LOG_LEVEL: 'warn', ...env },
  })
  let output = ''
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)))
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString()
      const url = /^admin API\s+(\S+)/m.exec(output)?.[1]
      if (url) resolve({ child, url, output: () => output, exited })
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    exited.then((code) => reject(new Error(`start:admin exited (${code}) before it was ready:\n${output}`)))
  })
}
