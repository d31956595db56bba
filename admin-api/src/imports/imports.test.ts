import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { c3vocSchedule, type TestTalk } from '../testing/c3voc-schedule.ts'
import { startTestApi, type TestApi, type TestResponse } from '../testing/test-api.ts'
import { startWebhookReceiver } from '../testing/webhook-receiver.ts'
import { createImport, KEPT_IMPORTS } from './imports.service.ts'

const ADA = { guid: 'a0000000-0000-4000-8000-000000000001', name: 'Ada Lovelace', biography: 'Wrote the first program.' }
const GRACE = { guid: 'a0000000-0000-4000-8000-000000000002', name: 'Grace Hopper' }

const talks = (): TestTalk[] => [
  {
    guid: 'b0000000-0000-4000-8000-000000000001',
    title: 'Opening',
    start: '2026-06-01T10:00',
    duration: '00:30',
    room: 'Saal 1',
    track: 'Main',
    persons: [ADA],
  },
  {
    guid: 'b0000000-0000-4000-8000-000000000002',
    title: 'Compilers',
    start: '2026-06-01T11:00',
    duration: '01:00',
    room: 'Saal 2',
    persons: [GRACE, ADA],
  },
  {
    guid: 'b0000000-0000-4000-8000-000000000003',
    title: 'Closing',
    start: '2026-06-02T17:00',
    duration: '00:45',
    room: 'Saal 1',
    track: 'Main',
  },
]

