import { ensureWidgetsBuilt } from '@event-service/widgets/build-if-stale'

/**
 * Builds the widgets once, before any test file runs, when they are missing or stale: some tests
 * read `widgets/dist/`, and the embed server draws first screens with `widgets/dist-server/`.
 * Here, in vitest's main process, so that no two test workers build into one folder at once.
 */
export default async function setup(): Promise<void> {
  await ensureWidgetsBuilt()
}
