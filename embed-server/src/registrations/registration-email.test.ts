import { createAdminApp } from '@event-service/admin-api/app.ts'
import { type SmtpSink, startSmtpSink } from '@event-service/admin-api/testing/smtp-sink.ts'
import type { DbHandle } from '@event-service/db'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { createLogger, loadConfig } from '@event-service/server-common'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedEvent, seedToken, startEmbedServer, type TestEmbedServer } from '../testing/embed-fixtures.ts'

/**
 * A registration through the embed API ends in an email at the SMTP server of `SMTP_URL`, sent by
 * the admin API's mail worker, whose cancel link cancels the registration.
 */
describe.each(DIALECTS)('registration email through SMTP_URL on %s', (dialect) => {
  let dbHandle: DbHandle
  let embed: TestEmbedServer
  let admin: { close(): Promise<void> }
  let sink: SmtpSink

  beforeAll(async () => {
    dbHandle = await createTestDb(dialect)
    sink = await startSmtpSink()
    embed = await startEmbedServer(dbHandle)
    const config = loadConfig({ ADMIN_PORT: '0', LOG_LEVEL: 'silent', SMTP_URL: sink.url, MAIL_FROM: 'DevConf <tickets@devconf.example>' })
    admin = await createAdminApp({ db: dbHandle.db, config, logger: createLogger('silent') })
  })
  afterAll(async () => {
    await admin?.close()
    await embed?.close()
    await sink?.close()
    await dbHandle?.close()
  })

  it('sends the confirmation with the event’s calendar file and a cancel link that works', async () => {
    const ev = await seedEvent(dbHandle.db, { name: 'DevConf', tickets: [{ id: 'standard', name: 'Standard', capacity: 5 }] })
    const { token } = await seedToken(dbHandle.db, ev)
    const res = await fetch(`${embed.url}/v1/events/${ev.eventId}/registrations`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.org', ticket_id: 'standard' }),
    })
    expect(res.status).toBe(201)
    await expect.poll(() => sink.received.length).toBe(1)
    const [mail] = sink.received
    expect(mail?.to).toEqual(['ada@example.org'])
    expect(mail?.raw).toContain('Subject: You are registered: DevConf')
    expect(mail?.raw).toMatch(/text\/calendar/i)
    // Quoted-printable may wrap the link; unwrap soft line breaks first.
    const text = (mail?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=')
    const link = new RegExp(`${embed.url}/v1/registrations/cancel\\?token=[A-Za-z0-9_-]{43}`).exec(text)?.[0]
    expect(link).toBeDefined()
    const cancel = await fetch(`${embed.url}/v1/registrations/cancel`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: new URL(link as string).searchParams.get('token') as string }).toString(),
    })
    expect(cancel.status).toBe(200)
    const row = await dbHandle.db.selectFrom('registrations').select('status').where('event_id', '=', ev.eventId).executeTakeFirstOrThrow()
    expect(row.status).toBe('cancelled')
  })
})
