import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/** What a run of the CLI printed and how it ended. */
export interface CliRun {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * Runs the CLI as a child process, as `npm run --silent admin -- …` would (without npm's own
 * warnings on stderr), with exactly the environment given plus PATH/HOME.
 *
 * @example
 * const { code, stdout } = await runCli(['keys', 'list', '--account', id], { DATA_DIR: dir })
 */
export function runCli(args: string[], env: Record<string, string | undefined>): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}
