import type { DbHandle } from '@event-service/db'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import type { KyselyPlugin } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embedFetch, seedEvent, seedToken, startEmbedServer, type SeededEvent } from '../testing/embed-fixtures.ts'

describe.each(DIALECTS)('usage counting on %s', (dialect) => {
  let dbHandle: DbHandle
  let ev: SeededEvent

  beforeAll(async () => {
    dbHandle = await createTestDb(dialect)
    ev = await seedEvent(dbHandle.db)
  })
  afterAll(async () => {
    await dbHandle?.close()
  })

  const usageOf = (id: string) =>
    dbHandle.db.selectFrom('embed_tokens').select(['usage_count', 'last_used_at']).where('id', '=', id).executeTakeFirstOrThrow()

  it('writes accepted requests in batches, never one write per request', async () => {
    let updates = 0
    const plugin: KyselyPlugin = {
      transformQuery: (args) => {
        if (args.node.kind === 'RawNode' && JSON.stringify(args.node).includes('usage_count')) updates++
        return args.node
      },
      transformResult: async (args) => args.result,
    }
    const server = await startEmbedServer({ ...dbHandle, db: dbHandle.db.withPlugin(plugin) })
    const a = await seedToken(dbHandle.db, ev)
    const b = await seedToken(dbHandle.db, ev)
    for (let i = 0; i < 5; i++) expect((await embedFetch(server.url, `/v1/events/${ev.eventId}`, a.token, 'query')).status).toBe(200)
    expect((await embedFetch(server.url, `/v1/events/${ev.eventId}`, b.token, 'header')).status).toBe(200)
    await server.close() // flushes
    expect(updates).toBeLessThanOrEqual(2)
    expect(Number((await usageOf(a.id)).usage_count)).toBe(5)
    expect(Number((await usageOf(b.id)).usage_count)).toBe(1)
    expect((await usageOf(a.id)).last_used_at).toBeInstanceOf(Date)
  })

  it('does not count refused requests', async () => {
    const server = await startEmbedServer(dbHandle)
    const t = await seedToken(dbHandle.db, ev, { allowedOrigins: ['https://good.example'] })
    expect(
      (await embedFetch(server.url, `/v1/events/${ev.eventId}`, t.token, 'query', { headers: { Origin: 'https://bad.example' } })).status,
    ).toBe(403)
    await server.close()
    expect(Number((await usageOf(t.id)).usage_count)).toBe(0)
  })

  it('shows counts in the database within a few seconds without closing', async () => {
    const server = await startEmbedServer(dbHandle)
    try {
      const t = await seedToken(dbHandle.db, ev)
      await embedFetch(server.url, `/v1/events/${ev.eventId}`, t.token, 'query')
      await expect.poll(async () => Number((await usageOf(t.id)).usage_count), { timeout: 5000, interval: 250 }).toBe(1)
    } finally {
      await server.close()
    }
  })
})
