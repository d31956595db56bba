import { DIALECTS } from '@event-service/db/testing.ts'
import { hashSecret } from '@event-service/server-common'
import {
  c3vocJsonErrors,
  c3vocXmlErrors,
  sessionsOfC3vocJson,
  sessionsOfC3vocXml,
} from '@event-service/server-common/testing/c3voc-schedule.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertApiKey, startTestApi, type TestApi } from '../testing/test-api.ts'

const EMBED_URL = 'https://embed.example'

describe.each(DIALECTS)('GET /v1/events/{id}/export on %s', (dialect) => {
  let api: TestApi
  let key: string
  let eventId: string
  const ids: Record<string, string> = {}
  const exported = (format?: string, withKey = key, event = eventId) =>
    api.request('GET', `/v1/events/${event}/export${format === undefined ? '' : `?format=${format}`}`, { key: withKey })
  // As the database gives it, unconverted: a number on both dialects, or the exports' ids would not equal it.
  const numberOf = async (id: string) =>
    (await api.db.selectFrom('sessions').select('number').where('id', '=', id).executeTakeFirstOrThrow()).number

  beforeAll(async () => {
    api = await startTestApi(dialect, { env: { EMBED_PUBLIC_URL: EMBED_URL } })
    ;({ key } = await api.newAccount())
    eventId = await api.newEvent(key, {
      name: 'Schedule & <Exchange> Days',
      timezone: 'Europe/Berlin',
      venue: 'Spree Forum',
      starts_at: '2030-05-01T07:00:00Z',
      ends_at: '2030-05-02T16:00:00Z',
    })
    const speaker = async (body: Record<string, unknown>) => {
      const res = await api.request('POST', '/v1/speakers', { key, body: { event_id: eventId, ...body } })
      if (res.status !== 201) throw new Error(res.text)
      return res.body.data.id as string
    }
    ids.ada = await speaker({
      email: 'ada@example.com',
      name: 'Ada & <Lovelace>',
      bio: 'Writes *compilers* & [notes](https://notes.example)',
      links: [{ url: 'https://ada.example', label: 'Website' }, { url: 'https://social.example/@ada' }],
      status: 'confirmed',
    })
    // Not public on the embed API; the organiser's export has every assigned speaker.
    ids.ivy = await speaker({ email: 'ivy@example.com', name: 'Ivy Invited', status: 'invited' })
    await speaker({ email: 'nobody@example.com', name: 'Unassigned Speaker', status: 'confirmed' })
    const session = async (name: string, body: Record<string, unknown>) => {
      const res = await api.request('POST', '/v1/sessions', { key, body: { event_id: eventId, ...body } })
      if (res.status !== 201) throw new Error(res.text)
      ids[name] = res.body.data.id as string
    }
    await session('keynote', {
      title: 'Keynote: ünïcödé & <angle> brackets 🎤',
      description: 'Why *now* & <how>',
      starts_at: '2030-05-01T07:00:00Z',
      ends_at: '2030-05-01T08:00:00Z',
      room: 'Hall A',
      track: 'Main',
      format: 'Keynote',
      language: 'en',
      slides_url: 'https://slides.example/k',
      speaker_ids: [ids.ada, ids.ivy],
    })
    await session('workshop', { title: 'Workshop', starts_at: '2030-05-01T09:00:00Z', ends_at: '2030-05-01T11:00:00Z', room: 'Room B' })
    await session('cancelled', {
      title: 'Cancelled talk',
      starts_at: '2030-05-02T07:00:00Z',
      ends_at: '2030-05-02T08:00:00Z',
      room: 'Hall A',
      cancelled: true,
    })
    await session('dayTwo', { title: '基調講演', starts_at: '2030-05-02T08:00:00Z', ends_at: '2030-05-02T08:30:00Z', room: 'Room B' })
  })
  afterAll(() => api?.close())

  it('answers schedule.json (the default) that the c3voc JSON schema takes, with every assigned speaker', async () => {
    const res = await exported()
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="schedule_and_exchange_days-schedule.json"')
    expect(c3vocJsonErrors(res.text)).toEqual([])
    const sessions = sessionsOfC3vocJson(res.text)
    expect(sessions.map((s) => [s.guid, s.id, s.day, s.room, s.start, s.duration])).toEqual([
      [ids.keynote, await numberOf(ids.keynote as string), '2030-05-01', 'Hall A', '09:00', '01:00'],
      [ids.workshop, await numberOf(ids.workshop as string), '2030-05-01', 'Room B', '11:00', '02:00'],
      [ids.dayTwo, await numberOf(ids.dayTwo as string), '2030-05-02', 'Room B', '10:00', '00:30'],
    ])
    expect(sessions[0]).toMatchObject({
      title: 'Keynote: ünïcödé & <angle> brackets 🎤',
      type: 'Keynote',
      abstract: 'Why now & <how>',
      url: `${EMBED_URL}/v1/events/${eventId}/sessions/${ids.keynote}`,
      persons: [
        { guid: ids.ada, name: 'Ada & <Lovelace>' },
        { guid: ids.ivy, name: 'Ivy Invited' },
      ],
      links: [{ url: 'https://slides.example/k', title: 'Slides' }],
    })
    const ada = res.body.schedule.conference.days[0].rooms['Hall A'][0].persons[0]
    expect(ada).toEqual({
      guid: ids.ada,
      name: 'Ada & <Lovelace>',
      avatar: null,
      biography: 'Writes compilers & notes (https://notes.example)',
      links: [{ url: 'https://ada.example', title: 'Website' }, { url: 'https://social.example/@ada' }],
    })
    // Cancelled sessions have no place in the format; emails and unassigned speakers are not the schedule's.
    expect(res.text).not.toMatch(/Cancelled talk|@example\.com|Unassigned/)
  })

  it('answers schedule.xml that the c3voc XSD takes, saying what the JSON says', async () => {
    const res = await exported('xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="schedule_and_exchange_days-schedule.xml"')
    expect(await c3vocXmlErrors(res.text)).toEqual([])
    expect(res.text).toContain('<person guid="')
    expect(res.text).toContain('Ada &amp; &lt;Lovelace&gt;</person>')
    expect(sessionsOfC3vocXml(res.text)).toEqual(sessionsOfC3vocJson((await exported('json')).text))
  })

  it('is the embed server’s builder: the same bytes for the same data on each call', async () => {
    expect((await exported('xml')).text).toBe((await exported('xml')).text)
  })

  it('answers 400 VALIDATION_ERROR in the envelope for an unknown format', async () => {
    const res = await exported('ics')
    expect(res.status).toBe(400)
    expect(res.body.success).toBe(false)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
    expect(res.body.error.message).toContain('format')
  })

  it('answers 404 for an event of another account and 401 without a key, and serves a read-only key', async () => {
    const other = await api.newAccount()
    const res = await exported('json', other.key)
    expect(res.status).toBe(404)
    expect(res.body.error.code).toBe('NOT_FOUND')
    expect((await api.request('GET', `/v1/events/${eventId}/export`)).status).toBe(401)
    const account = (await api.db.selectFrom('events').select('account_id').where('id', '=', eventId).executeTakeFirstOrThrow()).account_id
    const readKey = await insertApiKey(api.db, account)
    await api.db.updateTable('api_keys').set({ scope: 'read' }).where('key_hash', '=', hashSecret(readKey)).execute()
    expect((await exported('xml', readKey)).status).toBe(200)
  })
})
