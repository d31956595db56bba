import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../testing/test-api.ts'

const EVENT = {
  name: 'JSConf',
  description: 'A conference',
  timezone: 'Europe/Berlin',
  starts_at: '2026-06-01T09:00:00+02:00',
  ends_at: '2026-06-02T18:00:00+02:00',
  venue: 'Arena',
  tickets: [
    { id: 'early-bird', name: 'Early bird', price: '€ 99' },
    { id: 'regular', name: 'Regular', description: 'Both days' },
  ],
}

describe.each(DIALECTS)('events on %s', (dialect) => {
  let api: TestApi
  let key: string
  beforeAll(async () => {
    api = await startTestApi(dialect)
    ;({ key } = await api.newAccount())
  })
  afterAll(() => api.close())

  it('creates an event with tickets: 201, times in UTC', async () => {
    const res = await api.request('POST', '/v1/events', { key, body: EVENT })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({
      name: 'JSConf',
      timezone: 'Europe/Berlin',
      starts_at: '2026-06-01T07:00:00.000Z',
      tickets: [
        { id: 'early-bird', name: 'Early bird', price: '€ 99', description: null },
        { id: 'regular', name: 'Regular', description: 'Both days', price: null },
      ],
    })
  })

  it('keeps the rooms and tracks in the order given, refusing a name given twice', async () => {
    const created = await api.request('POST', '/v1/events', { key, body: { ...EVENT, rooms: ['Hall B', 'Hall A'] } })
    expect(created.body.data).toMatchObject({ rooms: ['Hall B', 'Hall A'], tracks: [] })
    const id = created.body.data.id
    const patched = await api.request('PATCH', `/v1/events/${id}`, { key, body: { tracks: ['Web', 'Data'] } })
    expect(patched.body.data).toMatchObject({ rooms: ['Hall B', 'Hall A'], tracks: ['Web', 'Data'] })
    const twice = await api.request('PATCH', `/v1/events/${id}`, { key, body: { rooms: ['Hall A', 'hall a'] } })
    expect(twice.status).toBe(400)
    expect(twice.body.error.details.fields[0]).toMatchObject({ path: 'rooms' })
  })

  it('defaults the timezone to UTC and tickets to none', async () => {
    const res = await api.request('POST', '/v1/events', {
      key,
      body: { name: 'Min', starts_at: '2026-01-01T00:00:00Z', ends_at: '2026-01-01T00:00:00Z' },
    })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ timezone: 'UTC', tickets: [], venue: null })
  })

  it.each([
    ['an unknown time zone', { timezone: 'Mars/Olympus' }, 'timezone'],
    ['an offset instead of a zone', { timezone: '+02:00' }, 'timezone'],
    ['ends before it starts', { ends_at: '2026-05-01T00:00:00Z' }, 'ends_at'],
    ['a date-time without a zone', { starts_at: '2026-06-01T09:00:00' }, 'starts_at'],
    ['a ticket id that is not a slug', { tickets: [{ id: 'Early Bird', name: 'x' }] }, 'tickets.0.id'],
    [
      'duplicate ticket ids',
      {
        tickets: [
          { id: 'a', name: 'x' },
          { id: 'a', name: 'y' },
        ],
      },
      'tickets',
    ],
    ['an unknown field', { colour: 'red' }, 'colour'],
  ])('answers 400 VALIDATION_ERROR for %s', async (_, patch, path) => {
    const res = await api.request('POST', '/v1/events', { key, body: { ...EVENT, ...patch } })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
    expect(res.body.error.details.fields.map((f: { path: string }) => f.path)).toContain(path)
  })

  it('gets, patches (partially), lists and deletes', async () => {
    const { id, updated_at } = (await api.request('POST', '/v1/events', { key, body: EVENT })).body.data
    expect((await api.request('GET', `/v1/events/${id}`, { key })).body.data.name).toBe('JSConf')
    const noop = await api.request('PATCH', `/v1/events/${id}`, { key, body: {} })
    expect(noop.status).toBe(200)
    expect(noop.body.data.updated_at).toBe(updated_at)
    const patched = await api.request('PATCH', `/v1/events/${id}`, { key, body: { venue: null, tickets: [] } })
    expect(patched.body.data).toMatchObject({ name: 'JSConf', venue: null, tickets: [] })
    const list = await api.request('GET', '/v1/events?sort=name&order=desc&limit=100', { key })
    expect(list.status).toBe(200)
    expect(list.body.data.map((e: { id: string }) => e.id)).toContain(id)
    expect(list.body.meta.total).toBe(list.body.data.length)
    const deleted = await api.request('DELETE', `/v1/events/${id}`, { key })
    expect(deleted.body).toEqual({ success: true, data: { id, deleted: true } })
    expect((await api.request('GET', `/v1/events/${id}`, { key })).status).toBe(404)
  })

  it('answers 400 when a PATCH would end the event before it starts, changing nothing', async () => {
    const { id } = (await api.request('POST', '/v1/events', { key, body: EVENT })).body.data
    const res = await api.request('PATCH', `/v1/events/${id}`, { key, body: { ends_at: '2026-01-01T00:00:00Z' } })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
    expect((await api.request('GET', `/v1/events/${id}`, { key })).body.data.ends_at).toBe('2026-06-02T16:00:00.000Z')
  })

  it('deletes the event’s speakers, sessions and tokens with it', async () => {
    const id = await api.newEvent(key)
    await api.request('POST', '/v1/speakers', { key, body: { event_id: id, email: 'a@example.com', name: 'A' } })
    await api.request('POST', '/v1/embed-tokens', { key, body: { eventId: id, name: 'T' } })
    await api.request('DELETE', `/v1/events/${id}`, { key })
    const left = await api.db.selectFrom('speakers').select('id').where('event_id', '=', id).execute()
    expect(left).toEqual([])
    expect((await api.request('GET', `/v1/speakers?event_id=${id}`, { key })).status).toBe(404)
  })
})
