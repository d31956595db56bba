import { defineConfig } from 'vitest/config'

// Server-side tests (db, admin API, embed server), and the checks that the widgets' generated
// files match the embed server. Widgets test in a real browser with
// @web/test-runner and e2e with Playwright; `npm test` runs all three.
export default defineConfig({
  test: {
    include: [
      'db/src/**/*.test.ts',
      'server-common/src/**/*.test.ts',
      'seed/src/**/*.test.ts',
      'admin-api/src/**/*.test.ts',
      'embed-server/src/**/*.test.ts',
      'scripts/**/*.test.ts',
      // The console's pure logic (its screens are tested by the e2e journeys).
      'console/src/**/*.test.ts',
      // The widgets' generated files against their sources (the widgets themselves test in Chromium).
      'widgets/scripts/**/*.test.ts',
      'widgets/test/**/*.test.ts',
    ],
    globalSetup: ['vitest.global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for a condition (a delivery, a notification); a shared, loaded machine can
    // take seconds where a quiet one takes milliseconds, and a wait is not a timed assertion.
    expect: { poll: { timeout: 15_000 } },
    // Two cores: more workers than that only adds PGlite start-up contention.
    maxWorkers: 2,
  },
})
