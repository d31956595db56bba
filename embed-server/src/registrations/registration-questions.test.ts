import type { DbHandle, Question } from '@event-service/db'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SeededEvent, seedEvent, seedToken, startEmbedServer, type TestEmbedServer } from '../testing/embed-fixtures.ts'

const QUESTIONS: Question[] = [
  { id: 'company', label: 'Company', type: 'text', required: false },
  { id: 'why', label: 'Why do you come?', type: 'textarea', required: true },
  { id: 'diet', label: 'Diet', type: 'choice', required: true, options: ['none', 'vegetarian', 'vegan'] },
  { id: 'topics', label: 'Topics', type: 'multi', required: false, options: ['web', 'data', 'ops'] },
  { id: 'photos', label: 'Photos are fine', type: 'checkbox', required: true },
  { id: 'school', label: 'School', type: 'text', required: true, ticket_ids: ['student'] },
]

/** Questions, answers checked by their definitions, and consent to the privacy notice. */
describe.each(DIALECTS)('registration questions and consent on %s', (dialect) => {
  let dbHandle: DbHandle
  let server: TestEmbedServer
  let ev: SeededEvent & { token: string }

  beforeAll(async () => {
    dbHandle = await createTestDb(dialect)
    server = await startEmbedServer(dbHandle)
    const event = await seedEvent(dbHandle.db, {
      tickets: [
        { id: 'standard', name: 'Standard' },
        { id: 'student', name: 'Student' },
      ],
      questions: QUESTIONS,
      privacyNotice: { text: 'We keep your data for the event only.', url: 'https://example.org/privacy' },
    })
    ev = { ...event, token: (await seedToken(dbHandle.db, event)).token }
  })
  afterAll(async () => {
    await server?.close()
    await dbHandle?.close()
  })

  const post = async (body: unknown) => {
    const res = await fetch(`${server.url}/v1/events/${ev.eventId}/registrations`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ev.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as any }
  }
  const valid = {
    name: 'Ada',
    email: 'ada@example.org',
    ticket_id: 'standard',
    consent: true,
    answers: { why: ' To learn ', diet: 'vegan', topics: ['web', 'ops'], photos: true, company: '' },
  }
  const fields = (res: { body: any }) => Object.fromEntries(res.body.error.details.fields.map((f: any) => [f.path, f.message]))

  it('shows the questions in order and the privacy notice in the embed API', async () => {
    const res = await fetch(`${server.url}/v1/events/${ev.eventId}?token=${ev.token}`)
    const { data } = (await res.json()) as any
    expect(data.questions.map((q: Question) => q.id)).toEqual(QUESTIONS.map((q) => q.id))
    expect(data.questions[2]).toEqual({
      id: 'diet',
      label: 'Diet',
      type: 'choice',
      required: true,
      options: ['none', 'vegetarian', 'vegan'],
      ticket_ids: null,
    })
    expect(data.privacy_notice).toEqual({ text: 'We keep your data for the event only.', url: 'https://example.org/privacy' })
  })

  it('stores valid answers trimmed, blanks left out, and the time of consent', async () => {
    const before = Date.now()
    expect((await post(valid)).status).toBe(201)
    const row = await dbHandle.db.selectFrom('registrations').selectAll().where('email', '=', 'ada@example.org').executeTakeFirstOrThrow()
    expect(row.answers).toEqual({ why: 'To learn', diet: 'vegan', topics: ['web', 'ops'], photos: true })
    expect(row.consent_at?.getTime()).toBeGreaterThanOrEqual(before - 1000)
  })

  it('refuses missing required answers, an unknown question, a wrong choice and wrong types, each at answers.<id>', async () => {
    const res = await post({
      ...valid,
      email: 'bad@example.org',
      answers: { diet: 'meat', topics: ['web', 'cooking'], photos: false, ghost: 'boo', company: ['x'] },
    })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
    expect(fields(res)).toEqual({
      'answers.ghost': 'This event has no such question',
      'answers.why': 'Answer this question',
      'answers.diet': 'Choose one of the options',
      'answers.topics': 'Choose only from the options',
      'answers.photos': 'Tick this box to register',
      'answers.company': 'answers.company must be text',
    })
  })

  it('asks a per-ticket question only with its ticket', async () => {
    const student = await post({ ...valid, email: 'student@example.org', ticket_id: 'student' })
    expect(student.status).toBe(400)
    expect(fields(student)).toEqual({ 'answers.school': 'Answer this question' })
    const other = await post({ ...valid, email: 'other@example.org', answers: { ...valid.answers, school: 'MIT' } })
    expect(fields(other)).toEqual({ 'answers.school': 'This question is not asked with the chosen ticket' })
    expect(
      (await post({ ...valid, email: 'student@example.org', ticket_id: 'student', answers: { ...valid.answers, school: 'MIT' } })).status,
    ).toBe(201)
  })

  it('takes a question whose id is an Object.prototype name (constructor) like any other', async () => {
    const event = await seedEvent(dbHandle.db, {
      questions: [
        { id: 'constructor', label: 'Constructor', type: 'text', required: false },
        { id: 'team', label: 'Team', type: 'text', required: false },
      ],
    })
    const token = (await seedToken(dbHandle.db, event)).token
    const register = (email: string, answers: Record<string, unknown>) =>
      fetch(`${server.url}/v1/events/${event.eventId}/registrations`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Ada', email, answers }),
      })
    expect((await register('unanswered@example.org', { team: 'Core' })).status).toBe(201)
    expect((await register('answered@example.org', { constructor: ' Babbage ' })).status).toBe(201)
    const rows = await dbHandle.db
      .selectFrom('registrations')
      .select(['email', 'answers'])
      .where('event_id', '=', event.eventId)
      .orderBy('email')
      .execute()
    const expected: unknown = [
      { email: 'answered@example.org', answers: { constructor: 'Babbage' } },
      { email: 'unanswered@example.org', answers: { team: 'Core' } },
    ]
    expect(rows).toEqual(expected)
  })

  it('requires consent when the event has a privacy notice', async () => {
    for (const consent of [undefined, false]) {
      const res = await post({ ...valid, email: 'noconsent@example.org', consent })
      expect(res.status).toBe(400)
      expect(fields(res)).toEqual({ consent: 'Accept the privacy notice to register' })
    }
  })
})
