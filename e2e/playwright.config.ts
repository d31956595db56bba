import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, findBrowser } from '@event-service/widgets/find-browser'
import type { SystemOptions } from './src/fixtures.ts'

/**
 * The journeys run once per database: PGlite always, Postgres too when DATABASE_URL is set (CI),
 * each project against a whole system of its own, started in the worker (see src/fixtures.ts).
 */
// Playwright's own Chromium when installed, else the system's (it cannot be downloaded here).
const executablePath = await findBrowser()

const dialects: SystemOptions['dialect'][] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

export default defineConfig<SystemOptions>({
  testDir: './tests',
  globalSetup: './src/harness/global-setup.ts',
  // Two cores shared with the system under test and Chromium: one worker, and no retries that
  // would hide a flaky journey.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    headless: true,
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    locale: 'en-GB',
    timezoneId: 'Europe/Berlin',
  },
  projects: dialects.map((dialect, i) => ({
    name: dialect,
    use: { dialect },
    // Pictures and accessibility checks of screens, which look the same whatever the database:
    // on the first only.
    testIgnore: i === 0 ? undefined : ['screenshots.spec.ts', 'console-quality.spec.ts'],
  })),
})
