// Types of the console's build helper, a plain ES module (it runs before any TypeScript tooling).

/** Builds console/dist when it is missing or older than its sources; resolves whether it built. */
export function ensureConsoleBuilt(options?: { log?: (line: string) => void }): Promise<boolean>
