// Types of the widgets' build helper, a plain ES module (it runs before any TypeScript tooling).

/** Builds widgets/dist when it is missing or older than its sources; resolves whether it built. */
export function ensureWidgetsBuilt(options?: { log?: (line: string) => void }): Promise<boolean>
