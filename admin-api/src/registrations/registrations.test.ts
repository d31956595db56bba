import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../testing/test-api.ts'

describe.each(DIALECTS)('GET /registrations on %s', (dialect) => {
  let api: TestApi
  let key: string
  let accountId: string
  let eventId: string
  beforeAll(async () => {
    api = await startTestApi(dialect)
    ;({ key, accountId } = await api.newAccount())
    eventId = await api.newEvent(key)
    // Registrations arrive through the embed API; here they are written directly.
    await api.db
      .insertInto('registrations')
      .values(
        ['Zoe', 'Adam', 'Mia'].map((name, i) => ({
          account_id: accountId,
          event_id: eventId,
          name,
          email: `${name.toLowerCase()}@example.com`,
          ticket_id: i === 0 ? 'regular' : null,
          answers: JSON.stringify(i === 0 ? { diet: 'vegan' } : {}),
          created_at: new Date(Date.UTC(2026, 0, 1 + i)),
        })),
      )
      .execute()
  })
  afterAll(() => api.close())

  it('lists an event’s registrations oldest first, paginated', async () => {
    const res = await api.request('GET', `/v1/registrations?event_id=${eventId}&limit=2`, { key })
    expect(res.status).toBe(200)
    expect(res.body.data.map((r: { name: string }) => r.name)).toEqual(['Zoe', 'Adam'])
    expect(res.body.data[0]).toMatchObject({ email: 'zoe@example.com', ticket_id: 'regular', answers: { diet: 'vegan' } })
    expect(res.body.meta).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 })
  })

  it('sorts by name', async () => {
    const res = await api.request('GET', `/v1/registrations?event_id=${eventId}&sort=name`, { key })
    expect(res.body.data.map((r: { name: string }) => r.name)).toEqual(['Adam', 'Mia', 'Zoe'])
  })

  it('answers 400 without event_id and 404 for an unknown event', async () => {
    const missing = await api.request('GET', '/v1/registrations', { key })
    expect(missing.status).toBe(400)
    expect(missing.body.error.code).toBe('VALIDATION_ERROR')
    const unknown = await api.request('GET', '/v1/registrations?event_id=00000000-0000-4000-8000-000000000000', { key })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.code).toBe('NOT_FOUND')
  })
})
