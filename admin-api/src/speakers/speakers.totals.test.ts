import { SPEAKER_STATUSES } from '@event-service/db'
import { DIALECTS } from '@event-service/db/testing.ts'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../testing/test-api.ts'

/** `meta.total` must be exact whichever way it is counted (maintained counters or a window). */
describe.each(DIALECTS)('speaker list totals on %s', (dialect) => {
  let api: TestApi
  let key: string
  beforeAll(async () => {
    api = await startTestApi(dialect)
    ;({ key } = await api.newAccount())
  })
  afterAll(() => api.close())

  const trueCount = async (eventId: string, status?: string) => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from speakers where event_id = ${eventId} ${status ? sql`and status = ${status}` : sql``}`.execute(api.db)
    return Number(rows[0]?.n)
  }
  const total = async (eventId: string, query = '') =>
    (await api.request('GET', `/v1/speakers?event_id=${eventId}${query}`, { key })).body.meta.total as number

  const expectExactTotals = async (eventId: string) => {
    expect(await total(eventId)).toBe(await trueCount(eventId))
    for (const status of SPEAKER_STATUSES) expect(await total(eventId, `&status=${status}`)).toBe(await trueCount(eventId, status))
  }

  it('stays exact through creates, upserts, status changes and deletes', async () => {
    const eventId = await api.newEvent(key)
    const ids: string[] = []
    for (let i = 0; i < 12; i++) {
      const res = await api.request('POST', '/v1/speakers', {
        key,
        body: { event_id: eventId, email: `s${i}@example.com`, name: `S${i}`, status: SPEAKER_STATUSES[i % 3] },
      })
      ids.push(res.body.data.id)
    }
    await expectExactTotals(eventId)
    await api.request('POST', '/v1/speakers', {
      key,
      body: { event_id: eventId, email: 'S1@EXAMPLE.com', name: 'Again', status: 'confirmed' },
    })
    await api.request('PATCH', `/v1/speakers/${ids[2]}`, { key, body: { status: 'declined' } })
    await api.request('PATCH', `/v1/speakers/${ids[3]}`, { key, body: { name: 'Renamed only' } })
    await api.request('DELETE', `/v1/speakers/${ids[4]}`, { key })
    await expectExactTotals(eventId)
    expect(await total(eventId)).toBe(11)
  })

  it('stays exact after 20 concurrent upserts of one email and 20 of different emails', async () => {
    const eventId = await api.newEvent(key)
    await Promise.all([
      ...Array.from({ length: 20 }, (_, i) =>
        api.request('POST', '/v1/speakers', {
          key,
          body: { event_id: eventId, email: 'same@example.com', name: 'Same', status: SPEAKER_STATUSES[i % 8] },
        }),
      ),
      ...Array.from({ length: 20 }, (_, i) =>
        api.request('POST', '/v1/speakers', {
          key,
          body: { event_id: eventId, email: `d${i}@example.com`, name: 'D', status: SPEAKER_STATUSES[i % 8] },
        }),
      ),
    ])
    await expectExactTotals(eventId)
    expect(await total(eventId)).toBe(21)
  })

  it('counts filtered lists exactly, also past the last page', async () => {
    const eventId = await api.newEvent(key)
    for (let i = 0; i < 5; i++) {
      await api.request('POST', '/v1/speakers', {
        key,
        body: { event_id: eventId, email: `f${i}@example.com`, name: i < 3 ? `Findme ${i}` : `Other ${i}`, tags: [i % 2 ? 'odd' : 'even'] },
      })
    }
    expect(await total(eventId, '&search=findme&limit=1')).toBe(3)
    expect(await total(eventId, '&search=findme&limit=1&page=7')).toBe(3)
    expect(await total(eventId, '&tags=odd')).toBe(2)
    expect(await total(eventId, '&tags=odd&page=5')).toBe(2)
    expect(await total(eventId, '&search=nothing-like-it')).toBe(0)
  })

  it('survives deleting the event with its speakers', async () => {
    const eventId = await api.newEvent(key)
    await api.request('POST', '/v1/speakers', { key, body: { event_id: eventId, email: 'x@example.com', name: 'X' } })
    const res = await api.request('DELETE', `/v1/events/${eventId}`, { key })
    expect(res.status).toBe(200)
  })
})
