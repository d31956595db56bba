import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestApi, type TestApi } from '../testing/test-api.ts'
import { type ScheduleSource, type SourceSession, startScheduleSource } from './schedule-source.ts'

const TALK: SourceSession = {
  guid: '11111111-1111-4111-8111-111111111111',
  title: 'Opening',
  date: '2026-06-01T10:00:00+00:00',
  duration: '00:30',
  room: 'Saal 1',
  speaker: 'Ada Lovelace',
}
const WORKSHOP: SourceSession = {
  guid: '22222222-2222-4222-8222-222222222222',
  title: 'Soldering',
  date: '2026-06-01T11:00:00+00:00',
  duration: '01:00',
  room: 'Saal 2',
  speaker: 'Grace Hopper',
}

/** How long a test waits for a sync a worker runs before it fails (a deadline, never a wait). */
const SYNC_DEADLINE_MS = 20_000

describe.each(DIALECTS)('syncing an event with its source on %s', (dialect) => {
  let api: TestApi
  let key: string
  let source: ScheduleSource

  beforeAll(async () => {
    source = await startScheduleSource()
    source.publish([TALK, WORKSHOP])
    api = await startTestApi(dialect, { env: { WEBHOOK_ALLOW_PRIVATE: '1', SOURCE_FETCH_TIMEOUT: '2s' } })
    ;({ key } = await api.newAccount())
  })
  afterAll(async () => {
    await api.close()
    await source.close()
  })

  const getEvent = async (eventId: string) => (await api.request('GET', `/v1/events/${eventId}`, { key })).body.data
  const sessionsOf = async (eventId: string) =>
    (await api.request('GET', `/v1/sessions?event_id=${eventId}&limit=100`, { key })).body.data as {
      id: string
      title: string
      starts_at: string
      room: string | null
      source_id: string | null
    }[]

  /** Waits until the event's sync has run after `since` (its `last_run_at` moved on); resolves to its status. */
  const syncedAfter = (eventId: string, since: string | null) =>
    vi.waitFor(
      async () => {
        const status = (await getEvent(eventId)).sync_status
        if (!status?.last_run_at || status.last_run_at === since) throw new Error('not synced yet')
        return status
      },
      { timeout: SYNC_DEADLINE_MS, interval: 50 },
    )

  /** Asks for a sync now and waits for it. */
  const syncNow = async (eventId: string) => {
    const before = (await getEvent(eventId)).sync_status.last_run_at
    const res = await api.request('POST', `/v1/events/${eventId}/sync`, { key })
    expect(res.status).toBe(202)
    return syncedAfter(eventId, before)
  }

  /** A new event following `path` of the source; resolves once its first sync (run at once) has ended. */
  const followingEvent = async (path: string, sync: Record<string, unknown> = {}) => {
    const eventId = await api.newEvent(key, { sync: { url: `${source.origin}${path}`, ...sync } })
    return { eventId, status: await syncedAfter(eventId, null) }
  }

  it('imports the source at once, answers 304 with not_modified, and updates moved and renamed sessions in place', async () => {
    const { eventId, status: first } = await followingEvent('/schedule.json')
    expect(first).toMatchObject({ result: 'changed', error: null })
    expect(first.last_import_id).toEqual(expect.any(String))
    const imported = await sessionsOf(eventId)
    expect(imported.map((s) => [s.title, s.starts_at, s.room]).sort()).toEqual([
      ['Opening', '2026-06-01T10:00:00.000Z', 'Saal 1'],
      ['Soldering', '2026-06-01T11:00:00.000Z', 'Saal 2'],
    ])
    const importRes = await api.request('GET', `/v1/events/${eventId}/imports/${first.last_import_id}`, { key })
    expect(importRes.body.data).toMatchObject({ status: 'done', trigger: 'sync', source_name: `${source.origin}/schedule.json` })

    // The source has not changed: it is asked with its ETag and answers 304.
    const second = await syncNow(eventId)
    expect(second).toMatchObject({ result: 'not_modified', error: null, last_import_id: first.last_import_id })
    expect(source.requests.at(-1)).toEqual({ path: '/schedule.json', ifNoneMatch: expect.stringMatching(/^"/) })

    source.publish([
      { ...TALK, title: 'Opening and welcome' },
      { ...WORKSHOP, date: '2026-06-01T14:00:00+00:00' },
    ])
    const third = await syncNow(eventId)
    expect(third).toMatchObject({ result: 'changed', error: null })
    expect(third.last_import_id).not.toBe(first.last_import_id)
    const updated = await sessionsOf(eventId)
    // The same sessions (same ids), changed where the source changed.
    expect(updated.map((s) => s.id).sort()).toEqual(imported.map((s) => s.id).sort())
    expect(updated.map((s) => [s.title, s.starts_at]).sort()).toEqual([
      ['Opening and welcome', '2026-06-01T10:00:00.000Z'],
      ['Soldering', '2026-06-01T14:00:00.000Z'],
    ])
  })

  it('reports unchanged when a new answer of the source changes nothing', async () => {
    source.publish([TALK, WORKSHOP])
    const { eventId, status: first } = await followingEvent('/schedule.json')
    // Changing the setting forgets the validators: the whole source is read and imported again.
    const res = await api.request('PATCH', `/v1/events/${eventId}`, {
      key,
      body: { sync: { url: `${source.origin}/schedule.json`, every: '1h' } },
    })
    expect(res.status).toBe(200)
    const before = first.last_run_at
    const status = await syncedAfter(eventId, before)
    expect(status).toMatchObject({ result: 'unchanged', error: null })
    expect(source.requests.at(-1)).toEqual({ path: '/schedule.json', ifNoneMatch: null })
  })

  it('fails a source that does not answer in time, naming the limit', async () => {
    const { status } = await followingEvent('/hangs')
    expect(status.result).toBe('failed')
    expect(status.error).toMatchObject({ code: 'SOURCE_UNAVAILABLE' })
    expect(status.error.message).toContain('did not answer within 2 s')
  })

  it('fails a source that answers HTTP 500, naming the status', async () => {
    const { status } = await followingEvent('/broken')
    expect(status).toMatchObject({ result: 'failed', error: { code: 'SOURCE_UNAVAILABLE' } })
    expect(status.error.message).toContain('answered HTTP 500')
  })

  it('fails a source larger than an import reads with SOURCE_TOO_LARGE', async () => {
    const { status } = await followingEvent('/huge')
    expect(status).toMatchObject({ result: 'failed', error: { code: 'SOURCE_TOO_LARGE' } })
  })

  it('fails a source that is no schedule with the import’s error, and links the failed import', async () => {
    const { eventId, status } = await followingEvent('/not-a-schedule')
    expect(status.result).toBe('failed')
    expect(status.error.code).toMatch(/^SOURCE_(UNREADABLE|INVALID)$/)
    const failed = await api.request('GET', `/v1/events/${eventId}/imports/${status.last_import_id}`, { key })
    expect(failed.body.data).toMatchObject({ status: 'failed', trigger: 'sync', error: { code: status.error.code } })
  })
})
