import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApiWithEvent, type TestApi } from '../testing/test-api.ts'

describe.each(DIALECTS)('POST /speakers (upsert) on %s', (dialect) => {
  let api: TestApi, key: string, eventId: string
  beforeAll(async () => ({ api, key, eventId } = await startTestApiWithEvent(dialect)))
  afterAll(() => api.close())

  const upsert = (body: Record<string, unknown>) => api.request('POST', '/v1/speakers', { key, body: { event_id: eventId, ...body } })

  it('creates a speaker: 201 with every documented field and status invited', async () => {
    const res = await upsert({
      email: 'grace@example.com',
      name: 'Grace Hopper',
      company: 'Navy',
      tags: ['cobol'],
      photo_url: 'https://example.com/g.jpg',
    })
    expect(res.status).toBe(201)
    expect(res.body.success).toBe(true)
    expect(Object.keys(res.body.data).sort()).toEqual(
      [
        'bio',
        'company',
        'created_at',
        'email',
        'event_id',
        'id',
        'links',
        'name',
        'photo_url',
        'source',
        'source_id',
        'status',
        'tags',
        'title',
        'updated_at',
      ].sort(),
    )
    expect(res.body.data).toMatchObject({
      event_id: eventId,
      email: 'grace@example.com',
      status: 'invited',
      source: null,
      source_id: null,
      tags: ['cobol'],
      title: null,
      links: [],
    })
  })

  it('updates the speaker with the same email compared case-insensitively: 200, same id, absent fields kept', async () => {
    const first = await upsert({ email: 'Linus@Example.com', name: 'Linus', company: 'OSDL', status: 'accepted' })
    const second = await upsert({ email: 'linus@example.COM', name: 'Linus Torvalds', bio: 'Kernel' })
    expect(first.status).toBe(201)
    expect(second.status).toBe(200)
    expect(second.body.data).toMatchObject({
      id: first.body.data.id,
      name: 'Linus Torvalds',
      company: 'OSDL',
      status: 'accepted',
      bio: 'Kernel',
    })
    const count = await api.db
      .selectFrom('speakers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event_id', '=', eventId)
      .where('name', 'like', 'Linus%')
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(1)
  })

  it('leaves one speaker after 20 concurrent upserts of one email, none failing', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => upsert({ email: 'race@example.com', name: `Racer ${i}` })))
    expect(results.map((r) => r.status).sort()).toEqual([...Array(19).fill(200), 201])
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1)
    const rows = await api.db
      .selectFrom('speakers')
      .select('id')
      .where('event_id', '=', eventId)
      .where('email', '=', 'race@example.com')
      .execute()
    expect(rows).toHaveLength(1)
  })

  it('keeps one email per event, not per account: the same email in another event is another speaker', async () => {
    const otherEvent = await api.newEvent(key)
    const a = await upsert({ email: 'twice@example.com', name: 'A' })
    const b = await api.request('POST', '/v1/speakers', { key, body: { event_id: otherEvent, email: 'twice@example.com', name: 'B' } })
    expect(a.status).toBe(201)
    expect(b.status).toBe(201)
    expect(b.body.data.id).not.toBe(a.body.data.id)
  })

  it('answers 404 NOT_FOUND for an event that does not exist', async () => {
    const res = await api.request('POST', '/v1/speakers', {
      key,
      body: { event_id: '00000000-0000-4000-8000-000000000000', email: 'x@example.com', name: 'X' },
    })
    expect(res.status).toBe(404)
    expect(res.body.error.code).toBe('NOT_FOUND')
  })

  it.each([
    ['a missing email', { name: 'N' }, 'email'],
    ['a malformed email', { email: 'not-an-email', name: 'N' }, 'email'],
    ['an empty name', { email: 'e@example.com', name: '' }, 'name'],
    ['a name of 201 characters', { email: 'e@example.com', name: 'x'.repeat(201) }, 'name'],
    ['an unknown status', { email: 'e@example.com', name: 'N', status: 'famous' }, 'status'],
    ['a wrong type', { email: 'e@example.com', name: 42 }, 'name'],
    ['an unknown field', { email: 'e@example.com', name: 'N', admin: true }, 'admin'],
    ['a NUL character', { email: 'e@example.com', name: 'A\u0000B' }, 'name'],
    ['a photo_url that is not http(s)', { email: 'e@example.com', name: 'N', photo_url: 'javascript:alert(1)' }, 'photo_url'],
    ['51 tags', { email: 'e@example.com', name: 'N', tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, 'tags'],
    ['a bio over 10,000 characters', { email: 'e@example.com', name: 'N', bio: 'b'.repeat(10_001) }, 'bio'],
  ])('answers 400 VALIDATION_ERROR for %s, storing nothing', async (_, body, path) => {
    const before = await api.db
      .selectFrom('speakers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const res = await upsert(body)
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
    expect(res.body.error.details.fields.map((f: { path: string }) => f.path)).toContain(path)
    const after = await api.db
      .selectFrom('speakers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
  })

  it('stores SQL- and script-looking strings and unicode verbatim', async () => {
    const name = "Robert'); DROP TABLE speakers;-- <script>alert(1)</script> 李小龍 🎤"
    const res = await upsert({ email: 'bobby@example.com', name, company: '%_\\' })
    expect(res.status).toBe(201)
    const again = await api.request('GET', `/v1/speakers/${res.body.data.id}`, { key })
    expect(again.body.data.name).toBe(name)
    expect(again.body.data.company).toBe('%_\\')
  })
})
