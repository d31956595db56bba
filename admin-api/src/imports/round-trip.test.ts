import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../testing/test-api.ts'

/** What an export must carry across for a session: everything the formats have a place for. */
interface SessionView {
  title: string
  starts_at: string
  ends_at: string
  room: string | null
  track: string | null
  language: string | null
  slides_url: string | null
  speakers: { name: string }[]
}

describe.each(DIALECTS)('export, then import, on %s', (dialect) => {
  let api: TestApi
  let key: string
  beforeAll(async () => {
    api = await startTestApi(dialect)
    ;({ key } = await api.newAccount())
  })
  afterAll(() => api.close())

  const post = async (path: string, body: Record<string, unknown>) => {
    const res = await api.request('POST', path, { key, body })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data.id as string
  }

  /** Two days in Lisbon, two rooms, speakers with links: the event the schedule leaves from. */
  async function original(): Promise<string> {
    const eventId = await api.newEvent(key, {
      timezone: 'Europe/Lisbon',
      starts_at: '2026-09-30T08:00:00+01:00',
      ends_at: '2026-10-01T18:00:00+01:00',
    })
    const ada = await post('/v1/speakers', {
      event_id: eventId,
      email: 'ada@example.com',
      name: 'Ada Okonkwo',
      bio: 'Builds design systems.',
      status: 'confirmed',
      links: [{ url: 'https://ada.example.com', label: 'Website' }],
    })
    const kofi = await post('/v1/speakers', { event_id: eventId, email: 'kofi@example.com', name: 'Kofi Mensah', status: 'accepted' })
    const session = (title: string, starts: string, ends: string, room: string, track: string | null, speakers: string[], extra = {}) =>
      post('/v1/sessions', { event_id: eventId, title, starts_at: starts, ends_at: ends, room, track, speaker_ids: speakers, ...extra })
    await session('Opening keynote', '2026-09-30T09:00:00+01:00', '2026-09-30T10:00:00+01:00', 'Hall A', 'Main stage', [ada, kofi], {
      language: 'en',
      slides_url: 'https://slides.example.com/keynote',
    })
    await session('Workshop: accessible components', '2026-09-30T13:00:00+01:00', '2026-09-30T15:30:00+01:00', 'Room 2', 'Workshops', [ada])
    await session('Panel: data pipelines', '2026-10-01T10:00:00+01:00', '2026-10-01T11:00:00+01:00', 'Hall A', null, [kofi], {
      language: 'pt-BR',
    })
    return eventId
  }

  const sessionsOf = async (eventId: string): Promise<SessionView[]> =>
    (await api.request('GET', `/v1/sessions?event_id=${eventId}&sort=starts_at&limit=100`, { key })).body.data.map((s: SessionView) => ({
      title: s.title,
      starts_at: s.starts_at,
      ends_at: s.ends_at,
      room: s.room,
      track: s.track,
      language: s.language,
      slides_url: s.slides_url,
      speakers: s.speakers.map((p) => ({ name: p.name })),
    }))

  const speakersOf = async (eventId: string) =>
    (await api.request('GET', `/v1/speakers?event_id=${eventId}&sort=name&limit=100`, { key })).body.data.map(
      (s: { name: string; bio: string | null; links: unknown[] }) => ({ name: s.name, bio: s.bio, links: s.links }),
    )

  /** Uploads `text` into the event; resolves to the import once it has finished. */
  async function importInto(eventId: string, name: string, text: string) {
    const form = new FormData()
    form.set('file', new Blob([text]), name)
    const accepted = await fetch(`${api.url}/v1/events/${eventId}/imports`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
      body: form,
    })
    expect(accepted.status).toBe(202)
    const importId = (await accepted.json()).data.id
    let result: { status: string; error: unknown; format: string; plan: Record<string, unknown> }
    do {
      result = (await api.request('GET', `/v1/events/${eventId}/imports/${importId}`, { key })).body.data
      await new Promise((resolve) => setImmediate(resolve))
    } while (result.status === 'pending' || result.status === 'running')
    return result
  }

  for (const format of ['json', 'xml'] as const) {
    it(`an event exported as schedule.${format} and imported into a new event has the same sessions, speakers, rooms and times`, async () => {
      const from = await original()
      const exported = await api.request('GET', `/v1/events/${from}/export?format=${format}`, { key })
      expect(exported.status).toBe(200)

      const to = await api.newEvent(key, { timezone: 'UTC', starts_at: '2026-01-01T09:00:00Z', ends_at: '2026-01-01T18:00:00Z' })
      const result = await importInto(to, `schedule.${format}`, exported.text)
      expect(result.error).toBeNull()
      expect(result.format).toBe(`frab-${format}`)

      expect(await sessionsOf(to)).toEqual(await sessionsOf(from))
      // The XSD's <person> holds a name only: biographies and links travel in schedule.json.
      const carried = (list: { name: string }[]) => (format === 'json' ? list : list.map((s) => ({ name: s.name, bio: null, links: [] })))
      expect(await speakersOf(to)).toEqual(carried(await speakersOf(from)))
      const [source, copy] = await Promise.all(
        [from, to].map(async (id) => (await api.request('GET', `/v1/events/${id}`, { key })).body.data),
      )
      expect(copy.timezone).toBe(source.timezone)
      expect(copy.rooms).toEqual(['Hall A', 'Room 2'])
      expect(copy.tracks).toEqual(expect.arrayContaining(['Main stage', 'Workshops']))
    })
  }

  it('the same schedule read as schedule.xml after schedule.json changes nothing, biographies and links included', async () => {
    const from = await original()
    const [json, xml] = await Promise.all(
      ['json', 'xml'].map(async (f) => (await api.request('GET', `/v1/events/${from}/export?format=${f}`, { key })).text),
    )
    const to = await api.newEvent(key, { timezone: 'UTC', starts_at: '2026-01-01T09:00:00Z', ends_at: '2026-01-01T18:00:00Z' })
    expect((await importInto(to, 'schedule.json', json as string)).error).toBeNull()
    const again = await importInto(to, 'schedule.xml', xml as string)
    expect(again.plan).toMatchObject({ unchanged: { sessions: 3, speakers: 2 }, updated: { sessions: 0, speakers: 0 }, changes: [] })
    expect(await speakersOf(to)).toEqual(await speakersOf(from))
  })
})
