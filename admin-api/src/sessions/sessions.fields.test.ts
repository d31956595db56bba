import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApiWithEvent, type TestApi } from '../testing/test-api.ts'

/** The optional fields schedules show: format, level, language, tags, slides and recording. */
describe.each(DIALECTS)('session fields and filters on %s', (dialect) => {
  let api: TestApi, key: string, eventId: string
  beforeAll(async () => ({ api, key, eventId } = await startTestApiWithEvent(dialect)))
  afterAll(() => api.close())

  const create = (extra: Record<string, unknown>) =>
    api.request('POST', '/v1/sessions', {
      key,
      body: { event_id: eventId, title: 'T', starts_at: '2026-06-01T09:00:00Z', ends_at: '2026-06-01T10:00:00Z', ...extra },
    })

  it('creates a session with every field, the language in its canonical spelling and tags deduplicated', async () => {
    const res = await create({
      title: 'Hands-on Rust',
      format: ' Workshop ',
      level: 'beginner',
      language: 'pt-br',
      tags: ['rust', ' hands-on ', 'rust'],
      slides_url: 'https://slides.example/rust',
      recording_url: 'https://video.example/rust',
    })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({
      format: 'Workshop',
      level: 'beginner',
      language: 'pt-BR',
      tags: ['rust', 'hands-on'],
      slides_url: 'https://slides.example/rust',
      recording_url: 'https://video.example/rust',
    })
  })

  it('defaults every new field to null (tags to an empty list)', async () => {
    const res = await create({ title: 'Plain' })
    expect(res.body.data).toMatchObject({ format: null, level: null, language: null, tags: [], slides_url: null, recording_url: null })
  })

  it('is not cancelled unless told, cancels and restores with PATCH, and refuses a cancelled that is not a boolean', async () => {
    const created = await create({ title: 'Maybe' })
    expect(created.body.data.cancelled).toBe(false)
    const id = created.body.data.id
    const cancelled = await api.request('PATCH', `/v1/sessions/${id}`, { key, body: { cancelled: true } })
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.data.cancelled).toBe(true)
    expect((await api.request('GET', `/v1/sessions/${id}`, { key })).body.data.cancelled).toBe(true)
    expect((await api.request('PATCH', `/v1/sessions/${id}`, { key, body: { cancelled: false } })).body.data.cancelled).toBe(false)
    const bad = await api.request('PATCH', `/v1/sessions/${id}`, { key, body: { cancelled: 'yes' } })
    expect(bad.status).toBe(400)
    expect(bad.body.error.code).toBe('VALIDATION_ERROR')
    expect(bad.body.error.details.fields[0].path).toBe('cancelled')
    expect((await create({ title: 'Called off', cancelled: true })).body.data.cancelled).toBe(true)
  })

  it('patches the fields, and clears them with null (format also with "")', async () => {
    const id = (await create({ title: 'Patch me', format: 'Talk', level: 'advanced', language: 'de', slides_url: 'https://s.example' }))
      .body.data.id
    const patched = await api.request('PATCH', `/v1/sessions/${id}`, { key, body: { language: 'en', tags: ['ai'], level: 'intermediate' } })
    expect(patched.body.data).toMatchObject({
      format: 'Talk',
      language: 'en',
      tags: ['ai'],
      level: 'intermediate',
      slides_url: 'https://s.example',
    })
    const cleared = await api.request('PATCH', `/v1/sessions/${id}`, {
      key,
      body: { format: '', level: null, language: null, slides_url: null, recording_url: null, tags: [] },
    })
    expect(cleared.body.data).toMatchObject({ format: null, level: null, language: null, slides_url: null, recording_url: null, tags: [] })
  })

  it.each([
    ['an unknown language', { language: 'xx' }, 'language'],
    ['a language name', { language: 'English' }, 'language'],
    ['an underscore tag', { language: 'en_US' }, 'language'],
    ['a level outside the list', { level: 'expert' }, 'level'],
    ['a format of 101 characters', { format: 'x'.repeat(101) }, 'format'],
    ['a tag with a comma', { tags: ['a,b'] }, 'tags.0'],
    ['51 tags', { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, 'tags'],
    ['a tag of 51 characters', { tags: ['x'.repeat(51)] }, 'tags.0'],
    ['slides on ftp', { slides_url: 'ftp://s.example/a.pdf' }, 'slides_url'],
    ['a recording that is not a URL', { recording_url: 'soon' }, 'recording_url'],
  ])('answers %s with 400 VALIDATION_ERROR at its path', async (_, extra, path) => {
    const res = await create(extra)
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
    expect(res.body.error.details.fields.map((f: { path: string }) => f.path)).toContain(path)
  })

  describe('filters of GET /sessions', () => {
    let filterEvent: string
    const titles = async (query: string) => {
      const res = await api.request('GET', `/v1/sessions?event_id=${filterEvent}&${query}`, { key })
      expect(res.status).toBe(200)
      expect(res.body.meta.total).toBe(res.body.data.length)
      return res.body.data.map((s: { title: string }) => s.title).sort()
    }
    beforeAll(async () => {
      filterEvent = await api.newEvent(key)
      const mk = (title: string, extra: Record<string, unknown>) =>
        api.request('POST', '/v1/sessions', {
          key,
          body: { event_id: filterEvent, title, starts_at: '2026-06-01T09:00:00Z', ends_at: '2026-06-01T10:00:00Z', ...extra },
        })
      await mk('Portuguese (Brazil)', { language: 'pt-BR', tags: ['ai', 'web'], format: 'Talk', level: 'beginner', room: 'A' })
      await mk('Portuguese', { language: 'pt', tags: ['web'], format: 'Workshop', level: 'advanced', room: 'B' })
      await mk('English', { language: 'en', tags: ['ai'], format: 'Talk', room: 'A' })
      await mk('Ptolemy', { language: 'pl', tags: [] })
    })

    it('by language, with its variants (RFC 4647 basic filtering)', async () => {
      expect(await titles('language=pt')).toEqual(['Portuguese', 'Portuguese (Brazil)'])
      expect(await titles('language=pt-br')).toEqual(['Portuguese (Brazil)'])
      expect(await titles('language=en')).toEqual(['English'])
    })

    it('by any of several tags', async () => {
      expect(await titles('tags=ai')).toEqual(['English', 'Portuguese (Brazil)'])
      expect(await titles('tags=web,ai')).toEqual(['English', 'Portuguese', 'Portuguese (Brazil)'])
    })

    it('by format, level and room, combined', async () => {
      expect(await titles('format=Talk')).toEqual(['English', 'Portuguese (Brazil)'])
      expect(await titles('level=advanced')).toEqual(['Portuguese'])
      expect(await titles('room=A&tags=web')).toEqual(['Portuguese (Brazil)'])
    })

    it('refuses a malformed language or level with 400', async () => {
      for (const query of ['language=nope!', 'level=expert']) {
        const res = await api.request('GET', `/v1/sessions?event_id=${filterEvent}&${query}`, { key })
        expect(res.status).toBe(400)
        expect(res.body.error.code).toBe('VALIDATION_ERROR')
      }
    })
  })

  it('counts changes of a session in its iCalendar sequence, not writes that change nothing', async () => {
    const id = (await create({ title: 'Counted' })).body.data.id
    const sequence = async () =>
      (await api.db.selectFrom('sessions').select('sequence').where('id', '=', id).executeTakeFirstOrThrow()).sequence
    expect(await sequence()).toBe(0)
    await api.request('PATCH', `/v1/sessions/${id}`, { key, body: { room: 'Hall B' } })
    expect(await sequence()).toBe(1)
    await api.request('PATCH', `/v1/sessions/${id}`, { key, body: { room: 'Hall B' } })
    expect(await sequence()).toBe(1)
    await api.request('PATCH', `/v1/sessions/${id}`, { key, body: { starts_at: '2026-06-01T09:30:00Z', title: 'Counted twice' } })
    expect(await sequence()).toBe(2)
  })
})
