import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../testing/test-api.ts'

describe.each(DIALECTS)('sessions on %s', (dialect) => {
  let api: TestApi
  let key: string
  let eventId: string
  let ada: string
  let alan: string
  beforeAll(async () => {
    api = await startTestApi(dialect)
    ;({ key } = await api.newAccount())
    eventId = await api.newEvent(key)
    const mk = async (email: string, name: string) =>
      (await api.request('POST', '/v1/speakers', { key, body: { event_id: eventId, email, name, status: 'confirmed' } })).body.data
        .id as string
    ada = await mk('ada@example.com', 'Ada')
    alan = await mk('alan@example.com', 'Alan')
  })
  afterAll(() => api.close())

  const session = (extra: Record<string, unknown> = {}) => ({
    event_id: eventId,
    title: 'Opening',
    starts_at: '2026-06-01T09:00:00Z',
    ends_at: '2026-06-01T10:00:00Z',
    track: 'Main',
    room: 'A',
    ...extra,
  })

  it('creates a session with its speakers in the given order', async () => {
    const res = await api.request('POST', '/v1/sessions', { key, body: session({ speaker_ids: [alan, ada] }) })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ title: 'Opening', track: 'Main', room: 'A' })
    expect(res.body.data.speakers.map((s: { name: string }) => s.name)).toEqual(['Alan', 'Ada'])
    expect(res.body.data.speakers[0]).not.toHaveProperty('email')
  })

  it('answers 404 NOT_FOUND for a speaker of another event, creating nothing', async () => {
    const otherEvent = await api.newEvent(key)
    const stranger = (await api.request('POST', '/v1/speakers', { key, body: { event_id: otherEvent, email: 's@example.com', name: 'S' } }))
      .body.data.id
    const before = await api.db.selectFrom('sessions').select('id').where('event_id', '=', eventId).execute()
    const res = await api.request('POST', '/v1/sessions', { key, body: session({ title: 'Bad', speaker_ids: [ada, stranger] }) })
    expect(res.status).toBe(404)
    expect(res.body.error.code).toBe('NOT_FOUND')
    const after = await api.db.selectFrom('sessions').select('id').where('event_id', '=', eventId).execute()
    expect(after).toHaveLength(before.length)
  })

  it('lists an event’s sessions by start time with their speakers', async () => {
    const e = await api.newEvent(key)
    const s1 = (await api.request('POST', '/v1/speakers', { key, body: { event_id: e, email: 'x@example.com', name: 'X' } })).body.data.id
    await api.request('POST', '/v1/sessions', {
      key,
      body: session({ event_id: e, title: 'Late', starts_at: '2026-06-01T15:00:00Z', ends_at: '2026-06-01T16:00:00Z' }),
    })
    await api.request('POST', '/v1/sessions', { key, body: session({ event_id: e, title: 'Early', speaker_ids: [s1], track: 'Side' }) })
    const res = await api.request('GET', `/v1/sessions?event_id=${e}`, { key })
    expect(res.status).toBe(200)
    expect(res.body.data.map((s: { title: string }) => s.title)).toEqual(['Early', 'Late'])
    expect(res.body.data[0].speakers.map((s: { id: string }) => s.id)).toEqual([s1])
    expect(res.body.meta).toEqual({ page: 1, limit: 20, total: 2, totalPages: 1 })
    const side = await api.request('GET', `/v1/sessions?event_id=${e}&track=Side`, { key })
    expect(side.body.data.map((s: { title: string }) => s.title)).toEqual(['Early'])
  })

  it('patches fields and replaces the speaker list; an empty body changes nothing', async () => {
    const created = (await api.request('POST', '/v1/sessions', { key, body: session({ speaker_ids: [ada] }) })).body.data
    const noop = await api.request('PATCH', `/v1/sessions/${created.id}`, { key, body: {} })
    expect(noop.body.data.updated_at).toBe(created.updated_at)
    const res = await api.request('PATCH', `/v1/sessions/${created.id}`, { key, body: { title: 'Renamed', speaker_ids: [alan] } })
    expect(res.status).toBe(200)
    expect(res.body.data.title).toBe('Renamed')
    expect(res.body.data.speakers.map((s: { id: string }) => s.id)).toEqual([alan])
    const cleared = await api.request('PATCH', `/v1/sessions/${created.id}`, { key, body: { speaker_ids: [] } })
    expect(cleared.body.data.speakers).toEqual([])
  })

  it.each([
    ['ends before it starts', { ends_at: '2026-06-01T08:00:00Z' }, 'ends_at'],
    [
      'a speaker listed twice',
      { speaker_ids: ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000001'] },
      'speaker_ids',
    ],
    ['a malformed speaker id', { speaker_ids: ['nope'] }, 'speaker_ids.0'],
    ['an empty title', { title: ' ' }, 'title'],
  ])('answers 400 VALIDATION_ERROR for %s', async (_, patch, path) => {
    const res = await api.request('POST', '/v1/sessions', { key, body: session(patch) })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
    expect(res.body.error.details.fields.map((f: { path: string }) => f.path)).toContain(path)
  })

  it('answers 400 when a PATCH would end the session before it starts', async () => {
    const { id } = (await api.request('POST', '/v1/sessions', { key, body: session() })).body.data
    const res = await api.request('PATCH', `/v1/sessions/${id}`, { key, body: { starts_at: '2026-06-01T11:00:00Z' } })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
  })

  it('deletes a session: {id, deleted: true}, then 404', async () => {
    const { id } = (await api.request('POST', '/v1/sessions', { key, body: session({ speaker_ids: [ada] }) })).body.data
    const res = await api.request('DELETE', `/v1/sessions/${id}`, { key })
    expect(res.body).toEqual({ success: true, data: { id, deleted: true } })
    expect((await api.request('GET', `/v1/sessions/${id}`, { key })).status).toBe(404)
    expect((await api.request('GET', `/v1/speakers/${ada}`, { key })).status).toBe(200)
  })
})
