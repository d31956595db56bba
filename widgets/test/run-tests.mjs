// `npm test`: find (or install) a Chromium, make sure dist/ is built (the loader test loads the
// real chunks), then run @web/test-runner. Extra arguments go to the test runner.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureWidgetsBuilt } from '../build-if-stale.mjs'
import { findBrowser } from './find-browser.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
let browser
try {
  browser = await findBrowser()
} catch (err) {
  console.error(err.message)
  process.exit(1)
}
await ensureWidgetsBuilt()
const require = createRequire(import.meta.url)
// The package exports no bin path; its CommonJS entry sits in dist/ beside bin.js.
const wtr = join(dirname(require.resolve('@web/test-runner')), 'bin.js')
const child = spawn(process.execPath, [wtr, '--config', 'web-test-runner.config.mjs', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: browser },
})
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
