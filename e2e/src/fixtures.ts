import { test as base } from '@playwright/test'
import { createAdminClient, type AdminClient } from './api/admin-client.ts'
import { adminCli } from './harness/cli.ts'
import { startTestSystem, type Dialect, type RunningSystem } from './harness/system.ts'

/** Options a Playwright project sets (one project per database). */
export interface SystemOptions {
  dialect: Dialect
}

/** An organiser's account, made with the command line, and an admin API client holding its key. */
export interface Account {
  accountId: string
  apiKey: string
  api: AdminClient
}

interface WorkerFixtures extends SystemOptions {
  system: RunningSystem
  account: Account
}

/**
 * Playwright's `test` with the system under test: one whole system per worker (so per database),
 * and one account per worker created through the command line as the README says.
 */
export const test = base.extend<object, WorkerFixtures>({
  dialect: ['pglite', { scope: 'worker', option: true }],
  system: [
    async ({ dialect }, use) => {
      const system = await startTestSystem(dialect)
      try {
        await use(system)
      } finally {
        await system.stop()
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  account: [
    async ({ system }, use) => {
      const { account_id, api_key } = await adminCli<{ account_id: string; api_key: string }>(system, [
        'accounts',
        'create',
        '--name',
        'Acme Events',
        '--plan',
        'pro',
      ])
      await use({ accountId: account_id, apiKey: api_key, api: createAdminClient(system.adminUrl, api_key) })
    },
    { scope: 'worker', timeout: 90_000 },
  ],
})

export { expect } from '@playwright/test'
