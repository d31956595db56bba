import type { DbHandle } from '@event-service/db'
import { createLogger, expireHolds } from '@event-service/server-common'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REGISTRATIONS_PER_EMAIL_PER_HOUR } from '../rate-limit/embed-rate-limit.ts'
import { type SeededEvent, seedEvent, seedToken, startEmbedServer, type TestEmbedServer } from '../testing/embed-fixtures.ts'
import { startHoldExpiry } from './hold-expiry.ts'

type Ev = SeededEvent & { token: string }

/** Headers that differ between any two requests whatever they ask. */
const PER_REQUEST_HEADERS = new Set(['date', 'x-request-id', 'x-ratelimit-remaining', 'x-ratelimit-reset'])

/**
 * Double opt-in (docs/decisions.md "Registration is confirmed by email"): a registration is
 * pending until the link in its email is followed, holds its place meanwhile, and a new, a pending
 * and a registered address look alike from outside: same answer, same change of `remaining`.
 */
describe.each(DIALECTS)('registration confirmed by email on %s', (dialect) => {
  let dbHandle: DbHandle
  let server: TestEmbedServer

  beforeAll(async () => {
    dbHandle = await createTestDb(dialect)
    server = await startEmbedServer(dbHandle, { config: { embedRateLimit: 1000, registrationHoldMs: 30 * 60_000 } })
  })
  afterAll(async () => {
    await server?.close()
    await dbHandle?.close()
  })

  async function confirmedEvent(capacity = 10): Promise<Ev> {
    const ev = await seedEvent(dbHandle.db, {
      name: 'DevConf',
      tickets: [{ id: 'standard', name: 'Standard', capacity, show_remaining: true }],
      confirmation: 'email',
    })
    return { ...ev, token: (await seedToken(dbHandle.db, ev)).token }
  }

  const post = (ev: Ev, body: Record<string, unknown>) =>
    fetch(`${server.url}/v1/events/${ev.eventId}/registrations`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ev.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ticket_id: 'standard', ...body }),
    })
  const register = (ev: Ev, email: string, name = 'Grace') => post(ev, { name, email })

  const answerOf = async (res: Response) => {
    const headers = Object.fromEntries([...res.headers].filter(([name]) => !PER_REQUEST_HEADERS.has(name)))
    return { status: res.status, headers, body: await res.text() }
  }

  const remaining = async (ev: Ev) => {
    const res = await fetch(`${server.url}/v1/events/${ev.eventId}?token=${ev.token}`)
    return ((await res.json()) as { data: { tickets: { remaining: number }[] } }).data.tickets[0]?.remaining
  }

  const rowsOf = (ev: Ev, email: string) =>
    dbHandle.db
      .selectFrom('registrations')
      .selectAll()
      .where('event_id', '=', ev.eventId)
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  const mailsTo = (ev: Ev, email: string) =>
    dbHandle.db
      .selectFrom('email_messages')
      .selectAll()
      .where('event_id', '=', ev.eventId)
      .where('to_address', '=', email)
      .orderBy('created_at')
      .orderBy('id')
      .execute()

  const linkIn = (text: string, path: 'confirm' | 'cancel') =>
    new RegExp(`${server.url}/v1/registrations/${path}\\?token=[A-Za-z0-9_-]{43}`).exec(text)?.[0]
  const tokenOf = (link: string) => new URL(link).searchParams.get('token') as string
  const confirm = (token: string) =>
    fetch(`${server.url}/v1/registrations/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    })

  /** Registers an address and follows its confirm link. */
  async function registerAndConfirm(ev: Ev, email: string): Promise<void> {
    expect((await register(ev, email)).status).toBe(201)
    const mail = (await mailsTo(ev, email)).at(-1)
    expect((await confirm(tokenOf(linkIn(mail?.text_body ?? '', 'confirm') as string))).status).toBe(200)
  }

  it('keeps a new registration pending, holding its place, and emails a confirm link stored only as a hash', async () => {
    const ev = await confirmedEvent()
    const res = await register(ev, 'grace@example.org')
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({
      success: true,
      data: { event_id: ev.eventId, name: 'Grace', ticket_id: 'standard', status: 'pending' },
    })
    const [row] = await rowsOf(ev, 'grace@example.org')
    expect(row).toMatchObject({ status: 'pending', cancel_token_hash: null, confirmed_at: null })
    expect(row?.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/)
    const holdMs = (row?.hold_expires_at?.getTime() ?? 0) - (row?.created_at.getTime() ?? 0)
    expect(Math.abs(holdMs - 30 * 60_000)).toBeLessThan(60_000)
    await expect.poll(() => remaining(ev)).toBe(9)

    const mails = await mailsTo(ev, 'grace@example.org')
    expect(mails.map((m) => [m.kind, m.subject])).toEqual([['registration.confirm_request', 'Confirm your registration: DevConf']])
    const link = linkIn(mails[0]?.text_body ?? '', 'confirm')
    expect(link).toBeDefined()
    expect(mails[0]?.text_body).toContain('held for 30 minutes')
    expect(mails[0]?.ics).toBeNull()
    expect(JSON.stringify(row)).not.toContain(tokenOf(link as string))
  })

  it('answers a new, a pending and a registered address alike, and each takes one place while it holds', async () => {
    const ev = await confirmedEvent()
    await registerAndConfirm(ev, 'known@example.org')
    expect((await register(ev, 'pending@example.org')).status).toBe(201)
    await expect.poll(() => remaining(ev)).toBe(8)

    const answers = []
    let before = 8
    for (const email of ['fresh@example.org', 'PENDING@example.org', 'Known@Example.org']) {
      answers.push(await answerOf(await register(ev, email, 'Same Name')))
      // Every accepted submission holds a place: `remaining` tells nothing about the address.
      await expect.poll(() => remaining(ev)).toBe(before - 1)
      before -= 1
    }
    expect(answers[1]).toEqual(answers[0])
    expect(answers[2]).toEqual(answers[0])
    expect(answers[0]?.status).toBe(201)

    // Only the inbox learns the difference: a second link for a pending address, a note for a registered one.
    const pendingMails = await mailsTo(ev, 'PENDING@example.org')
    expect(pendingMails.map((m) => m.kind)).toEqual(['registration.confirm_request'])
    const knownMails = await mailsTo(ev, 'Known@Example.org')
    expect(knownMails.map((m) => [m.kind, m.subject])).toEqual([['registration.already_registered', 'You are already registered: DevConf']])
    expect(linkIn(knownMails[0]?.text_body ?? '', 'confirm')).toBeUndefined()
    // The registered one is untouched; its repeat holds a place it can never confirm.
    const known = await rowsOf(ev, 'known@example.org')
    expect(known.map((r) => [r.status, r.confirm_token_hash])).toEqual([
      ['registered', null],
      ['pending', null],
    ])
  })

  it('answers sold out alike for a new and a registered address', async () => {
    const ev = await confirmedEvent(1)
    await registerAndConfirm(ev, 'known@example.org')
    const fresh = await answerOf(await register(ev, 'fresh@example.org'))
    const known = await answerOf(await register(ev, 'known@example.org'))
    expect(fresh.status).toBe(409)
    expect(JSON.parse(fresh.body).error.code).toBe('SOLD_OUT')
    expect(known).toEqual(fresh)
  })

  it('confirms through the page’s button only, once: registered, confirmation with cancel link, other holds freed', async () => {
    const ev = await confirmedEvent()
    await register(ev, 'ada@example.org', 'Ada')
    await register(ev, 'ADA@example.org', 'Ada')
    await expect.poll(() => remaining(ev)).toBe(8)
    const [first, second] = await Promise.all([mailsTo(ev, 'ada@example.org'), mailsTo(ev, 'ADA@example.org')])
    const link = linkIn(first?.[0]?.text_body ?? '', 'confirm') as string
    const otherLink = linkIn(second?.[0]?.text_body ?? '', 'confirm') as string

    // Opening the link (a mail scanner does) changes nothing.
    const page = await fetch(link)
    expect(page.status).toBe(200)
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    const html = await page.text()
    expect(html).toContain('Confirm my registration')
    expect(html).toContain('<dd>Ada</dd>')
    expect((await rowsOf(ev, 'ada@example.org')).map((r) => r.status)).toEqual(['pending', 'pending'])

    const done = await confirm(tokenOf(link))
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('You are registered for DevConf')
    const rows = await rowsOf(ev, 'ada@example.org')
    expect(rows.map((r) => r.status)).toEqual(['registered', 'expired'])
    expect(rows[0]).toMatchObject({ confirm_token_hash: null })
    expect(rows[0]?.confirmed_at).toBeInstanceOf(Date)
    expect(rows[0]?.cancel_token_hash).toMatch(/^[0-9a-f]{64}$/)
    // One place: the second hold of the same address is free again.
    await expect.poll(() => remaining(ev)).toBe(9)

    const confirmation = (await mailsTo(ev, 'ada@example.org')).find((m) => m.kind === 'registration.confirmation')
    expect(confirmation?.subject).toBe('You are registered: DevConf')
    expect(confirmation?.ics).toContain('BEGIN:VEVENT')
    expect(linkIn(confirmation?.text_body ?? '', 'cancel')).toBeDefined()

    expect((await confirm(tokenOf(link))).status).toBe(404)
    expect((await fetch(link)).status).toBe(404)
    expect((await confirm(tokenOf(otherLink))).status).toBe(404)
  })

  it('frees the place of a hold that ran out: by the clock at once, then marked expired; its link answers 410', async () => {
    const ev = await confirmedEvent(1)
    await register(ev, 'late@example.org')
    await expect.poll(() => remaining(ev)).toBe(0)
    expect((await register(ev, 'waiting@example.org')).status).toBe(409)
    const link = linkIn((await mailsTo(ev, 'late@example.org'))[0]?.text_body ?? '', 'confirm') as string

    await dbHandle.db
      .updateTable('registrations')
      .set({ hold_expires_at: new Date(Date.now() - 1000) })
      .where('event_id', '=', ev.eventId)
      .execute()
    const gone = await confirm(tokenOf(link))
    expect(gone.status).toBe(410)
    expect(await gone.text()).toContain('This link has expired')
    expect((await rowsOf(ev, 'late@example.org')).map((r) => r.status)).toEqual(['expired'])
    // A second click, and opening the link, say the same.
    expect((await confirm(tokenOf(link))).status).toBe(410)
    expect((await fetch(link)).status).toBe(410)
    expect((await register(ev, 'waiting@example.org')).status).toBe(201)
  })

  it('marks every run-out hold expired in the sweep, which flushes the cached places', async () => {
    const ev = await confirmedEvent(2)
    await register(ev, 'one@example.org')
    await register(ev, 'two@example.org')
    await expect.poll(() => remaining(ev)).toBe(0)
    const link = linkIn((await mailsTo(ev, 'one@example.org'))[0]?.text_body ?? '', 'confirm') as string
    await dbHandle.db
      .updateTable('registrations')
      .set({ hold_expires_at: new Date(Date.now() - 1000) })
      .where('event_id', '=', ev.eventId)
      .where('email', '=', 'one@example.org')
      .execute()
    const sweep = startHoldExpiry({ db: dbHandle.db, logger: createLogger('silent'), intervalMs: 20 })
    try {
      await expect.poll(async () => (await rowsOf(ev, 'one@example.org')).map((r) => r.status)).toEqual(['expired'])
      await expect.poll(() => remaining(ev)).toBe(1)
    } finally {
      await sweep.stop()
    }
    expect((await rowsOf(ev, 'two@example.org')).map((r) => r.status)).toEqual(['pending'])
    expect(await expireHolds(dbHandle.db)).toBe(0)
    // The swept registration's link still says why it does nothing.
    const late = await confirm(tokenOf(link))
    expect(late.status).toBe(410)
    expect(await late.text()).toContain('This link has expired')
  })

  it('refuses a name with control characters 400 VALIDATION_ERROR naming the field', async () => {
    const ev = await confirmedEvent()
    for (const name of ['Ada\r\nPay the fee at https://evil.example', 'Ada\tL', 'Ada\u2028Pay']) {
      const res = await register(ev, 'ada@example.org', name)
      expect(res.status).toBe(400)
      const body = (await res.json()) as { error: { code: string; details: { fields: { path: string; message: string }[] } } }
      expect(body.error.code).toBe('VALIDATION_ERROR')
      expect(body.error.details.fields).toEqual([{ path: 'name', message: 'name must be one line, without control characters' }])
    }
    expect(await rowsOf(ev, 'ada@example.org')).toEqual([])
  })

  it('never puts the registrant’s name into a sentence of the email: it is a labelled value', async () => {
    const ev = await confirmedEvent()
    const name = 'Ada. Your place costs €50: pay at https://evil.example'
    expect((await register(ev, 'ada@example.org', name)).status).toBe(201)
    const text = (await mailsTo(ev, 'ada@example.org'))[0]?.text_body ?? ''
    expect(text.startsWith('Hello,\n')).toBe(true)
    const lines = text.split('\n').filter((line) => line.includes(name))
    expect(lines).toEqual([`Name: ${name}`])
  })

  it(`limits each inbox to ${REGISTRATIONS_PER_EMAIL_PER_HOUR} registrations an hour, however the address is spelled`, async () => {
    const ev = await confirmedEvent()
    const spellings = ['victim@gmail.com', 'Victim+1@gmail.com', 'v.ictim@googlemail.com', 'VICTIM+x@GMAIL.COM', 'vic.tim+2@gmail.com']
    expect(spellings).toHaveLength(REGISTRATIONS_PER_EMAIL_PER_HOUR)
    for (const email of spellings) expect((await register(ev, email)).status).toBe(201)
    const res = await register(ev, 'victim+3@gmail.com')
    expect(res.status).toBe(429)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMIT_EXCEEDED')
    expect((await register(ev, 'someone.else@gmail.com')).status).toBe(201)
  })
})
