import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { REPO_ROOT } from './repo.ts'
import type { RunningSystem } from './system.ts'

const run = promisify(execFile)

/**
 * Runs the admin command line exactly as the README says (`npm run --silent admin -- …`), against
 * the database of `system` (its `DATA_DIR` or `DATABASE_URL`), and parses the one JSON document it
 * prints.
 */
export async function adminCli<T>(system: RunningSystem, args: string[]): Promise<T> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...system.env }
  // An inherited DATABASE_URL would point a PGlite journey's CLI at the wrong database.
  if (!system.env.DATABASE_URL) delete env.DATABASE_URL
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', ...args], {
    cwd: REPO_ROOT,
    env,
    timeout: 60_000,
  })
  return JSON.parse(stdout) as T
}
