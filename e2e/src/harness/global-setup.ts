import { ensureConsoleBuilt } from '@event-service/console/build-if-stale'
import { ensureWidgetsBuilt } from '@event-service/widgets/build-if-stale'

/**
 * Builds the widgets and the console once, before any worker starts a system, through their own
 * `ensure…Built()` (a no-op when the build is current), so `npm test -w e2e` works on a fresh
 * clone without a manual build.
 */
export default async function globalSetup(): Promise<void> {
  await ensureWidgetsBuilt()
  await ensureConsoleBuilt()
}
