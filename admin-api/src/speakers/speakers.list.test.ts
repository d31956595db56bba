import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../testing/test-api.ts'

describe.each(DIALECTS)('GET /speakers on %s', (dialect) => {
  let api: TestApi
  let key: string
  let eventId: string
  const list = (query: string) => api.request('GET', `/v1/speakers?event_id=${eventId}${query}`, { key })
  const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((s) => s.name)

  beforeAll(async () => {
    api = await startTestApi(dialect)
    ;({ key } = await api.newAccount())
    eventId = await api.newEvent(key)
    const speakers = [
      { email: 'ada@example.com', name: 'Ada Lovelace', company: 'Analytical', status: 'confirmed', tags: ['math', 'keynote'] },
      { email: 'alan@example.com', name: 'Alan Turing', company: 'Bletchley', status: 'accepted', tags: ['math'] },
      { email: 'grace@navy.mil', name: 'Grace Hopper', company: 'Navy', status: 'invited', tags: ['cobol'] },
      { email: 'edsger@example.com', name: 'Edsger Dijkstra', company: '100%_Pure\\Logic', status: 'declined', tags: [] },
      { email: 'barbara@example.com', name: 'Barbara Liskov', company: 'MIT', status: 'confirmed', tags: ['keynote'] },
    ]
    for (const s of speakers) {
      const res = await api.request('POST', '/v1/speakers', { key, body: { event_id: eventId, ...s } })
      if (res.status !== 201) throw new Error(res.text)
    }
    // A speaker of another event must never show up.
    const other = await api.newEvent(key)
    await api.request('POST', '/v1/speakers', { key, body: { event_id: other, email: 'ada@example.com', name: 'Ada Elsewhere' } })
  })
  afterAll(() => api.close())

  it('lists the event’s speakers oldest first with meta (default page 1, limit 20)', async () => {
    const res = await list('')
    expect(res.status).toBe(200)
    expect(names(res)).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'Edsger Dijkstra', 'Barbara Liskov'])
    expect(res.body.meta).toEqual({ page: 1, limit: 20, total: 5, totalPages: 1 })
  })

  it('paginates with exact meta', async () => {
    const res = await list('&limit=2&page=3')
    expect(names(res)).toEqual(['Barbara Liskov'])
    expect(res.body.meta).toEqual({ page: 3, limit: 2, total: 5, totalPages: 3 })
    const beyond = await list('&limit=2&page=9')
    expect(beyond.body.data).toEqual([])
    expect(beyond.body.meta.total).toBe(5)
  })

  it('filters by status', async () => {
    const res = await list('&status=confirmed')
    expect(names(res)).toEqual(['Ada Lovelace', 'Barbara Liskov'])
    expect(res.body.meta.total).toBe(2)
  })

  it('filters by any of the comma-separated tags', async () => {
    expect(names(await list('&tags=cobol,keynote'))).toEqual(['Ada Lovelace', 'Grace Hopper', 'Barbara Liskov'])
    expect(names(await list('&tags=math'))).toEqual(['Ada Lovelace', 'Alan Turing'])
    expect((await list('&tags=none')).body.meta.total).toBe(0)
  })

  it('searches name, email and company case-insensitively', async () => {
    expect(names(await list('&search=LOVE'))).toEqual(['Ada Lovelace'])
    expect(names(await list('&search=navy.mil'))).toEqual(['Grace Hopper'])
    expect(names(await list('&search=bletch'))).toEqual(['Alan Turing'])
  })

  it('treats %, _ and \\ in the search as plain characters', async () => {
    expect(names(await list(`&search=${encodeURIComponent('0%_p')}`))).toEqual(['Edsger Dijkstra'])
    expect(names(await list(`&search=${encodeURIComponent('%')}`))).toEqual(['Edsger Dijkstra'])
    expect(names(await list(`&search=${encodeURIComponent('e\\l')}`))).toEqual(['Edsger Dijkstra'])
    expect((await list(`&search=${encodeURIComponent('a_a')}`)).body.meta.total).toBe(0)
  })

  it('combines filters', async () => {
    const res = await list('&status=confirmed&tags=math&search=ada')
    expect(names(res)).toEqual(['Ada Lovelace'])
  })

  it.each([
    ['name', 'asc', ['Ada Lovelace', 'Alan Turing', 'Barbara Liskov', 'Edsger Dijkstra', 'Grace Hopper']],
    ['name', 'desc', ['Grace Hopper', 'Edsger Dijkstra', 'Barbara Liskov', 'Alan Turing', 'Ada Lovelace']],
    ['email', 'asc', ['Ada Lovelace', 'Alan Turing', 'Barbara Liskov', 'Edsger Dijkstra', 'Grace Hopper']],
    ['company', 'desc', ['Grace Hopper', 'Barbara Liskov', 'Alan Turing', 'Ada Lovelace', 'Edsger Dijkstra']],
  ])('sorts by %s %s', async (sort, order, expected) => {
    expect(names(await list(`&sort=${sort}&order=${order}`))).toEqual(expected)
  })

  it('sorts by status with a stable tiebreak on id', async () => {
    const a = await list('&sort=status&limit=100')
    const b = await list('&sort=status&limit=100')
    expect(names(a)).toEqual(names(b))
    const statuses = a.body.data.map((s: { status: string }) => s.status)
    expect(statuses).toEqual([...statuses].sort())
  })

  it.each([
    ['page 0', '&page=0', 'page'],
    ['a negative page', '&page=-1', 'page'],
    ['a page that is not a number', '&page=abc', 'page'],
    ['limit 0', '&limit=0', 'limit'],
    ['limit 1000', '&limit=1000', 'limit'],
    ['a fractional limit', '&limit=2.5', 'limit'],
    ['an unknown sort field', '&sort=password', 'sort'],
    ['an unknown order', '&order=sideways', 'order'],
    ['an unknown status', '&status=famous', 'status'],
    ['an unknown parameter', '&colour=red', 'colour'],
  ])('answers 400 VALIDATION_ERROR for %s', async (_, query, path) => {
    const res = await list(query)
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
    expect(res.body.error.details.fields.map((f: { path: string }) => f.path)).toContain(path)
  })

  it('answers 400 VALIDATION_ERROR for a missing or malformed event_id', async () => {
    for (const path of ['/v1/speakers', '/v1/speakers?event_id=123', "/v1/speakers?event_id=' OR 1=1 --"]) {
      const res = await api.request('GET', path, { key })
      expect(res.status).toBe(400)
      expect(res.body.error.code).toBe('VALIDATION_ERROR')
    }
  })

  it('answers 404 NOT_FOUND for an event that does not exist', async () => {
    const res = await api.request('GET', '/v1/speakers?event_id=00000000-0000-4000-8000-000000000000', { key })
    expect(res.status).toBe(404)
    expect(res.body.error.code).toBe('NOT_FOUND')
  })
})
