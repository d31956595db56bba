import { DIALECTS } from '@event-service/db/testing.ts'
import { enqueueEmail } from '@event-service/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../testing/test-api.ts'

/** The organiser's side: filters, the CSV export and PATCH for check-in and cancellation. */
describe.each(DIALECTS)('managing registrations on %s', (dialect) => {
  let api: TestApi
  let key: string
  let accountId: string
  let eventId: string
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    api = await startTestApi(dialect)
    ;({ key, accountId } = await api.newAccount())
    eventId = await api.newEvent(key, {
      tickets: [
        { id: 'standard', name: 'Standard', capacity: 2 },
        { id: 'student', name: 'Student' },
      ],
      questions: [
        { id: 'diet', label: 'Diet', type: 'choice', required: false, options: ['vegan', 'none'] },
        { id: 'topics', label: 'Topics', type: 'multi', options: ['web', 'ops'] },
        { id: 'photos', label: 'Photos OK', type: 'checkbox' },
      ],
    })
    const people = [
      {
        name: 'Zoe Zed',
        email: 'zoe@example.com',
        ticket_id: 'standard',
        answers: { diet: 'vegan', topics: ['web', 'ops'], photos: true },
      },
      { name: '=HYPERLINK("http://evil.example","click")', email: 'evil@example.com', ticket_id: 'student', answers: { diet: '@SUM(1)' } },
      { name: 'Adam "A" Ant', email: 'adam@example.com', ticket_id: 'standard', answers: {} },
    ]
    for (const [i, p] of people.entries()) {
      const row = await api.db
        .insertInto('registrations')
        .values({
          account_id: accountId,
          event_id: eventId,
          ...p,
          answers: JSON.stringify(p.answers),
          created_at: new Date(Date.UTC(2026, 0, 1 + i)),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      ids[p.email] = row.id
    }
  })
  afterAll(() => api.close())

  const list = async (query: string) => {
    const res = await api.request('GET', `/v1/registrations?event_id=${eventId}${query}`, { key })
    expect(res.status).toBe(200)
    return res.body.data.map((r: { email: string }) => r.email)
  }

  it('filters by ticket, status and a search over name and email', async () => {
    expect(await list('&ticket_id=standard')).toEqual(['zoe@example.com', 'adam@example.com'])
    expect(await list('&search=ZED')).toEqual(['zoe@example.com'])
    expect(await list('&search=adam%40')).toEqual(['adam@example.com'])
    expect(await list('&search=%25')).toEqual([])
    expect(await list('&status=cancelled')).toEqual([])
    const bad = await api.request('GET', `/v1/registrations?event_id=${eventId}&status=lost`, { key })
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.fields[0].path).toBe('status')
  })

  it('shows status, consent and check-in times in every registration', async () => {
    const res = await api.request('GET', `/v1/registrations?event_id=${eventId}&limit=1`, { key })
    expect(res.body.data[0]).toEqual({
      id: ids['zoe@example.com'],
      event_id: eventId,
      name: 'Zoe Zed',
      email: 'zoe@example.com',
      ticket_id: 'standard',
      answers: { diet: 'vegan', topics: ['web', 'ops'], photos: true },
      status: 'registered',
      hold_expires_at: null,
      confirmed_at: null,
      consent_at: null,
      checked_in_at: null,
      cancelled_at: null,
      created_at: '2026-01-01T00:00:00.000Z',
    })
  })

  it('exports CSV with Accept: text/csv: a column per question, formulas escaped, quotes doubled', async () => {
    const res = await api.request('GET', `/v1/registrations?event_id=${eventId}`, { key, headers: { Accept: 'text/csv' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toContain('attachment')
    const lines = res.text.trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      '"id","created_at","name","email","ticket_id","status","confirmed_at","consent_at","checked_in_at","cancelled_at","Diet","Topics","Photos OK"',
    )
    expect(lines).toHaveLength(4)
    expect(lines[1]).toContain('"Zoe Zed","zoe@example.com","standard","registered","","","","","vegan","web; ops","yes"')
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`)
    expect(lines[2]).toContain(`"'@SUM(1)"`)
    expect(lines[3]).toContain('"Adam ""A"" Ant"')
    const filtered = await api.request('GET', `/v1/registrations?event_id=${eventId}&ticket_id=student`, {
      key,
      headers: { Accept: 'text/csv' },
    })
    expect(filtered.text.trimEnd().split('\r\n')).toHaveLength(2)
  })

  it('answers errors of a CSV request in the JSON envelope', async () => {
    const res = await api.request('GET', '/v1/registrations?event_id=00000000-0000-4000-8000-000000000000', {
      key,
      headers: { Accept: 'text/csv' },
    })
    expect(res.status).toBe(404)
    expect(res.body.error.code).toBe('NOT_FOUND')
  })

  it('checks in, cancels (freeing the place) and reinstates only while a place is free', async () => {
    const zoe = ids['zoe@example.com'] as string
    const checkedIn = await api.request('PATCH', `/v1/registrations/${zoe}`, { key, body: { status: 'checked_in' } })
    expect(checkedIn.status).toBe(200)
    expect(checkedIn.body.data.status).toBe('checked_in')
    expect(Date.parse(checkedIn.body.data.checked_in_at)).not.toBeNaN()
    expect(await list('&status=checked_in')).toEqual(['zoe@example.com'])

    const cancelled = await api.request('PATCH', `/v1/registrations/${zoe}`, { key, body: { status: 'cancelled' } })
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', checked_in_at: null })
    expect(Date.parse(cancelled.body.data.cancelled_at)).not.toBeNaN()

    // The freed place is taken by someone else; taking Zoe back finds the ticket sold out.
    await api.db
      .insertInto('registrations')
      .values({ account_id: accountId, event_id: eventId, name: 'New', email: 'new@example.com', ticket_id: 'standard' })
      .execute()
    const back = await api.request('PATCH', `/v1/registrations/${zoe}`, { key, body: { status: 'registered' } })
    expect(back.status).toBe(409)
    expect(back.body.error.code).toBe('SOLD_OUT')

    const empty = await api.request('PATCH', `/v1/registrations/${zoe}`, { key, body: {} })
    expect(empty.status).toBe(200)
    expect(empty.body.data.status).toBe('cancelled')
  })

  it('answers 404 for another account’s registration and 400 for a bad status', async () => {
    const other = await api.newAccount()
    const res = await api.request('PATCH', `/v1/registrations/${ids['adam@example.com']}`, {
      key: other.key,
      body: { status: 'cancelled' },
    })
    expect(res.status).toBe(404)
    expect(res.body.error.code).toBe('NOT_FOUND')
    const bad = await api.request('PATCH', `/v1/registrations/${ids['adam@example.com']}`, { key, body: { status: 'gone' } })
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.fields[0].path).toBe('status')
  })

  it("lists the emails sent to a registrant from the outbox, without their text, and 404 for another account's", async () => {
    const id = ids['zoe@example.com'] as string
    await enqueueEmail(api.db, {
      account_id: accountId,
      event_id: eventId,
      registration_id: id,
      kind: 'registration.confirmation',
      to_address: 'zoe@example.com',
      subject: 'Confirm your place',
      text_body: 'Follow https://embed.example/confirm/secret-link',
    })
    const res = await api.request('GET', `/v1/registrations/${id}/emails`, { key })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([
      expect.objectContaining({
        kind: 'registration.confirmation',
        to: 'zoe@example.com',
        subject: 'Confirm your place',
        status: 'pending',
      }),
    ])
    expect(res.text).not.toContain('secret-link')
    const other = await api.newAccount()
    expect((await api.request('GET', `/v1/registrations/${id}/emails`, { key: other.key })).status).toBe(404)
  })
})

describe.each(DIALECTS)('event questions and privacy notice on %s', (dialect) => {
  let api: TestApi
  let key: string
  beforeAll(async () => {
    api = await startTestApi(dialect)
    ;({ key } = await api.newAccount())
  })
  afterAll(() => api.close())

  const create = (fields: object) =>
    api.request('POST', '/v1/events', {
      key,
      body: { name: 'Conf', starts_at: '2026-06-01T09:00:00Z', ends_at: '2026-06-02T18:00:00Z', ...fields },
    })

  it('stores capacity, questions and the privacy notice with their defaults', async () => {
    const res = await create({
      tickets: [
        { id: 'standard', name: 'Standard', capacity: 100, show_remaining: true },
        { id: 'free', name: 'Free' },
      ],
      questions: [{ id: 'company', label: 'Company', type: 'text' }],
      privacy_notice: { text: 'We use your data to run the event.', url: 'https://example.com/privacy' },
    })
    expect(res.status).toBe(201)
    expect(res.body.data.tickets).toEqual([
      { id: 'standard', name: 'Standard', description: null, price: null, capacity: 100, show_remaining: true },
      { id: 'free', name: 'Free', description: null, price: null, capacity: null, show_remaining: false },
    ])
    expect(res.body.data.questions).toEqual([
      { id: 'company', label: 'Company', type: 'text', required: false, options: null, ticket_ids: null },
    ])
    expect(res.body.data.privacy_notice).toEqual({ text: 'We use your data to run the event.', url: 'https://example.com/privacy' })
  })

  it('refuses a choice without options, options on text, unknown tickets, a bad type and a capacity of 0', async () => {
    const res = await create({
      tickets: [{ id: 'standard', name: 'Standard', capacity: 0 }],
      questions: [
        { id: 'diet', label: 'Diet', type: 'choice' },
        { id: 'company', label: 'Company', type: 'text', options: ['a'] },
        { id: 'school', label: 'School', type: 'text', ticket_ids: ['student'] },
        { id: 'x', label: 'X', type: 'date' },
      ],
    })
    expect(res.status).toBe(400)
    const paths = res.body.error.details.fields.map((f: { path: string }) => f.path)
    expect(paths).toEqual(expect.arrayContaining(['tickets.0.capacity', 'questions.0.options', 'questions.1.options', 'questions.3.type']))
    const unknownTicket = await create({ questions: [{ id: 'school', label: 'School', type: 'text', ticket_ids: ['student'] }] })
    expect(unknownTicket.status).toBe(400)
    expect(unknownTicket.body.error.details.fields.map((f: { path: string }) => f.path)).toEqual(['questions.0.ticket_ids.0'])
  })

  it('changes questions and the privacy notice with PATCH, and clears the notice with null', async () => {
    const id = (await create({ privacy_notice: { text: 'Notice' } })).body.data.id
    const res = await api.request('PATCH', `/v1/events/${id}`, {
      key,
      body: { privacy_notice: null, questions: [{ id: 'a', label: 'A', type: 'checkbox', required: true }] },
    })
    expect(res.status).toBe(200)
    expect(res.body.data.privacy_notice).toBeNull()
    expect(res.body.data.questions[0]).toMatchObject({ id: 'a', type: 'checkbox', required: true })
  })
})
