import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT } from './repo.ts'

/**
 * Builds the widgets once before any worker starts a system, so that `npm test -w e2e` works on a
 * fresh clone without a manual build.
 */
export default async function globalSetup(): Promise<void> {
  if (!existsSync(join(REPO_ROOT, 'widgets/dist/loader.js'))) {
    throw new Error('widgets/dist/loader.js is missing: run `npm run build -w widgets` first')
  }
}
