/**
 * How long after its commit a change is honoured by every embed server, however late its
 * notification reaches one: each server trusts its caches only while a round trip on its listening
 * connection that started at most this long ago has come back (`embed-server/src/cache/freshness.ts`).
 * It normally takes effect within a millisecond, when the notification arrives.
 */
export const FRESHNESS_BOUND_MS = 50

/**
 * Waits out the rest of `FRESHNESS_BOUND_MS` since `committedAt` (a `performance.now()` reading
 * taken after the commit), so that an answer about a change that refuses visitors (a token
 * disabled, revoked or narrowed) is only given once every embed server refuses them too.
 */
export async function untilHonouredEverywhere(committedAt: number): Promise<void> {
  const left = committedAt + FRESHNESS_BOUND_MS - performance.now()
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left))
}
