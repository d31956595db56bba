// Finds a Chromium for the widget tests, the e2e tests and the benchmark, in this order:
//   $CHROMIUM_PATH · Playwright's own Chromium · /usr/bin/chromium and chromium, chromium-browser,
//   google-chrome on PATH · then installs one when it can (Playwright's download, else Debian's
//   package when running as root) · else stops with one line saying how to get one.
// Usage: `import { findBrowser, CHROMIUM_ARGS } from '@event-service/widgets/find-browser'`,
// or `node test/find-browser.mjs` to print the path.
import { execFileSync, spawnSync } from 'node:child_process'
import { accessSync, constants, existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Flags for a headless Chromium on a machine without network: no background chatter. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

const HOW = 'No Chromium found: run `npx playwright install chromium` (or `sudo apt-get install chromium` on Debian), or set CHROMIUM_PATH.'

const require = createRequire(import.meta.url)

function executable(path) {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

async function playwrightChromium() {
  try {
    const { chromium } = await import('playwright-core')
    const path = chromium.executablePath()
    return path && existsSync(path) ? path : undefined
  } catch {
    return undefined
  }
}

function systemChromium() {
  if (executable('/usr/bin/chromium')) return '/usr/bin/chromium'
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean)
  for (const name of ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']) {
    for (const dir of dirs) if (executable(join(dir, name))) return join(dir, name)
  }
  return undefined
}

function log(line) {
  process.stderr.write(`${line}\n`)
}

function installWithPlaywright() {
  try {
    const cli = join(require.resolve('playwright-core/package.json'), '..', 'cli.js')
    log('Installing Playwright Chromium…')
    const r = spawnSync(process.execPath, [cli, 'install', 'chromium'], { stdio: 'ignore', timeout: 300_000 })
    return r.status === 0
  } catch {
    return false
  }
}

function installWithApt() {
  const root = typeof process.getuid === 'function' && process.getuid() === 0
  if (!root || !existsSync('/etc/debian_version')) return false
  log('Installing chromium with apt-get…')
  try {
    execFileSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
    return true
  } catch {
    try {
      execFileSync('apt-get', ['update'], { stdio: 'ignore' })
      execFileSync('apt-get', ['install', '-y', 'chromium'], {
        stdio: 'ignore',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      })
      return true
    } catch {
      return false
    }
  }
}

/**
 * Path of a Chromium executable. With `install: false` it only looks.
 *
 * @example
 * const executablePath = await findBrowser();
 * await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
 * @throws Error whose message is one line saying how to install a browser
 */
export async function findBrowser({ install = true } = {}) {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv && executable(fromEnv)) return fromEnv
  const found = (await playwrightChromium()) ?? systemChromium()
  if (found || !install) {
    if (found) return found
    throw new Error(HOW)
  }
  if (installWithPlaywright()) {
    const path = await playwrightChromium()
    if (path) return path
  }
  if (installWithApt()) {
    const path = systemChromium()
    if (path) return path
  }
  throw new Error(HOW)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    console.log(await findBrowser())
  } catch (err) {
    console.error(err.message)
    process.exit(1)
  }
}
