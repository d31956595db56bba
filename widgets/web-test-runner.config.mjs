// @web/test-runner in real Chromium (Playwright launcher), with the mock embed API as middleware.
import { esbuildPlugin } from '@web/dev-server-esbuild'
import { playwrightLauncher } from '@web/test-runner-playwright'
import { CHROMIUM_ARGS, findBrowser } from './test/find-browser.mjs'
import { mockEmbedApi } from './test/mock-embed-api.mjs'

const executablePath = process.env.CHROMIUM_PATH || (await findBrowser())

export default {
  rootDir: '.',
  files: ['src/**/*.test.ts'],
  nodeResolve: { exportConditions: ['production'] },
  concurrency: 4,
  plugins: [esbuildPlugin({ ts: true, tsconfig: new URL('./tsconfig.json', import.meta.url).pathname })],
  middleware: [mockEmbedApi],
  // A limit, not an assertion: axe audits and cold module loads take seconds on a loaded machine,
  // and `until` (src/test-support/helpers.ts) gives up well before this with what it waited for.
  testFramework: { config: { timeout: 60_000 } },
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath, args: CHROMIUM_ARGS, headless: true },
      // A fixed zone unlike the fixture event's (Europe/Berlin) exercises the time zone switch.
      createBrowserContext: ({ browser }) => browser.newContext({ timezoneId: 'America/New_York', locale: 'en-US' }),
    }),
  ],
}
