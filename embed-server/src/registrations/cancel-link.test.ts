import type { DbHandle } from '@event-service/db'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SeededEvent, seedEvent, seedToken, startEmbedServer, type TestEmbedServer } from '../testing/embed-fixtures.ts'

/** The confirmation email in the outbox, and its cancel link: once, unguessable, frees the place. */
describe.each(DIALECTS)('confirmation email and cancel link on %s', (dialect) => {
  let dbHandle: DbHandle
  let server: TestEmbedServer
  let ev: SeededEvent & { token: string }

  beforeAll(async () => {
    dbHandle = await createTestDb(dialect)
    server = await startEmbedServer(dbHandle)
    const event = await seedEvent(dbHandle.db, { name: 'DevConf', tickets: [{ id: 'standard', name: 'Standard', capacity: 2 }] })
    ev = { ...event, token: (await seedToken(dbHandle.db, event)).token }
  })
  afterAll(async () => {
    await server?.close()
    await dbHandle?.close()
  })

  const register = (email: string, locale?: string) =>
    fetch(`${server.url}/v1/events/${ev.eventId}/registrations`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ev.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Grace', email, ticket_id: 'standard', ...(locale ? { locale } : {}) }),
    })
  const messagesTo = (email: string) =>
    dbHandle.db.selectFrom('email_messages').selectAll().where('to_address', '=', email).orderBy('created_at').execute()
  const cancel = (token: string) =>
    fetch(`${server.url}/v1/registrations/cancel`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    })

  it('writes one confirmation into the outbox, in the registrant’s language, with the event as .ics, and none for a repeat', async () => {
    expect((await register('grace@example.org', 'de-AT')).status).toBe(201)
    expect((await register('GRACE@example.org')).status).toBe(201)
    const messages = await messagesTo('grace@example.org')
    expect(messages).toHaveLength(1)
    const [mail] = messages
    expect(mail).toMatchObject({ status: 'pending', kind: 'registration.confirmation', subject: 'Sie sind angemeldet: DevConf' })
    expect(mail?.text_body).toContain('Ticket: Standard')
    expect(mail?.text_body).toMatch(new RegExp(`${server.url}/v1/registrations/cancel\\?token=[A-Za-z0-9_-]{43}`))
    expect(mail?.ics).toContain('BEGIN:VEVENT')
    expect(mail?.ics).toContain('SUMMARY:DevConf')
    expect(mail?.ics).toContain('DTSTART:20300501T070000Z')
  })

  it('stores only the hash of the link’s secret', async () => {
    const [mail] = await messagesTo('grace@example.org')
    const token = new URL(/http\S+/.exec(mail?.text_body ?? '')?.[0] as string).searchParams.get('token') as string
    const row = await dbHandle.db.selectFrom('registrations').selectAll().where('email', '=', 'grace@example.org').executeTakeFirstOrThrow()
    expect(row.cancel_token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(row)).not.toContain(token)
  })

  it('shows a confirmation page that cancels nothing, then cancels once and frees the place', async () => {
    expect((await register('second@example.org')).status).toBe(201)
    expect((await register('waiting@example.org')).status).toBe(409)
    const [mail] = await messagesTo('grace@example.org')
    const link = /http\S+/.exec(mail?.text_body ?? '')?.[0] as string
    const page = await fetch(link)
    expect(page.status).toBe(200)
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    const html = await page.text()
    expect(html).toContain('<html lang="de">')
    expect(html).toContain('Meine Anmeldung stornieren')
    expect((await fetch(link)).status).toBe(200)

    const token = new URL(link).searchParams.get('token') as string
    const done = await cancel(token)
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('Ihre Anmeldung für DevConf ist storniert')
    const row = await dbHandle.db.selectFrom('registrations').selectAll().where('email', '=', 'grace@example.org').executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 'cancelled', cancel_token_hash: null })
    expect(row.cancelled_at).toBeInstanceOf(Date)

    const again = await cancel(token)
    expect(again.status).toBe(404)
    expect((await fetch(link)).status).toBe(404)
    expect((await register('waiting@example.org')).status).toBe(201)
  })

  it('answers a guessed or malformed link 404 in the browser’s language', async () => {
    const res = await fetch(`${server.url}/v1/registrations/cancel?token=${'A'.repeat(43)}`, {
      headers: { 'Accept-Language': 'de-DE,de;q=0.9' },
    })
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('Dieser Link wurde bereits verwendet')
    expect((await cancel('short')).status).toBe(404)
  })

  it('answers in English to a browser language that is an Object.prototype name', async () => {
    const res = await fetch(`${server.url}/v1/registrations/cancel?token=${'A'.repeat(43)}`, {
      headers: { 'Accept-Language': 'constructor' },
    })
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('This link has been used already or is not valid')
  })
})
