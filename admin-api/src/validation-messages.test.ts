import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from './testing/test-api.ts'

/**
 * Every validation failure is written for people (issue 21): each field message names its field
 * and says what is wrong, `error.message` sums them up, and zod's own wording ("Invalid input:
 * expected string, received undefined") never reaches a client.
 */
describe.each(DIALECTS)('validation messages of the admin API on %s', (dialect) => {
  let api: TestApi
  let key: string
  let eventId: string
  let speakerId: string
  let sessionId: string
  let tokenId: string
  beforeAll(async () => {
    api = await startTestApi(dialect)
    ;({ key } = await api.newAccount())
    eventId = await api.newEvent(key)
    speakerId = (await api.request('POST', '/v1/speakers', { key, body: { event_id: eventId, email: 'm@example.com', name: 'M' } })).body
      .data.id
    sessionId = (
      await api.request('POST', '/v1/sessions', {
        key,
        body: { event_id: eventId, title: 'S', starts_at: '2026-06-01T09:00:00Z', ends_at: '2026-06-01T10:00:00Z' },
      })
    ).body.data.id
    tokenId = (await api.request('POST', '/v1/embed-tokens', { key, body: { eventId, name: 'T' } })).body.data.id
  })
  afterAll(() => api.close())

  const session = { title: 'S', starts_at: '2026-06-01T09:00:00Z', ends_at: '2026-06-01T10:00:00Z' }
  const event = { name: 'E', starts_at: '2026-06-01T09:00:00Z', ends_at: '2026-06-02T09:00:00Z' }

  // [what, method, path (with :event, :speaker, :session, :token), body or undefined, field path, message]
  const cases: [string, string, string, unknown, string, string][] = [
    // Required fields
    ['a missing name', 'POST', '/v1/speakers', { event_id: ':event', email: 'a@example.com' }, 'name', 'name is required'],
    ['a missing email', 'POST', '/v1/speakers', { event_id: ':event', name: 'A' }, 'email', 'email is required'],
    ['a missing event_id', 'POST', '/v1/speakers', { email: 'a@example.com', name: 'A' }, 'event_id', 'event_id is required'],
    [
      'a missing title',
      'POST',
      '/v1/sessions',
      { event_id: ':event', starts_at: session.starts_at, ends_at: session.ends_at },
      'title',
      'title is required',
    ],
    ['a missing starts_at', 'POST', '/v1/events', { name: 'E', ends_at: event.ends_at }, 'starts_at', 'starts_at is required'],
    ['a missing token name', 'POST', '/v1/embed-tokens', { eventId: ':event' }, 'name', 'name is required'],
    ['a missing eventId', 'POST', '/v1/embed-tokens', { name: 'T' }, 'eventId', 'eventId is required'],
    ['a missing event_id in a list', 'GET', '/v1/speakers', undefined, 'event_id', 'event_id is required'],
    // Wrong types
    ['a number for a name', 'PATCH', '/v1/speakers/:speaker', { name: 42 }, 'name', 'name must be a string, not a whole number'],
    ['null for a required text', 'PATCH', '/v1/sessions/:session', { title: null }, 'title', 'title must be a string, not null'],
    [
      'a string for a boolean',
      'PATCH',
      '/v1/embed-tokens/:token',
      { isActive: 'yes' },
      'isActive',
      'isActive must be true or false, not a string',
    ],
    ['an object for tags', 'PATCH', '/v1/speakers/:speaker', { tags: { a: 1 } }, 'tags', 'tags must be a list, not an object'],
    ['a string for links', 'PATCH', '/v1/speakers/:speaker', { links: 'https://a.example' }, 'links', 'links must be a list, not a string'],
    ['a list for a ticket', 'PATCH', '/v1/events/:event', { tickets: [[1]] }, 'tickets.0', 'tickets.0 must be an object, not a list'],
    // Unknown fields and parameters
    ['an unknown field', 'POST', '/v1/events', { ...event, colour: 'red' }, 'colour', 'unknown field: colour'],
    [
      'an unknown nested field',
      'PATCH',
      '/v1/speakers/:speaker',
      { links: [{ url: 'https://a.example', rel: 'me' }] },
      'links.0.rel',
      'unknown field: links.0.rel',
    ],
    ['an unknown query parameter', 'GET', '/v1/sessions?event_id=:event&colour=red', undefined, 'colour', 'unknown parameter: colour'],
    // Enums
    [
      'a status not in the list',
      'PATCH',
      '/v1/speakers/:speaker',
      { status: 'maybe' },
      'status',
      'status must be one of invited, applied, accepted, confirmed, scheduled, checked_in, declined, withdrawn',
    ],
    [
      'a level not in the list',
      'PATCH',
      '/v1/sessions/:session',
      { level: 'expert' },
      'level',
      'level must be one of beginner, intermediate, advanced',
    ],
    [
      'a sort field not in the list',
      'GET',
      '/v1/speakers?event_id=:event&sort=bio',
      undefined,
      'sort',
      'sort must be one of name, email, company, status, created_at, updated_at',
    ],
    ['an order not in the list', 'GET', '/v1/events?order=up', undefined, 'order', 'order must be one of asc, desc'],
    // Formats and limits
    [
      'a malformed UUID',
      'POST',
      '/v1/speakers',
      { event_id: 'nope', email: 'a@example.com', name: 'A' },
      'event_id',
      'event_id must be a UUID',
    ],
    ['a malformed email', 'PATCH', '/v1/speakers/:speaker', { email: 'nope' }, 'email', 'email must be an email address'],
    [
      'a date-time without a zone',
      'PATCH',
      '/v1/sessions/:session',
      { starts_at: '2026-06-01T09:00:00' },
      'starts_at',
      'starts_at must be an ISO 8601 date-time with a time zone, e.g. 2026-05-01T09:00:00Z',
    ],
    [
      'a non-http URL',
      'PATCH',
      '/v1/sessions/:session',
      { slides_url: 'ftp://files.example/s.pdf' },
      'slides_url',
      'slides_url must be an http: or https: URL',
    ],
    [
      'a bad language tag',
      'PATCH',
      '/v1/sessions/:session',
      { language: 'english' },
      'language',
      'language must be a BCP 47 language tag such as en, de or pt-BR',
    ],
    ['an empty name', 'PATCH', '/v1/speakers/:speaker', { name: '  ' }, 'name', 'name must not be empty'],
    ['a title too long', 'PATCH', '/v1/sessions/:session', { title: 'x'.repeat(201) }, 'title', 'title must be at most 200 characters'],
    [
      'too many links',
      'PATCH',
      '/v1/speakers/:speaker',
      { links: Array.from({ length: 11 }, (_, i) => ({ url: `https://x.example/${i}` })) },
      'links',
      'links must have at most 10 links',
    ],
    ['a page of 0', 'GET', '/v1/events?page=0', undefined, 'page', 'page must be at least 1'],
    ['a limit of 1000', 'GET', '/v1/events?limit=1000', undefined, 'limit', 'limit must be an integer from 1 to 100'],
    [
      'an end before the start',
      'POST',
      '/v1/events',
      { ...event, ends_at: '2026-05-01T09:00:00Z' },
      'ends_at',
      'ends_at must not be before starts_at',
    ],
  ]

  const fill = (text: string) =>
    text.replaceAll(':event', eventId).replaceAll(':speaker', speakerId).replaceAll(':session', sessionId).replaceAll(':token', tokenId)

  it.each(cases)('%s: %s %s says it in words', async (_, method, path, body, fieldPath, message) => {
    const filledBody = body === undefined ? undefined : JSON.parse(fill(JSON.stringify(body)))
    const res = await api.request(method, fill(path), { key, ...(filledBody === undefined ? {} : { body: filledBody }) })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
    expect(res.body.error.details.fields).toContainEqual({ path: fieldPath, message })
    expect(res.body.error.message).toContain(message)
    expect(res.text).not.toMatch(/Invalid input|Invalid option|Unrecognized key|expected .*, received|Too (big|small)/)
  })

  it('sums up several problems in error.message and lists each in details.fields', async () => {
    const res = await api.request('POST', '/v1/speakers', { key, body: { event_id: 'nope', name: '', tags: 'a', extra: 1, more: 2 } })
    expect(res.status).toBe(400)
    const messages = res.body.error.details.fields.map((f: { message: string }) => f.message)
    expect(messages).toEqual(
      expect.arrayContaining([
        'event_id must be a UUID',
        'email is required',
        'name must not be empty',
        'tags must be a list, not a string',
        'unknown field: extra',
        'unknown field: more',
      ]),
    )
    expect(res.body.error.message).toBe(`${messages.slice(0, 3).join('; ')}; and ${messages.length - 3} more (see details.fields)`)
  })
})
