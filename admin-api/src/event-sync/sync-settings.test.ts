import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestApi, type TestApi } from '../testing/test-api.ts'
import { type ScheduleSource, startScheduleSource } from './schedule-source.ts'

// Every source here is a URL nobody serves, on a public name: these tests are about the setting, not the runs.
const URL_A = 'https://pretalx.example.com/conf/schedule/export/schedule.json'
const URL_B = 'https://frab.example.com/conf/schedule.xml'

describe.each(DIALECTS)('an event’s sync setting on %s', (dialect) => {
  let api: TestApi
  let key: string

  beforeAll(async () => {
    api = await startTestApi(dialect)
    ;({ key } = await api.newAccount())
  })
  afterAll(() => api.close())

  const patch = (eventId: string, sync: unknown) => api.request('PATCH', `/v1/events/${eventId}`, { key, body: { sync } })
  const syncRow = (eventId: string) => api.db.selectFrom('event_syncs').selectAll().where('event_id', '=', eventId).executeTakeFirst()

  it('is none by default', async () => {
    const event = (await api.request('GET', `/v1/events/${await api.newEvent(key)}`, { key })).body.data
    expect(event).toMatchObject({ sync: null, sync_status: null })
  })

  it('takes defaults, presents the setting and a status that is due at once', async () => {
    const eventId = await api.newEvent(key, { sync: { url: URL_A } })
    const event = (await api.request('GET', `/v1/events/${eventId}`, { key })).body.data
    expect(event.sync).toEqual({ url: URL_A, format: 'auto', every: '5m', removed: 'cancel' })
    // Its first run may have failed already (nobody serves the URL); none has imported anything.
    expect(event.sync_status).toMatchObject({ last_import_id: null })
    expect([null, 'failed']).toContain(event.sync_status.result)
    // Due at once: the worker may have run it already, which puts the next run one interval on.
    expect(Date.parse(event.sync_status.next_run_at)).toBeLessThanOrEqual(Date.now() + 5 * 60_000 + 10_000)
    expect(
      (await api.request('GET', `/v1/events?limit=100`, { key })).body.data.find((e: { id: string }) => e.id === eventId).sync,
    ).toEqual(event.sync)
  })

  it.each([
    ['90s', '90s'],
    ['2h', '2h'],
    ['1d', '1d'],
    ['1.5m', '90s'],
    ['60m', '1h'],
  ])('reads every: %s as %s', async (every, presented) => {
    const eventId = await api.newEvent(key)
    const res = await patch(eventId, { url: URL_A, every, format: 'frab-xml', removed: 'delete' })
    expect(res.status).toBe(200)
    expect(res.body.data.sync).toEqual({ url: URL_A, format: 'frab-xml', every: presented, removed: 'delete' })
  })

  it.each([
    [{ url: URL_A, every: '30s' }, 'sync.every', 'must be at least 1m and at most 1d'],
    [{ url: URL_A, every: '2d' }, 'sync.every', 'must be at least 1m and at most 1d'],
    [{ url: URL_A, every: '300' }, 'sync.every', 'must be a duration'],
    [{ url: URL_A, every: '60500ms' }, 'sync.every', 'must be a whole number of seconds'],
    [{ url: URL_A, format: 'ical' }, 'sync.format', ''],
    [{ url: URL_A, removed: 'keep' }, 'sync.removed', ''],
    [{ url: 'ftp://example.com/schedule.json' }, 'sync.url', ''],
    [{ url: 'http://127.0.0.1:8080/schedule.json' }, 'sync.url', '127.0.0.1 is a loopback address'],
    [{ url: 'http://localhost/schedule.json' }, 'sync.url', 'localhost resolves to 127.0.0.1'],
    [{ url: 'http://169.254.169.254/latest/meta-data/' }, 'sync.url', 'link-local'],
    [{ url: URL_A, extra: 1 }, 'sync.extra', 'unknown field'],
    [{}, 'sync.url', ''],
  ])('refuses %j with 400 at %s', async (sync, path, message) => {
    const eventId = await api.newEvent(key)
    const res = await patch(eventId, sync)
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
    const field = res.body.error.details.fields.find((f: { path: string }) => f.path === path)
    expect(field, JSON.stringify(res.body.error.details.fields)).toBeDefined()
    expect(field.message).toContain(message)
    expect(await syncRow(eventId)).toBeUndefined()
  })

  it('refuses a private source at creation too, and creates no event', async () => {
    const before = (await api.request('GET', '/v1/events?limit=1', { key })).body.meta
    const res = await api.request('POST', '/v1/events', {
      key,
      body: { name: 'Conf', starts_at: '2026-06-01T09:00:00Z', ends_at: '2026-06-02T18:00:00Z', sync: { url: 'http://10.0.0.1/s.json' } },
    })
    expect(res.status).toBe(400)
    expect(res.body.error.details.fields[0]).toMatchObject({ path: 'sync.url' })
    expect(res.body.error.details.fields[0].message).toContain('WEBHOOK_ALLOW_PRIVATE=1')
    expect((await api.request('GET', '/v1/events?limit=1', { key })).body.meta).toEqual(before)
  })

  it('a changed setting is due at once and forgets the validators; the same setting again changes nothing', async () => {
    const eventId = await api.newEvent(key, { sync: { url: URL_A } })
    // As if a sync had run: the source's validators kept, the next run in an hour.
    const later = new Date(Date.now() + 3_600_000)
    await api.db.updateTable('event_syncs').set({ etag: '"v1"', next_run_at: later }).where('event_id', '=', eventId).execute()

    expect((await patch(eventId, { url: URL_A })).status).toBe(200)
    expect(await syncRow(eventId)).toMatchObject({ etag: '"v1"', next_run_at: later })

    expect((await patch(eventId, { url: URL_B })).status).toBe(200)
    const changed = await syncRow(eventId)
    expect(changed).toMatchObject({ url: URL_B, etag: null, last_modified: null })
    expect(changed?.next_run_at.getTime()).toBeLessThan(later.getTime())
  })

  it('stops following with null; an event without a source cannot be synced now (409)', async () => {
    const eventId = await api.newEvent(key, { sync: { url: URL_A } })
    const res = await patch(eventId, null)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ sync: null, sync_status: null })
    expect(await syncRow(eventId)).toBeUndefined()
    const now = await api.request('POST', `/v1/events/${eventId}/sync`, { key })
    expect(now.status).toBe(409)
    expect(now.body.error.code).toBe('CONFLICT')
  })

  it('keeps the setting when other fields change, and leaves the setting alone when a PATCH is refused', async () => {
    const eventId = await api.newEvent(key, { sync: { url: URL_A, every: '10m' } })
    expect((await api.request('PATCH', `/v1/events/${eventId}`, { key, body: { name: 'Renamed' } })).body.data.sync.every).toBe('10m')
    const refused = await api.request('PATCH', `/v1/events/${eventId}`, {
      key,
      body: { sync: { url: URL_B }, ends_at: '2020-01-01T00:00:00Z' },
    })
    expect(refused.status).toBe(400)
    expect((await syncRow(eventId))?.url).toBe(URL_A)
  })

  it('answers 404 for another account’s event, for sync now as for the rest', async () => {
    const other = await api.newAccount()
    const eventId = await api.newEvent(other.key, { sync: { url: URL_A } })
    expect((await api.request('POST', `/v1/events/${eventId}/sync`, { key })).status).toBe(404)
    expect((await api.request('PATCH', `/v1/events/${eventId}`, { key, body: { sync: null } })).status).toBe(404)
    expect(await syncRow(eventId)).toBeDefined()
  })
})

