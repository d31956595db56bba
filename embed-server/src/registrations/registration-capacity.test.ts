import { createDb, type DbHandle } from '@event-service/db'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SeededEvent, seedEvent, seedToken, startEmbedServer, type TestEmbedServer } from '../testing/embed-fixtures.ts'

type Answer = { status: number; code?: string }

/**
 * Capacity: never oversold, whatever the concurrency, on one instance (PGlite: one process) and on
 * two embed instances with their own connection pools on one Postgres database.
 */
describe.each(DIALECTS)('ticket capacity on %s', (dialect) => {
  let dbHandle: DbHandle & { url?: string }
  let second: DbHandle | undefined
  let servers: TestEmbedServer[] = []

  beforeAll(async () => {
    dbHandle = await createTestDb(dialect)
    servers = [await startEmbedServer(dbHandle)]
    if (dialect === 'postgres') {
      // A second instance, as a second process would be: its own pool and its own LISTEN connection.
      second = await createDb({ databaseUrl: dbHandle.url as string, maxConnections: 20 })
      servers.push(await startEmbedServer(second))
    }
  })
  afterAll(async () => {
    for (const s of servers) await s.close()
    await second?.close()
    await dbHandle?.close()
  })

  const cappedEvent = async (capacity: number, showRemaining = false): Promise<SeededEvent & { token: string }> => {
    const ev = await seedEvent(dbHandle.db, {
      tickets: [
        { id: 'early', name: 'Early bird', capacity, show_remaining: showRemaining },
        { id: 'open', name: 'Open' },
      ],
    })
    return { ...ev, token: (await seedToken(dbHandle.db, ev)).token }
  }

  const post = async (ev: SeededEvent & { token: string }, email: string, ticket = 'early', server = servers[0]): Promise<Answer> => {
    const res = await fetch(`${server?.url}/v1/events/${ev.eventId}/registrations`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ev.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'P', email, ticket_id: ticket }),
    })
    const body = (await res.json()) as { error?: { code: string } }
    return { status: res.status, ...(body.error ? { code: body.error.code } : {}) }
  }

  const tickets = async (ev: SeededEvent & { token: string }) => {
    const res = await fetch(`${servers[0]?.url}/v1/events/${ev.eventId}?token=${ev.token}`)
    return ((await res.json()) as { data: { tickets: Record<string, unknown>[] } }).data.tickets
  }

  const taken = async (ev: SeededEvent) =>
    (
      await dbHandle.db
        .selectFrom('registrations')
        .select('id')
        .where('event_id', '=', ev.eventId)
        .where('ticket_id', '=', 'early')
        .where('status', '<>', 'cancelled')
        .execute()
    ).length

  it('50 concurrent registrations for the last 10 places: exactly 10 registered, 40 answered 409 SOLD_OUT', async () => {
    const ev = await cappedEvent(60)
    for (let i = 0; i < 50; i++) expect((await post(ev, `early${i}@example.org`)).status).toBe(201)
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post(ev, `late${i}@example.org`, 'early', servers[i % servers.length])),
    )
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10)
    expect(answers.filter((a) => a.status === 409 && a.code === 'SOLD_OUT')).toHaveLength(40)
    expect(await taken(ev)).toBe(60)
    // Every instance agrees, at once: the registrations' NOTIFY flushed the cached event.
    for (const server of servers) {
      const res = await fetch(`${server.url}/v1/events/${ev.eventId}?token=${ev.token}`)
      const data = ((await res.json()) as { data: { tickets: { id: string; sold_out: boolean }[] } }).data
      expect(data.tickets.find((t) => t.id === 'early')?.sold_out).toBe(true)
    }
  })

  it('shows sold_out always and remaining only when the organiser allows it; open tickets are never sold out', async () => {
    const hidden = await cappedEvent(2)
    const shown = await cappedEvent(2, true)
    expect(await tickets(hidden)).toEqual([
      { id: 'early', name: 'Early bird', description: null, price: null, sold_out: false },
      { id: 'open', name: 'Open', description: null, price: null, sold_out: false },
    ])
    expect((await tickets(shown))[0]).toMatchObject({ sold_out: false, remaining: 2 })
    await post(shown, 'a@example.org')
    await expect.poll(async () => (await tickets(shown))[0]).toMatchObject({ sold_out: false, remaining: 1 })
    await post(shown, 'b@example.org')
    await expect.poll(async () => (await tickets(shown))[0]).toMatchObject({ sold_out: true, remaining: 0 })
    expect(await post(shown, 'c@example.org')).toEqual({ status: 409, code: 'SOLD_OUT' })
    expect(await post(shown, 'c@example.org', 'open')).toEqual({ status: 201 })
  })

  it('answers a repeat of a registered email for a sold-out ticket like anyone else: 409 SOLD_OUT', async () => {
    const ev = await cappedEvent(1)
    expect((await post(ev, 'first@example.org')).status).toBe(201)
    expect(await post(ev, 'first@example.org')).toEqual(await post(ev, 'someone@example.org'))
  })

  it('frees the place of a cancelled registration', async () => {
    const ev = await cappedEvent(1)
    expect((await post(ev, 'gone@example.org')).status).toBe(201)
    expect((await post(ev, 'waiting@example.org')).status).toBe(409)
    await dbHandle.db.updateTable('registrations').set({ status: 'cancelled' }).where('event_id', '=', ev.eventId).execute()
    expect((await post(ev, 'waiting@example.org')).status).toBe(201)
  })
})
