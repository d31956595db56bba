import { ensureConsoleBuilt } from '@event-service/console/build-if-stale'
import { prepareTestTemplates } from '@event-service/db/testing.ts'
import { ensureWidgetsBuilt } from '@event-service/widgets/build-if-stale'

/**
 * Before any test file runs, in Vitest's main process: builds the widgets and the console when
 * they are missing or stale (some tests read `widgets/dist/`, the embed server draws first screens
 * with `widgets/dist-server/`, and every started system serves `console/dist/`), here so that no
 * two test workers build into one folder at once; and migrates the template databases that every
 * test database is copied from, once per run rather than once per test file (see `createTestDb`).
 */
export default async function setup(): Promise<void> {
  await Promise.all([ensureWidgetsBuilt().then(() => ensureConsoleBuilt()), prepareTestTemplates()])
}
