import type { DbHandle } from '@event-service/db'
import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  embedFetch,
  seedSession,
  seedSpeaker,
  seedToken,
  type TestEmbedServer,
  startEmbedTestBed,
  stopEmbedTestBed,
  type SeededEvent,
} from '../testing/embed-fixtures.ts'

/** Speaker links and the session fields schedules show, as the embed API presents them. */
describe.each(DIALECTS)('public speaker links and session fields on %s', (dialect) => {
  let dbHandle: DbHandle
  let server: TestEmbedServer
  let ev: SeededEvent
  let base: string
  let token: string
  let ada: string
  let talk: string
  const read = async (path: string) => {
    const res = await embedFetch(server.url, `${base}${path}`, token, 'query')
    expect(res.status).toBe(200)
    return ((await res.json()) as { data: any }).data
  }

  beforeAll(async () => {
    ;({ dbHandle, server, ev } = await startEmbedTestBed(dialect))
    base = `/v1/events/${ev.eventId}`
    ada = await seedSpeaker(dbHandle.db, ev, 'Ada Public', 'confirmed')
    // Written around the admin API, as a seed or a manual fix could: only web links are public.
    const links = [
      { url: 'https://ada.example', label: 'Website' },
      { url: 'javascript:alert(1)', label: 'Evil' },
      { url: 'https://mastodon.example/@ada', label: null },
      { url: 'not a url' },
    ]
    await dbHandle.db
      .updateTable('speakers')
      .set({ links: JSON.stringify(links) })
      .where('id', '=', ada)
      .execute()
    talk = await seedSession(dbHandle.db, ev, {
      title: 'Rust',
      startsAt: '2030-05-01T07:00:00Z',
      speakerIds: [ada],
      more: {
        format: 'Workshop',
        level: 'beginner',
        language: 'pt-BR',
        tags: ['rust', 'hands-on'],
        slides_url: 'https://s.example',
        recording_url: 'https://r.example',
      },
    })
    await seedSession(dbHandle.db, ev, { title: 'Kotlin', startsAt: '2030-05-01T09:00:00Z', more: { language: 'pt', tags: ['jvm'] } })
    await seedSession(dbHandle.db, ev, { title: 'Lunch', startsAt: '2030-05-01T11:00:00Z' })
    ;({ token } = await seedToken(dbHandle.db, ev))
  })
  afterAll(() => stopEmbedTestBed(server, dbHandle))

  const sessionFields = {
    format: 'Workshop',
    level: 'beginner',
    language: 'pt-BR',
    tags: ['rust', 'hands-on'],
    slides_url: 'https://s.example',
    recording_url: 'https://r.example',
  }

  it('shows a speaker’s web links in order, in the list and alone, never another scheme', async () => {
    const expected = [
      { url: 'https://ada.example', label: 'Website' },
      { url: 'https://mastodon.example/@ada', label: null },
    ]
    expect((await read('/speakers'))[0].links).toEqual(expected)
    expect((await read(`/speakers/${ada}`)).links).toEqual(expected)
  })

  it('keeps links out of the speaker inside a session (the profile has them)', async () => {
    expect(Object.keys((await read(`/sessions/${talk}`)).speakers[0]).sort()).toEqual(['company', 'id', 'name', 'photo_url', 'title'])
  })

  it('shows format, level, language, tags, slides and recording of a session', async () => {
    expect(await read(`/sessions/${talk}`)).toMatchObject(sessionFields)
    expect((await read('/sessions'))[0]).toMatchObject(sessionFields)
  })

  it('filters the session list by tag and by language with its variants, past the hot path', async () => {
    const titles = async (query: string) => (await read(`/sessions?${query}`)).map((s: { title: string }) => s.title)
    // First the unfiltered list, which the hot path then answers from its cache: a filter must still apply.
    expect(await titles('')).toEqual(['Rust', 'Kotlin', 'Lunch'])
    expect(await titles('tag=rust')).toEqual(['Rust'])
    expect(await titles('tag=jvm&language=pt')).toEqual(['Kotlin'])
    expect(await titles('language=pt')).toEqual(['Rust', 'Kotlin'])
    expect(await titles('language=PT-br')).toEqual(['Rust'])
    expect(await titles('language=de')).toEqual([])
    expect(await titles('tag=Rust')).toEqual([])
  })

  it('answers a malformed language filter 400 VALIDATION_ERROR', async () => {
    const res = await embedFetch(server.url, `${base}/sessions?language=${encodeURIComponent('en_US')}`, token, 'query')
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: { code: string; details: { fields: unknown[] } } }
    expect(body.error.details.fields).toEqual([
      { path: 'language', message: 'language must be a BCP 47 language tag such as en, de or pt-BR' },
    ])
  })

  it('shows format, level and language of the sessions inside a speaker', async () => {
    const [session] = (await read(`/speakers/${ada}`)).sessions
    expect(session).toEqual({
      id: talk,
      title: 'Rust',
      starts_at: '2030-05-01T07:00:00.000Z',
      ends_at: '2030-05-01T07:45:00.000Z',
      track: null,
      room: null,
      format: 'Workshop',
      level: 'beginner',
      language: 'pt-BR',
    })
  })
})
