import type { DbHandle } from '@event-service/db'
import type { KyselyPlugin } from 'kysely'

/** A `DbHandle` that counts what an embed server sends through it. */
export interface CountingHandle {
  handle: DbHandle
  /** Reads sent through the pool (the usage counter's batched writes, on their own timer, do not count). */
  queries(): number
  /** Round trips on the listening connection (`Listening.sync()`): the cache's proof of freshness. */
  roundTrips(): number
}

/**
 * Wraps `handle` so that a test can prove which requests never reach the database: the reads of
 * its pool, and the round trips of its listening connection.
 */
export function countingHandle(handle: DbHandle): CountingHandle {
  let queries = 0
  let roundTrips = 0
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      if (args.node.kind === 'SelectQueryNode') queries++
      return args.node
    },
    transformResult: async (args) => args.result,
  }
  return {
    handle: {
      ...handle,
      db: handle.db.withPlugin(plugin),
      listen: async (channel, handlers) => {
        const listening = await handle.listen(channel, handlers)
        return Object.assign(() => listening(), {
          sync: () => {
            roundTrips++
            return listening.sync()
          },
        })
      },
    },
    queries: () => queries,
    roundTrips: () => roundTrips,
  }
}
