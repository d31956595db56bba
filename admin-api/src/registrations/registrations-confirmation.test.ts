import { DIALECTS } from '@event-service/db/testing.ts'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../testing/test-api.ts'
import { loadDeliveryBody } from '../webhooks/change-presentation.ts'

/**
 * The organiser's side of double opt-in: pending registrations listed, filtered and exported, the
 * per-event switch, and confirming by hand (the steps of the confirm link, `registration.confirmed`).
 */
describe.each(DIALECTS)('pending registrations in the admin API on %s', (dialect) => {
  let api: TestApi
  let key: string
  let accountId: string

  beforeAll(async () => {
    api = await startTestApi(dialect, { env: { WEBHOOK_ALLOW_PRIVATE: '1' } })
    ;({ key, accountId } = await api.newAccount())
  })
  afterAll(() => api.close())

  const newEvent = (fields: object = {}) => api.newEvent(key, { tickets: [{ id: 'standard', name: 'Standard', capacity: 1 }], ...fields })

  /** A registration as the embed API writes it: pending, holding its place for `holdMs`. */
  const insert = async (eventId: string, email: string, status: 'pending' | 'registered', holdMs = 30 * 60_000) =>
    (
      await api.db
        .insertInto('registrations')
        .values({
          account_id: accountId,
          event_id: eventId,
          name: 'Ada',
          email,
          ticket_id: 'standard',
          status,
          hold_expires_at: status === 'pending' ? sql<Date>`now() + ${`${holdMs} milliseconds`}::interval` : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const patch = (id: string, body: object) => api.request('PATCH', `/v1/registrations/${id}`, { key, body })

  it('confirms registrations by email on new events unless told otherwise, and changes it with PATCH', async () => {
    const created = await api.request('POST', '/v1/events', {
      key,
      body: { name: 'Conf', starts_at: '2026-06-01T09:00:00Z', ends_at: '2026-06-02T18:00:00Z' },
    })
    expect(created.body.data.registration_confirmation).toBe('email')
    const off = await api.request('PATCH', `/v1/events/${created.body.data.id}`, { key, body: { registration_confirmation: 'none' } })
    expect(off.status).toBe(200)
    expect(off.body.data.registration_confirmation).toBe('none')
    const bad = await api.request('PATCH', `/v1/events/${created.body.data.id}`, { key, body: { registration_confirmation: 'sms' } })
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.fields).toEqual([
      { path: 'registration_confirmation', message: 'registration_confirmation must be email or none' },
    ])
  })

  it('lists, filters and exports pending registrations with the end of their hold', async () => {
    const eventId = await newEvent()
    await insert(eventId, 'pending@example.org', 'pending')
    const listed = await api.request('GET', `/v1/registrations?event_id=${eventId}&status=pending`, { key })
    expect(listed.status).toBe(200)
    expect(listed.body.data).toHaveLength(1)
    expect(listed.body.data[0]).toMatchObject({ email: 'pending@example.org', status: 'pending', confirmed_at: null })
    expect(Date.parse(listed.body.data[0].hold_expires_at)).toBeGreaterThan(Date.now())
    const csv = await api.request('GET', `/v1/registrations?event_id=${eventId}`, { key, headers: { Accept: 'text/csv' } })
    expect(csv.text.trimEnd().split('\r\n')[1]).toContain('"pending@example.org","standard","pending"')
  })

  it('confirms a pending registration by hand, announcing registration.confirmed, and frees the address’s other holds', async () => {
    const eventId = await newEvent({ tickets: [{ id: 'standard', name: 'Standard', capacity: 5 }] })
    const hook = await api.request('POST', '/v1/webhooks', {
      key,
      body: { url: 'http://127.0.0.1:9/hook', events: ['registration.confirmed'] },
    })
    expect(hook.status).toBe(201)
    const first = await insert(eventId, 'ada@example.org', 'pending')
    const second = await insert(eventId, 'ADA@example.org', 'pending')
    const res = await patch(first, { status: 'registered' })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ status: 'registered', hold_expires_at: null })
    expect(Date.parse(res.body.data.confirmed_at)).not.toBeNaN()
    const other = await api.request('GET', `/v1/registrations?event_id=${eventId}&status=expired`, { key })
    expect(other.body.data.map((r: { id: string }) => r.id)).toEqual([second])
    const deliveries = await api.db
      .selectFrom('webhook_deliveries')
      .select(['type', 'body', 'change_id'])
      .where('webhook_id', '=', hook.body.data.id)
      .execute()
    expect(deliveries.map((d) => d.type)).toEqual(['registration.confirmed'])
    const body = JSON.parse(await loadDeliveryBody(api.db, deliveries[0] as (typeof deliveries)[number]))
    expect(body.data.object).toMatchObject({ id: first, status: 'registered' })
  })

  it('confirms after the hold ran out only while a place is free, and never a second place for one address', async () => {
    const eventId = await newEvent()
    const late = await insert(eventId, 'late@example.org', 'pending', -1000)
    await insert(eventId, 'taker@example.org', 'registered')
    const sold = await patch(late, { status: 'checked_in' })
    expect(sold.status).toBe(409)
    expect(sold.body.error.code).toBe('SOLD_OUT')

    const roomy = await newEvent({ tickets: [{ id: 'standard', name: 'Standard', capacity: 5 }] })
    await insert(roomy, 'twice@example.org', 'registered')
    const again = await insert(roomy, 'twice@example.org', 'pending')
    const refused = await patch(again, { status: 'registered' })
    expect(refused.status).toBe(409)
    expect(refused.body.error.code).toBe('CONFLICT')
    const stillPending = await api.request('GET', `/v1/registrations?event_id=${roomy}&status=pending`, { key })
    expect(stillPending.body.data.map((r: { id: string }) => r.id)).toEqual([again])
  })

  it('cancels a pending registration, and refuses pending and expired as statuses to set', async () => {
    const eventId = await newEvent()
    const id = await insert(eventId, 'gone@example.org', 'pending')
    for (const status of ['pending', 'expired']) {
      const bad = await patch(id, { status })
      expect(bad.status).toBe(400)
      expect(bad.body.error.details.fields).toEqual([{ path: 'status', message: 'status must be registered, checked_in or cancelled' }])
    }
    const cancelled = await patch(id, { status: 'cancelled' })
    expect(cancelled.body.data.status).toBe('cancelled')
    const row = await api.db.selectFrom('registrations').select('confirm_token_hash').where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.confirm_token_hash).toBeNull()
  })

  it('exports every row of an event with a question named constructor, and answers of any shape', async () => {
    const eventId = await newEvent({
      tickets: [],
      questions: [
        { id: 'constructor', label: 'Constructor', type: 'text' },
        { id: 'team', label: 'Team', type: 'text' },
      ],
    })
    const rows = [
      ['none@example.org', {}],
      ['ctor@example.org', { constructor: 'Babbage' }],
      ['odd@example.org', { team: 42, constructor: { nested: true } }],
    ] as const
    for (const [i, [email, answers]] of rows.entries()) {
      await api.db
        .insertInto('registrations')
        .values({
          account_id: accountId,
          event_id: eventId,
          name: 'P',
          email,
          ticket_id: null,
          answers: JSON.stringify(answers),
          created_at: new Date(Date.UTC(2026, 0, 1 + i)),
        })
        .execute()
    }
    const csv = await api.request('GET', `/v1/registrations?event_id=${eventId}`, { key, headers: { Accept: 'text/csv' } })
    expect(csv.status).toBe(200)
    const lines = csv.text.trimEnd().split('\r\n')
    expect(lines).toHaveLength(4)
    expect(lines[1]?.endsWith('"",""')).toBe(true)
    expect(lines[2]?.endsWith('"Babbage",""')).toBe(true)
    expect(lines[3]?.endsWith('"{""nested"":true}","42"')).toBe(true)
    const listed = await api.request('GET', `/v1/registrations?event_id=${eventId}&sort=created_at&order=asc`, { key })
    const expected: unknown = [{}, { constructor: 'Babbage' }, { team: 42, constructor: { nested: true } }]
    expect(listed.body.data.map((r: { answers: object }) => r.answers)).toEqual(expected)
  })
})