describe.each(DIALECTS)('imports on %s', (dialect) => {
  let api: TestApi
  let key: string
  beforeAll(async () => {
    api = await startTestApi(dialect, { env: { WEBHOOK_ALLOW_PRIVATE: '1' } })
    ;({ key } = await api.newAccount())
  })
  afterAll(() => api.close())

  /** Placeholder dates, as an organiser makes an event before its schedule exists. */
  const newEvent = () => api.newEvent(key, { timezone: 'UTC', starts_at: '2026-01-01T09:00:00Z', ends_at: '2026-01-01T18:00:00Z' })

  /** Uploads `text` as a file; resolves to the import once it has finished. */
  async function upload(
    eventId: string,
    text: string,
    fields: Record<string, string> = {},
    name = 'schedule.json',
  ): Promise<TestResponse['body']['data']> {
    const form = new FormData()
    form.set('file', new Blob([text]), name)
    for (const [field, value] of Object.entries(fields)) form.set(field, value)
    const res = await fetch(`${api.url}/v1/events/${eventId}/imports`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
      body: form,
    })
    const body = await res.json()
    expect(res.status, JSON.stringify(body)).toBe(202)
    expect(res.headers.get('location')).toBe(`/v1/events/${eventId}/imports/${body.data.id}`)
    return finished(eventId, body.data.id)
  }

  /** Polls the import until it is done or failed. */
  async function finished(eventId: string, importId: string): Promise<TestResponse['body']['data']> {
    for (;;) {
      const res = await api.request('GET', `/v1/events/${eventId}/imports/${importId}`, { key })
      expect(res.status).toBe(200)
      if (res.body.data.status === 'done' || res.body.data.status === 'failed') return res.body.data
      await new Promise((resolve) => setImmediate(resolve))
    }
  }

  const sessionsOf = async (eventId: string) =>
    (await api.request('GET', `/v1/sessions?event_id=${eventId}&limit=100&sort=starts_at`, { key })).body.data as {
      id: string
      title: string
      starts_at: string
      room: string
      cancelled: boolean
      source: string
      source_id: string
      speakers: { id: string; name: string }[]
    }[]

  it('imports a c3voc schedule: sessions, speakers in order, rooms, tracks, time zone and days come across', async () => {
    const eventId = await newEvent()
    const done = await upload(eventId, c3vocSchedule(talks()))
    expect(done.status).toBe('done')
    expect(done.format).toBe('pretalx')
    expect(done.plan.created).toEqual({ sessions: 3, speakers: 2 })
    expect(done.plan.event.fields).toEqual(expect.arrayContaining(['timezone', 'starts_at', 'ends_at', 'rooms', 'tracks']))

    const sessions = await sessionsOf(eventId)
    expect(sessions.map((s) => [s.title, s.starts_at, s.room])).toEqual([
      ['Opening', '2026-06-01T08:00:00.000Z', 'Saal 1'],
      ['Compilers', '2026-06-01T09:00:00.000Z', 'Saal 2'],
      ['Closing', '2026-06-02T15:00:00.000Z', 'Saal 1'],
    ])
    expect(sessions[1]?.speakers.map((s) => s.name)).toEqual(['Grace Hopper', 'Ada Lovelace'])
    expect(sessions[0]).toMatchObject({ source: 'frab', source_id: 'b0000000-0000-4000-8000-000000000001', cancelled: false })
    const event = (await api.request('GET', `/v1/events/${eventId}`, { key })).body.data
    expect(event).toMatchObject({ timezone: 'Europe/Berlin', rooms: ['Saal 1', 'Saal 2'], tracks: ['Main'] })
    expect(event.starts_at).toBe('2026-06-01T06:00:00.000Z')
    expect(event.ends_at).toBe('2026-06-02T21:00:00.000Z')
  })

  it('a re-import updates in place, cancels what the source removed, and leaves hand-made sessions alone', async () => {
    const eventId = await newEvent()
    await upload(eventId, c3vocSchedule(talks()))
    const before = await sessionsOf(eventId)
    const handMade = await api.request('POST', '/v1/sessions', {
      key,
      body: { event_id: eventId, title: 'Lunch', starts_at: '2026-06-01T12:00:00+02:00', ends_at: '2026-06-01T13:00:00+02:00' },
    })
    expect(handMade.status).toBe(201)

    const [opening, compilers] = talks()
    const moved = [
      { ...(opening as TestTalk), start: '2026-06-01T10:30' },
      { ...(compilers as TestTalk), title: 'Compilers, revisited' },
    ]
    const dry = await upload(eventId, c3vocSchedule(moved), { dry_run: 'true' })
    expect(dry.plan).toMatchObject({ updated: { sessions: 2 }, cancelled: { sessions: 1 }, created: { sessions: 0, speakers: 0 } })
    expect(await sessionsOf(eventId)).toHaveLength(4) // the dry run wrote nothing
    expect((await sessionsOf(eventId)).find((s) => s.title === 'Opening')?.starts_at).toBe('2026-06-01T08:00:00.000Z')

    const done = await upload(eventId, c3vocSchedule(moved))
    expect(done.plan.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'updated', kind: 'session', title: 'Opening', fields: ['starts_at', 'ends_at'] }),
        expect.objectContaining({ action: 'updated', kind: 'session', title: 'Compilers, revisited', fields: ['title', 'description'] }),
        expect.objectContaining({ action: 'cancelled', kind: 'session', title: 'Closing' }),
      ]),
    )
    const after = await sessionsOf(eventId)
    // Same ids: updated in place.
    expect(
      after
        .filter((s) => s.source)
        .map((s) => s.id)
        .sort(),
    ).toEqual(before.map((s) => s.id).sort())
    expect(after.find((s) => s.title === 'Opening')?.starts_at).toBe('2026-06-01T08:30:00.000Z')
    expect(after.find((s) => s.title === 'Closing')?.cancelled).toBe(true)
    expect(after.find((s) => s.title === 'Lunch')).toMatchObject({ source: null, cancelled: false })

    const again = await upload(eventId, c3vocSchedule(moved))
    expect(again.plan).toMatchObject({ unchanged: { sessions: 2, speakers: 2 }, updated: { sessions: 0, speakers: 0 }, changes: [] })

    const deleted = await upload(eventId, c3vocSchedule(moved.slice(0, 1)), { removed: 'delete' })
    expect(deleted.plan).toMatchObject({ deleted: { sessions: 2, speakers: 1 } })
    expect((await sessionsOf(eventId)).map((s) => s.title).sort()).toEqual(['Lunch', 'Opening'])
  })

  it('an import’s changes are announced as any other change: one webhook per session it changed', async () => {
    const receiver = await startWebhookReceiver()
    try {
      const eventId = await newEvent()
      await upload(eventId, c3vocSchedule(talks()))
      const hook = await api.request('POST', '/v1/webhooks', {
        key,
        body: { url: `${receiver.url}/sessions`, events: ['session.updated'] },
      })
      expect(hook.status).toBe(201)
      receiver.secrets.set('/sessions', hook.body.data.secret)
      const [opening, compilers, closing] = talks() as [TestTalk, TestTalk, TestTalk]
      await upload(eventId, c3vocSchedule([{ ...opening, room: 'Saal 2' }, compilers, closing]))
      const delivery = await receiver.nth('/sessions', 0)
      expect(delivery.verified, delivery.verifyError).toBe(true)
      expect(delivery.payload.data.object).toMatchObject({ title: 'Opening', room: 'Saal 2', source: 'frab', source_id: opening.guid })
      const deliveries = await api.db.selectFrom('webhook_deliveries').select('type').where('webhook_id', '=', hook.body.data.id).execute()
      expect(deliveries).toEqual([{ type: 'session.updated' }])
    } finally {
      await receiver.close()
    }
  })

  it('a speaker made by hand is matched by email rather than made twice', async () => {
    const eventId = await newEvent()
    const sessionize = JSON.stringify({
      sessions: [
        {
          id: '101',
          title: 'Keynote',
          description: null,
          startsAt: '2026-06-01T09:00:00',
          endsAt: '2026-06-01T10:00:00',
          isServiceSession: false,
          isPlenumSession: true,
          speakers: ['s-1'],
          categoryItems: [],
          questionAnswers: [],
          roomId: 1,
          status: 'Accepted',
        },
      ],
      speakers: [
        {
          id: 's-1',
          firstName: 'Ada',
          lastName: 'Lovelace',
          fullName: 'Ada Lovelace',
          bio: 'Mathematician',
          tagLine: '',
          email: 'ada@example.com',
          profilePicture: null,
          links: [],
          sessions: [101],
          categoryItems: [],
          questionAnswers: [],
        },
      ],
      questions: [],
      categories: [],
      rooms: [{ id: 1, name: 'Main hall', sort: 0 }],
    })
    const mine = await api.request('POST', '/v1/speakers', { key, body: { event_id: eventId, email: 'ADA@example.com', name: 'Ada L.' } })
    expect(mine.status).toBe(201)
    const done = await upload(eventId, sessionize)
    expect(done.status, JSON.stringify(done.error)).toBe('done')
    expect(done.plan).toMatchObject({ created: { speakers: 0, sessions: 1 }, updated: { speakers: 1 } })
    const speaker = (await api.request('GET', `/v1/speakers/${mine.body.data.id}`, { key })).body.data
    expect(speaker).toMatchObject({ name: 'Ada Lovelace', source: 'sessionize', source_id: 's-1', email: 'ADA@example.com' })
  })

  it('imports from a URL the server fetches', async () => {
    const source = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(c3vocSchedule(talks()))
    })
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve))
    try {
      const eventId = await newEvent()
      const url = `http://127.0.0.1:${(source.address() as AddressInfo).port}/democon/schedule/export/schedule.json`
      const res = await api.request('POST', `/v1/events/${eventId}/imports`, { key, body: { url } })
      expect(res.status).toBe(202)
      expect(res.body.data).toMatchObject({ status: 'pending', trigger: 'url', source_name: url, dry_run: false, removed: 'cancel' })
      const done = await finished(eventId, res.body.data.id)
      expect(done).toMatchObject({ status: 'done', plan: { created: { sessions: 3, speakers: 2 } } })
    } finally {
      source.close()
    }
  })

  it(`keeps an event's last ${KEPT_IMPORTS} imports`, async () => {
    const eventId = await newEvent()
    const { accountId } = await api.db
      .selectFrom('events')
      .select('account_id as accountId')
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow()
    const request = { accountId, eventId, trigger: 'sync', sourceName: null, format: 'auto', dryRun: true, removed: 'cancel' } as const
    const first = await createImport(api.db, request)
    await api.db
      .updateTable('imports')
      .set({ status: 'done', created_at: new Date('2026-01-01T00:00:00Z') })
      .where('id', '=', first.id)
      .execute()
    for (let i = 1; i < KEPT_IMPORTS; i++) await createImport(api.db, request)
    const count = async () => (await api.db.selectFrom('imports').select('id').where('event_id', '=', eventId).execute()).length
    expect(await count()).toBe(KEPT_IMPORTS)
    await createImport(api.db, request)
    expect(await count()).toBe(KEPT_IMPORTS)
    expect(await api.db.selectFrom('imports').select('id').where('id', '=', first.id).executeTakeFirst()).toBeUndefined()
  })

  it('bad input fails the import with the place in the file, and writes nothing', async () => {
    const eventId = await newEvent()
    const notASchedule = await upload(eventId, 'hello, world', {}, 'notes.txt')
    expect(notASchedule).toMatchObject({ status: 'failed', error: { code: 'SOURCE_UNREADABLE' } })

    const broken = JSON.parse(c3vocSchedule(talks()))
    broken.schedule.conference.days[0].rooms['Saal 1'][0].date = 'next tuesday'
    const invalid = await upload(eventId, JSON.stringify(broken))
    expect(invalid).toMatchObject({ status: 'failed', error: { code: 'SOURCE_INVALID' } })
    expect(JSON.stringify(invalid.error.details.fields)).toContain('Saal 1')

    const outside = talks()
    ;(outside[0] as TestTalk).start = '2026-06-01T23:30'
    const late = await upload(eventId, c3vocSchedule(outside))
    expect(late).toMatchObject({ status: 'failed', error: { code: 'SOURCE_INVALID' } })
    expect(await sessionsOf(eventId)).toEqual([])
  })

  it('refuses a request it cannot take: no file, an unknown format, another account’s event, a file over 20 MiB', async () => {
    const eventId = await newEvent()
    const noFile = new FormData()
    noFile.set('dry_run', 'true')
    const res = await fetch(`${api.url}/v1/events/${eventId}/imports`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
      body: noFile,
    })
    expect(res.status).toBe(400)
    expect((await res.json()).error.details.fields[0].path).toBe('file')

    const badFormat = await api.request('POST', `/v1/events/${eventId}/imports`, {
      key,
      body: { url: 'https://example.org/s.json', format: 'ical' },
    })
    expect(badFormat.status).toBe(400)
    expect(badFormat.body.error.details.fields[0].path).toBe('format')

    const other = await api.newAccount()
    const hidden = await api.request('POST', `/v1/events/${eventId}/imports`, {
      key: other.key,
      body: { url: 'https://example.org/s.json' },
    })
    expect(hidden.status).toBe(404)

    const big = new FormData()
    big.set('file', new Blob([new Uint8Array(20 * 1024 * 1024 + 1)]), 'big.json')
    const tooBig = await fetch(`${api.url}/v1/events/${eventId}/imports`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
      body: big,
    })
    expect(tooBig.status).toBe(413)
    expect((await tooBig.json()).error.code).toBe('PAYLOAD_TOO_LARGE')
  })
})
