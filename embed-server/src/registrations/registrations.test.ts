import type { DbHandle } from '@event-service/db'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REGISTRATIONS_PER_MINUTE } from '../rate-limit/embed-rate-limit.ts'
import { seedEvent, seedToken, startEmbedServer, type SeededEvent, type TestEmbedServer } from '../testing/embed-fixtures.ts'

const TICKETS = [
  { id: 'standard', name: 'Standard' },
  { id: 'student', name: 'Student', price: '€50' },
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
    const ev = await seedEvent(dbHandle.db, { tickets })
    return { ...ev, token: (await seedToken(dbHandle.db, ev)).token }
  }

  const post = (ev: SeededEvent & { token: string }, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/v1/events/${ev.eventId}/registrations`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ev.token}`, 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })

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
    const { data } = (await res.json()) as { data: Record<string, unknown> }
    expect(Object.keys(data).sort()).toEqual(['created_at', 'event_id', 'id', 'name', 'ticket_id'])
    expect(data).toMatchObject({ event_id: ev.eventId, name: 'Grace Hopper', ticket_id: 'student' })
    const row = await dbHandle.db
      .selectFrom('registrations')
      .selectAll()
      .where('id', '=', data.id as string)
      .executeTakeFirstOrThrow()
    expect(row.account_id).toBe(ev.accountId)
    expect(row.answers).toEqual({ diet: 'vegan' })
  })

  it('answers a repeat with the same email (any case) 200 and the first registration, creating nothing', async () => {
    const ev = await eventWithToken()
    const first = (await (await post(ev, { name: 'Ada', email: 'ada@example.org', ticket_id: 'standard' })).json()) as {
      data: { id: string }
    }
    const again = await post(ev, { name: 'Someone Else', email: 'ADA@Example.org', ticket_id: 'student' })
    expect(again.status).toBe(200)
    const { data } = (await again.json()) as { data: { id: string; name: string; ticket_id: string } }
    expect(data).toMatchObject({ id: first.data.id, name: 'Ada', ticket_id: 'standard' })
    const rows = await dbHandle.db.selectFrom('registrations').select('id').where('event_id', '=', ev.eventId).execute()
    expect(rows).toHaveLength(1)
  })

  it('creates one registration from concurrent identical requests', async () => {
    const ev = await eventWithToken()
    const statuses = (
      await Promise.all([1, 2, 3].map(() => post(ev, { name: 'Lin', email: 'lin@example.org', ticket_id: 'standard' })))
    ).map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 200)).toHaveLength(2)
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
    expect(res.paths.some((p) => p === '(root)' || p === 'admin')).toBe(true)
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
