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
