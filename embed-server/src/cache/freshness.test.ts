import { describe, expect, it } from 'vitest'
import { createFreshness } from './freshness.ts'

/** A listening connection whose round trips the test answers, on a clock the test moves. */
function fakeConnection() {
  const clock = { ms: 1_000 }
  const trips: { startedAt: number; answer: () => void; fail: () => void }[] = []
  const sync = () =>
    new Promise<void>((resolve, reject) => {
      trips.push({ startedAt: clock.ms, answer: resolve, fail: () => reject(new Error('not listening')) })
    })
  /** Answers the oldest round trip still open and lets its callbacks run. */
  const answer = async (ok = true) => {
    const trip = trips.shift()
    if (!trip) throw new Error('no round trip in flight')
    if (ok) trip.answer()
    else trip.fail()
    await new Promise((resolve) => setImmediate(resolve))
  }
  return { clock, trips, sync, answer }
}

const BOUND = 50

/** A freshness over a fake connection whose first round trip (started at 0) has come back. */
async function afterOneRoundTrip() {
  const conn = fakeConnection()
  const freshness = createFreshness(conn.sync, { boundMs: BOUND, now: () => conn.clock.ms })
  const waited = freshness.check()
  await conn.answer()
  await waited
  return { conn, freshness }
}

describe('freshness of the embed cache on Postgres', () => {
  it('makes a request wait for a round trip started after it, which those arriving meanwhile share', async () => {
    const conn = fakeConnection()
    const freshness = createFreshness(conn.sync, { boundMs: BOUND, now: () => conn.clock.ms })
    const first = freshness.check()
    expect(first).toBeInstanceOf(Promise)
    expect(conn.trips).toHaveLength(1)
    // The round trip in flight may have started before these requests' changes were committed.
    const second = freshness.check()
    const third = freshness.check()
    await conn.answer()
    expect(await first).toBe(true)
    expect(conn.trips).toHaveLength(1)
    await conn.answer()
    expect(await second).toBe(true)
    expect(await third).toBe(true)
  })

  it('answers synchronously, without a round trip, within the bound of the last one', async () => {
    const { conn, freshness } = await afterOneRoundTrip()
    for (let i = 0; i < 100; i++) expect(freshness.check()).toBe(true)
    conn.clock.ms += BOUND / 2
    expect(freshness.check()).toBe(true)
    expect(conn.trips).toHaveLength(0)
  })

  it('starts one round trip in the background past half the bound, and trusts it once back', async () => {
    const { conn, freshness } = await afterOneRoundTrip()
    conn.clock.ms += BOUND / 2 + 1
    for (let i = 0; i < 100; i++) expect(freshness.check()).toBe(true)
    expect(conn.trips).toHaveLength(1)
    // Still in flight at the bound of the first one: requests wait for a round trip of their own.
    conn.clock.ms += BOUND / 2
    const late = freshness.check()
    expect(late).toBeInstanceOf(Promise)
    await conn.answer() // the background one, started before `late` arrived
    expect(conn.trips).toHaveLength(1)
    await conn.answer()
    expect(await late).toBe(true)
    // The background round trip started BOUND/2 + 1 after the first: it vouches until then + BOUND.
    expect(freshness.check()).toBe(true)
  })

  it('trusts nothing once the bound has passed without a round trip', async () => {
    const { conn, freshness } = await afterOneRoundTrip()
    conn.clock.ms += BOUND + 1
    const next = freshness.check()
    expect(next).toBeInstanceOf(Promise)
    await conn.answer(false)
    expect(await next).toBe(false)
  })

  it('forgets every round trip on reset, those in flight included', async () => {
    const { conn, freshness } = await afterOneRoundTrip()
    conn.clock.ms += BOUND / 2 + 1
    expect(freshness.check()).toBe(true) // starts one in the background
    freshness.reset()
    await conn.answer() // it started on the lost connection: it proves nothing now
    const after = freshness.check()
    expect(after).toBeInstanceOf(Promise)
    await conn.answer()
    expect(await after).toBe(true)
    expect(freshness.check()).toBe(true)
  })
})
