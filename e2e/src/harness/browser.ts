import { existsSync } from 'node:fs'

/**
 * Chromium flags for a headless run on a shared CI machine: no sandbox (containers run as root),
 * and nothing that would reach out to the internet in the background.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * The Chromium to drive: Playwright's own when it is installed (then `undefined` lets Playwright
 * pick it), else the distribution's.
 */
export function chromiumExecutable(): string | undefined {
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined
}
