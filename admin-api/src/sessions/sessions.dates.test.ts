import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../testing/test-api.ts'

/** Every write that can move a session or its event's days reaches the one rule (session-rules.ts). */
describe.each(DIALECTS)('sessions within their event’s days on %s', (dialect) => {
  let api: TestApi
  let key: string
  beforeAll(async () => {
    api = await startTestApi(dialect)
    ;({ key } = await api.newAccount())
  })
  afterAll(() => api.close())

  // 1–2 June 2026 in Berlin.
  const newEvent = () =>
    api.newEvent(key, { timezone: 'Europe/Berlin', starts_at: '2026-06-01T09:00:00+02:00', ends_at: '2026-06-02T18:00:00+02:00' })
  const newSession = async (eventId: string, title: string, starts_at: string, ends_at: string) =>
    api.request('POST', '/v1/sessions', { key, body: { event_id: eventId, title, starts_at, ends_at } })
  const fieldsOf = (res: { body: { error: { details: { fields: { path: string }[] } } } }) =>
    res.body.error.details.fields.map((f) => f.path)

  it('refuses to create a session on another day, at the field that is out', async () => {
    const eventId = await newEvent()
    const res = await newSession(eventId, 'Lost', '1990-01-01T09:00:00Z', '1990-01-01T10:00:00Z')
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
    expect(fieldsOf(res)).toEqual(['starts_at', 'ends_at'])
    expect(res.body.error.message).toContain("starts_at must be on one of the event's days (2026-06-01 to 2026-06-02, Europe/Berlin)")
    // Before the doors open and after the last talk, on the event's days: accepted.
    expect((await newSession(eventId, 'Breakfast', '2026-06-01T07:00:00+02:00', '2026-06-01T08:30:00+02:00')).status).toBe(201)
    expect((await newSession(eventId, 'Party', '2026-06-02T21:00:00+02:00', '2026-06-03T00:00:00+02:00')).status).toBe(201)
  })

  it('refuses a PATCH that moves a session off the event’s days or makes it end before it starts', async () => {
    const eventId = await newEvent()
    const id = (await newSession(eventId, 'Talk', '2026-06-01T10:00:00+02:00', '2026-06-01T11:00:00+02:00')).body.data.id
    const off = await api.request('PATCH', `/v1/sessions/${id}`, { key, body: { ends_at: '2026-06-03T10:00:00+02:00' } })
    expect(off.status).toBe(400)
    expect(fieldsOf(off)).toEqual(['ends_at'])
    // Only the start is sent: the stored end makes the merged session backwards.
    const backwards = await api.request('PATCH', `/v1/sessions/${id}`, { key, body: { starts_at: '2026-06-01T12:00:00+02:00' } })
    expect(backwards.status).toBe(400)
    expect(backwards.body.error.details.fields).toEqual([{ path: 'ends_at', message: 'ends_at must not be before starts_at' }])
    expect((await api.request('GET', `/v1/sessions/${id}`, { key })).body.data.starts_at).toBe('2026-06-01T08:00:00.000Z')
  })

  it('refuses with 409 an event change of dates or zone that would leave sessions outside, naming them', async () => {
    const eventId = await newEvent()
    const late = (await newSession(eventId, 'Late talk', '2026-06-02T23:00:00+02:00', '2026-06-02T23:30:00+02:00')).body.data.id
    const shorter = await api.request('PATCH', `/v1/events/${eventId}`, { key, body: { ends_at: '2026-06-01T18:00:00+02:00' } })
    expect(shorter.status).toBe(409)
    expect(shorter.body.error.code).toBe('CONFLICT')
    expect(shorter.body.error.message).toContain('“Late talk”')
    expect(shorter.body.error.details.sessions.map((s: { id: string }) => s.id)).toEqual([late])
    // 07:00 on 1 June in Berlin is 05:00 in UTC, still 1 June; in Los Angeles it is 22:00 on 31 May.
    const early = (await newSession(eventId, 'Breakfast', '2026-06-01T07:00:00+02:00', '2026-06-01T08:00:00+02:00')).body.data.id
    expect((await api.request('PATCH', `/v1/events/${eventId}`, { key, body: { timezone: 'UTC' } })).status).toBe(200)
    const west = await api.request('PATCH', `/v1/events/${eventId}`, { key, body: { timezone: 'America/Los_Angeles' } })
    expect(west.status).toBe(409)
    expect(west.body.error.details.sessions.map((s: { id: string }) => s.id)).toEqual([early])
    expect((await api.request('GET', `/v1/events/${eventId}`, { key })).body.data.timezone).toBe('UTC')
    // A change of another field, or of dates that keep every session, passes.
    expect((await api.request('PATCH', `/v1/events/${eventId}`, { key, body: { name: 'Renamed' } })).status).toBe(200)
    expect((await api.request('PATCH', `/v1/events/${eventId}`, { key, body: { ends_at: '2026-06-05T18:00:00Z' } })).status).toBe(200)
  })

  it('checks an event’s merged state on PATCH as on create', async () => {
    const eventId = await newEvent()
    const backwards = await api.request('PATCH', `/v1/events/${eventId}`, { key, body: { starts_at: '2026-06-03T09:00:00Z' } })
    expect(backwards.status).toBe(400)
    expect(fieldsOf(backwards)).toEqual(['ends_at'])
    const created = await api.request('POST', '/v1/events', {
      key,
      body: { name: 'Backwards', starts_at: '2026-06-03T09:00:00Z', ends_at: '2026-06-02T09:00:00Z' },
    })
    expect(created.status).toBe(400)
    expect(fieldsOf(created)).toEqual(['ends_at'])
  })
})
