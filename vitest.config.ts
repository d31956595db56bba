import { defineConfig } from 'vitest/config'

// Server-side tests (db, admin API, embed server). Widgets test in a real browser with
// @web/test-runner and e2e with Playwright; `npm test` runs all three.
export default defineConfig({
  test: {
    include: [
      'db/src/**/*.test.ts',
      'server-common/src/**/*.test.ts',
      'admin-api/src/**/*.test.ts',
      'embed-server/src/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers than that only adds PGlite start-up contention.
    maxWorkers: 2,
  },
})
