/**
 * Coalesces "make sure every notification committed before now has arrived" calls: at most one
 * `sync()` runs at a time, and a caller that arrives while one is running waits for the next one
 * (the running one may have started before the caller's change was committed). Under load, one
 * round trip serves every request that arrived while the previous one was in flight.
 */
export function createSyncBarrier(sync: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined
  let queued: Promise<void> | undefined

  const start = (): Promise<void> => {
    const p = sync().finally(() => {
      if (running === p) running = undefined
    })
    running = p
    return p
  }

  return () => {
    if (!running) return start()
    queued ??= running
      .catch(() => {})
      .then(() => {
        queued = undefined
        return start()
      })
    return queued
  }
}
