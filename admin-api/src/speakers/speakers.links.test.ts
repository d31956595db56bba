import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApiWithEvent, type TestApi } from '../testing/test-api.ts'

describe.each(DIALECTS)('speaker links on %s', (dialect) => {
  let api: TestApi, key: string, eventId: string
  beforeAll(async () => ({ api, key, eventId } = await startTestApiWithEvent(dialect)))
  afterAll(() => api.close())

  const upsert = (body: Record<string, unknown>) => api.request('POST', '/v1/speakers', { key, body: { event_id: eventId, ...body } })

  it('stores links in order, with a label or null, and shows them in every answer', async () => {
    const links = [
      { url: 'https://ada.example.com', label: 'Website' },
      { url: ' https://mastodon.example/@ada ', label: '' },
      { url: 'http://old.example/ada' },
    ]
    const res = await upsert({ email: 'ada@example.com', name: 'Ada', links })
    expect(res.status).toBe(201)
    const expected = [
      { url: 'https://ada.example.com', label: 'Website' },
      { url: 'https://mastodon.example/@ada', label: null },
      { url: 'http://old.example/ada', label: null },
    ]
    expect(res.body.data.links).toEqual(expected)
    expect((await api.request('GET', `/v1/speakers/${res.body.data.id}`, { key })).body.data.links).toEqual(expected)
    const list = await api.request('GET', `/v1/speakers?event_id=${eventId}&search=ada`, { key })
    expect(list.body.data[0].links).toEqual(expected)
  })

  it('keeps the links on an upsert without them, and replaces the whole list on PATCH', async () => {
    const created = await upsert({ email: 'grace@example.com', name: 'Grace', links: [{ url: 'https://grace.example' }] })
    const again = await upsert({ email: 'GRACE@example.com', name: 'Grace H.' })
    expect(again.status).toBe(200)
    expect(again.body.data.links).toEqual([{ url: 'https://grace.example', label: null }])
    const patched = await api.request('PATCH', `/v1/speakers/${created.body.data.id}`, {
      key,
      body: { links: [{ url: 'https://cobol.example', label: 'COBOL' }] },
    })
    expect(patched.body.data.links).toEqual([{ url: 'https://cobol.example', label: 'COBOL' }])
    const cleared = await api.request('PATCH', `/v1/speakers/${created.body.data.id}`, { key, body: { links: [] } })
    expect(cleared.body.data.links).toEqual([])
  })

  it('defaults to no links', async () => {
    expect((await upsert({ email: 'none@example.com', name: 'None' })).body.data.links).toEqual([])
  })

  it.each([
    ['a javascript: URL', [{ url: 'javascript:alert(1)' }], 'links.0.url'],
    ['a relative URL', [{ url: '/me' }], 'links.0.url'],
    ['a missing url', [{ label: 'Website' }], 'links.0.url'],
    ['a label of 51 characters', [{ url: 'https://a.example', label: 'x'.repeat(51) }], 'links.0.label'],
    ['an unknown field', [{ url: 'https://a.example', rel: 'me' }], 'links.0.rel'],
    ['11 links', Array.from({ length: 11 }, (_, i) => ({ url: `https://a.example/${i}` })), 'links'],
    ['a bare string', ['https://a.example'], 'links.0'],
  ])('answers %s with 400 VALIDATION_ERROR at its path, storing nothing', async (_, links, path) => {
    const res = await upsert({ email: 'bad@example.com', name: 'Bad', links })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
    expect(res.body.error.details.fields.map((f: { path: string }) => f.path)).toContain(path)
    const stored = await api.db.selectFrom('speakers').select('id').where('email', '=', 'bad@example.com').execute()
    expect(stored).toHaveLength(0)
  })

  it('accepts exactly 10 links and a label of 50 characters', async () => {
    const links = Array.from({ length: 10 }, (_, i) => ({ url: `https://a.example/${i}`, label: 'x'.repeat(50) }))
    const res = await upsert({ email: 'ten@example.com', name: 'Ten', links })
    expect(res.status).toBe(201)
    expect(res.body.data.links).toHaveLength(10)
  })
})
