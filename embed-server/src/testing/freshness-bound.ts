import type { DbHandle, ListenHandlers } from '@event-service/db'
import { expect } from 'vitest'
import { FRESHNESS_BOUND_MS } from '../cache/freshness.ts'

/**
 * Reads steadily, as a busy page does, after a change committed at `committedAt`
 * (`performance.now()`), until a read has been sent `FRESHNESS_BOUND_MS` after it: that read must
 * answer `expected` (the embed server's promise); those before may answer `expected` or `before`.
 */
export async function expectHonouredWithinBound(
  read: () => Promise<string>,
  { committedAt, expected, before }: { committedAt: number; expected: string; before: string },
): Promise<void> {
  for (;;) {
    const sent = performance.now()
    const answer = await read()
    if (sent - committedAt >= FRESHNESS_BOUND_MS) {
      expect(answer).toBe(expected)
      return
    }
    expect([expected, before]).toContain(answer)
  }
}

/**
 * Postgres promises only that a notification committed before a round trip on the listening
 * connection arrives before that round trip's answer. This handle holds every notification back
 * until then, the latest Postgres may deliver it: the bound must hold even so.
 */
export function heldUpNotifications(handle: DbHandle): DbHandle {
  return {
    ...handle,
    listen: async (channel, handlers) => {
      let held: string[] = []
      const holding: ListenHandlers = { ...handlers, onMessage: (payload) => void held.push(payload) }
      const listening = await handle.listen(channel, holding)
      return Object.assign(() => listening(), {
        sync: async () => {
          await listening.sync()
          const arrived = held
          held = []
          for (const payload of arrived) handlers.onMessage(payload)
        },
      })
    },
  }
}
