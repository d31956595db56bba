import type { DbHandle } from '@event-service/db'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REGISTRATIONS_PER_MINUTE } from '../rate-limit/embed-rate-limit.ts'
import { seedEvent, seedToken, startEmbedServer, type SeededEvent, type TestEmbedServer } from '../testing/embed-fixtures.ts'

/**
 * Headers that differ between any two requests, whatever they ask: the time, the request's id, the
 * count left and the end of the window (a time too, in whole seconds).
 */
const PER_REQUEST_HEADERS = new Set(['date', 'x-request-id', 'x-ratelimit-remaining', 'x-ratelimit-reset'])

const TICKETS = [
  { id: 'standard', name: 'Standard' },
  { id: 'student', name: 'Student', price: '€50' },
]

/** The questions the answers below reply to (answers to no question are refused). */
const QUESTIONS = [
  { id: 'diet', label: 'Diet', type: 'text' as const, required: false },
  { id: 'x', label: 'X', type: 'text' as const, required: false },
]

describe.each(DIALECTS)('registrations on %s', (dialect) => {
  let dbHandle: DbHandle
  let server: TestEmbedServer

  beforeAll(async () => {
    dbHandle = await createTestDb(dialect)
    // The registration limit is on whenever rate limits are.
    server = await startEmbedServer(dbHandle, { config: { embedRateLimit: 1000 } })
  })
  afterAll(async () => {
    await server?.close()
    await dbHandle?.close()
  })

  /** A fresh event (own per-IP registration budget) with a token. */
  async function eventWithToken(tickets = TICKETS): Promise<SeededEvent & { token: string }> {
    const ev = await seedEvent(dbHandle.db, { tickets, questions: QUESTIONS })
    return { ...ev, token: (await seedToken(dbHandle.db, ev)).token }
  }

  const post = (ev: SeededEvent & { token: string }, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/v1/events/${ev.eventId}/registrations`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ev.token}`, 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })

  /** The stored registration of an email, every column. */
  const storedRegistration = (ev: SeededEvent, email: string) =>
    dbHandle.db
      .selectFrom('registrations')
      .selectAll()
      .where('event_id', '=', ev.eventId)
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirstOrThrow()

  /** Status, body and every header but those that differ between any two requests. */
  const answerOf = async (res: Response) => {
    const headers = Object.fromEntries([...res.headers].filter(([name]) => !PER_REQUEST_HEADERS.has(name)))
    return { status: res.status, headers, headerNames: [...res.headers.keys()].sort(), body: await res.text() }
  }

  const fieldsOf = async (res: Response) => {
    const body = (await res.json()) as { error: { code: string; details: { fields?: { path: string }[] } } }
    return { status: res.status, code: body.error.code, paths: (body.error.details.fields ?? []).map((f) => f.path) }
  }

  it('creates a registration: 201 with public fields only, owned by the event’s account', async () => {
    const ev = await eventWithToken()
    const res = await post(ev, {
      name: 'Grace Hopper',
      email: 'grace@example.org',
      ticket_id: 'student',
      answers: { diet: 'vegan' },
      website: '',
    })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({
      success: true,
      data: { event_id: ev.eventId, name: 'Grace Hopper', ticket_id: 'student', status: 'registered' },
    })
    const row = await storedRegistration(ev, 'grace@example.org')
    expect(row).toMatchObject({ account_id: ev.accountId, name: 'Grace Hopper', ticket_id: 'student', answers: { diet: 'vegan' } })
  })

  it('answers a repeat of a registered email (any case) byte for byte like a new registration, and stores nothing of it', async () => {
    const ev = await eventWithToken()
    const first = { name: 'Ada Lovelace', email: 'ada@example.org', ticket_id: 'student', answers: { diet: 'none' } }
    const repeat = { name: 'Ada', email: 'ADA@Example.org', ticket_id: 'standard', answers: { diet: 'vegan' } }
    const fresh = { name: 'Ada', email: 'another.ada@example.org', ticket_id: 'standard' }
    await post(ev, first)
    const before = await storedRegistration(ev, 'ada@example.org')

    const repeatResponse = await post(ev, repeat)
    const createResponse = await post(ev, fresh)
    // Each counts once against the registration limit.
    const remaining = (res: Response) => Number(res.headers.get('x-ratelimit-remaining'))
    expect(remaining(repeatResponse) - remaining(createResponse)).toBe(1)
    const repeated = await answerOf(repeatResponse)
    const created = await answerOf(createResponse)
    expect(repeated).toEqual(created)
    expect(created.status).toBe(201)
    expect(JSON.parse(created.body)).toEqual({
      success: true,
      data: { event_id: ev.eventId, name: 'Ada', ticket_id: 'standard', status: 'registered' },
    })
    expect(await storedRegistration(ev, 'ada@example.org')).toEqual(before)
  })

  it('answers a repeat with the name and ticket it was sent, leaving the stored registration unchanged', async () => {
    const ev = await eventWithToken()
    await post(ev, { name: 'Ada Lovelace', email: 'ada@example.org', ticket_id: 'standard' })
    const before = await storedRegistration(ev, 'ada@example.org')
    const again = await post(ev, { name: 'Someone Else', email: 'Ada@example.ORG', ticket_id: 'student', answers: { x: 'y' } })
    expect(again.status).toBe(201)
    expect(await again.json()).toEqual({
      success: true,
      data: { event_id: ev.eventId, name: 'Someone Else', ticket_id: 'student', status: 'registered' },
    })
    expect(await storedRegistration(ev, 'ada@example.org')).toEqual(before)
    expect(before).toMatchObject({ name: 'Ada Lovelace', ticket_id: 'standard', answers: {} })
    const rows = await dbHandle.db.selectFrom('registrations').select('id').where('event_id', '=', ev.eventId).execute()
    expect(rows).toHaveLength(1)
  })

  it('creates one registration from concurrent identical requests, all answered alike', async () => {
    const ev = await eventWithToken()
    const answers = await Promise.all(
      [1, 2, 3].map(async () => answerOf(await post(ev, { name: 'Lin', email: 'lin@example.org', ticket_id: 'standard' }))),
    )
    expect(answers[0]?.status).toBe(201)
    expect(answers[1]).toEqual(answers[0])
    expect(answers[2]).toEqual(answers[0])
    const rows = await dbHandle.db.selectFrom('registrations').select('id').where('event_id', '=', ev.eventId).execute()
    expect(rows).toHaveLength(1)
  })

  it('refuses a filled honeypot 400 VALIDATION_ERROR at website', async () => {
    const ev = await eventWithToken()
    expect(
      await fieldsOf(await post(ev, { name: 'Bot', email: 'bot@example.org', ticket_id: 'standard', website: 'http://spam' })),
    ).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      paths: ['website'],
    })
  })

  it('refuses unknown fields, a bad email and an empty name with their paths', async () => {
    const ev = await eventWithToken()
    const res = await fieldsOf(await post(ev, { name: '  ', email: 'not-an-email', ticket_id: 'standard', admin: true }))
    expect(res.status).toBe(400)
    expect(res.code).toBe('VALIDATION_ERROR')
    expect(res.paths).toEqual(expect.arrayContaining(['name', 'email']))
    expect(res.paths.some((p) => p === 'admin')).toBe(true)
  })

  it('requires a ticket of the event when it has tickets', async () => {
    const ev = await eventWithToken()
    expect(await fieldsOf(await post(ev, { name: 'A', email: 'a@example.org' }))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      paths: ['ticket_id'],
    })
    expect(await fieldsOf(await post(ev, { name: 'A', email: 'a@example.org', ticket_id: 'vip' }))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      paths: ['ticket_id'],
    })
  })

  it('registers without a ticket when the event has none', async () => {
    const ev = await eventWithToken([])
    expect((await post(ev, { name: 'A', email: 'a@example.org' })).status).toBe(201)
  })

  it('refuses a body over 16 KiB 413 PAYLOAD_TOO_LARGE', async () => {
    const ev = await eventWithToken()
    const res = await post(ev, { name: 'A', email: 'a@example.org', ticket_id: 'standard', answers: { long: 'x'.repeat(17 * 1024) } })
    expect((await fieldsOf(res)).code).toBe('PAYLOAD_TOO_LARGE')
    expect(res.status).toBe(413)
  })

  it('refuses a body that is not JSON 400 INVALID_JSON, and another content type 415', async () => {
    const ev = await eventWithToken()
    const broken = await post(ev, '{"name": "A",')
    expect(broken.status).toBe(400)
    expect(((await broken.json()) as { error: { code: string } }).error.code).toBe('INVALID_JSON')
    const form = await post(ev, 'name=A', { 'Content-Type': 'application/x-www-form-urlencoded' })
    expect(form.status).toBe(415)
    expect(((await form.json()) as { error: { code: string } }).error.code).toBe('UNSUPPORTED_MEDIA_TYPE')
  })

  it('refuses a registration with a token of another event 403 EVENT_MISMATCH, creating nothing', async () => {
    const ev = await eventWithToken()
    const other = await eventWithToken()
    const res = await post({ ...ev, token: other.token }, { name: 'A', email: 'a@example.org', ticket_id: 'standard' })
    expect(res.status).toBe(403)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('EVENT_MISMATCH')
    expect(await dbHandle.db.selectFrom('registrations').select('id').where('event_id', '=', ev.eventId).execute()).toEqual([])
  })

  it(`limits registrations per client IP and event to ${REGISTRATIONS_PER_MINUTE} a minute: 429 RATE_LIMIT_EXCEEDED with Retry-After`, async () => {
    const ev = await eventWithToken()
    for (let i = 0; i < REGISTRATIONS_PER_MINUTE; i++) {
      expect((await post(ev, { name: 'P', email: `p${i}@example.org`, ticket_id: 'standard' })).status).toBe(201)
    }
    const res = await post(ev, { name: 'P', email: 'one-more@example.org', ticket_id: 'standard' })
    expect(res.status).toBe(429)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMIT_EXCEEDED')
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
