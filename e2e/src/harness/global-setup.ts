import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { REPO_ROOT } from './repo.ts'

/**
 * Builds the widgets once, before any worker starts a system, through the widgets' own
 * `ensureWidgetsBuilt()` (a no-op when the build is current), so `npm test -w e2e` works on a
 * fresh clone.
 */
export default async function globalSetup(): Promise<void> {
  const script = join(REPO_ROOT, 'widgets/build-if-stale.mjs')
  if (existsSync(script)) {
    const { ensureWidgetsBuilt } = (await import(pathToFileURL(script).href)) as { ensureWidgetsBuilt: () => Promise<unknown> }
    await ensureWidgetsBuilt()
  }
  if (!existsSync(join(REPO_ROOT, 'widgets/dist/loader.js'))) {
    throw new Error('widgets/dist/loader.js is missing: build the widgets with `npm run build -w widgets`')
  }
}