describe.each(DIALECTS)('a source on a private address on %s (WEBHOOK_ALLOW_PRIVATE off)', (dialect) => {
  let api: TestApi
  let key: string
  let source: ScheduleSource

  beforeAll(async () => {
    source = await startScheduleSource()
    source.publish([])
    api = await startTestApi(dialect)
    ;({ key } = await api.newAccount())
  })
  afterAll(async () => {
    await api.close()
    await source.close()
  })

  it('is refused when it connects: a stored name that now resolves to 127.0.0.1 fails the sync, without a request', async () => {
    const eventId = await api.newEvent(key)
    const { accountId } = await api.db
      .selectFrom('events')
      .select('account_id as accountId')
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow()
    // As if `localhost` had resolved to a public address when the setting was made.
    const url = `http://localhost:${new URL(source.origin).port}/schedule.json`
    await api.db
      .insertInto('event_syncs')
      .values({
        event_id: eventId,
        account_id: accountId,
        url,
        format: 'auto',
        every_seconds: 3600,
        removed: 'cancel',
        next_run_at: new Date(Date.now() + 3_600_000),
      })
      .execute()
    expect((await api.request('POST', `/v1/events/${eventId}/sync`, { key })).status).toBe(202)
    const status = await vi.waitFor(
      async () => {
        const s = (await api.request('GET', `/v1/events/${eventId}`, { key })).body.data.sync_status
        if (!s.last_run_at) throw new Error('not synced yet')
        return s
      },
      { timeout: 20_000, interval: 50 },
    )
    expect(status).toMatchObject({ result: 'failed', error: { code: 'SOURCE_UNAVAILABLE' } })
    expect(status.error.message).toContain('localhost resolves to 127.0.0.1 is a loopback address')
    expect(status.error.message).toContain('WEBHOOK_ALLOW_PRIVATE=1')
    expect(source.requests).toEqual([])
  })
})
