import { claimDue, type DbHandle, EMAIL_OUTBOX, enqueueEmail, listenerOf } from '@event-service/db'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { createLogger } from '@event-service/server-common'
import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type SmtpSink, startSmtpSink } from '../testing/smtp-sink.ts'
import { type MailDeliveryWorker, startMailDeliveryWorker } from './mail-delivery-worker.ts'

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:x@event-service\r\nSUMMARY:DevConf\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n'

/** The mail worker against a real SMTP server in this process. */
describe.each(DIALECTS)('confirmation email delivery on %s', (dialect) => {
  let handle: DbHandle
  let sink: SmtpSink
  let accountId: string
  let worker: MailDeliveryWorker | undefined

  beforeAll(async () => {
    handle = await createTestDb(dialect)
    sink = await startSmtpSink()
    accountId = (
      await handle.db.insertInto('accounts').values({ name: 'A', plan: 'pro', rate_limit: null }).returning('id').executeTakeFirstOrThrow()
    ).id
  })
  afterEach(async () => {
    await worker?.stop()
    worker = undefined
    sink.refuse = undefined
    sink.received.length = 0
  })
  afterAll(async () => {
    await sink?.close()
    await handle?.close()
  })

  const start = async () => {
    worker = await startMailDeliveryWorker({
      db: handle.db,
      listen: listenerOf(handle.db),
      smtpUrl: sink.url,
      from: 'DevConf <tickets@devconf.example>',
      retryDelaysMs: [20, 20],
      logger: createLogger('silent'),
    })
  }
  const enqueue = async (to: string) => {
    await handle.db.transaction().execute((trx) =>
      enqueueEmail(trx, {
        account_id: accountId,
        event_id: null,
        registration_id: null,
        kind: 'registration.confirmation',
        to_address: to,
        subject: 'You are registered: DevConf',
        text_body: 'Hello Ada,\n\nCancel: http://127.0.0.1/v1/registrations/cancel?token=secret\n',
        ics: ICS,
      }),
    )
    return handle.db.selectFrom('email_messages').selectAll().where('to_address', '=', to).executeTakeFirstOrThrow()
  }
  const row = (id: string) => handle.db.selectFrom('email_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

  it('sends a message with its calendar attachment, then forgets its content', async () => {
    await start()
    const { id } = await enqueue('ada@example.org')
    await expect.poll(async () => (await row(id)).status).toBe('delivered')
    expect(sink.received).toHaveLength(1)
    const [mail] = sink.received
    expect(mail?.to).toEqual(['ada@example.org'])
    expect(mail?.from).toBe('tickets@devconf.example')
    expect(mail?.raw).toContain('Subject: You are registered: DevConf')
    expect(mail?.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/i)
    expect(mail?.raw).toContain('event.ics')
    expect(mail?.raw).toContain(`Message-ID: <${id}@event-service>`)
    expect(await row(id)).toMatchObject({ text_body: '', ics: null, attempts: 1 })
  })

  it('keeps messages enqueued while no worker runs, and sends them when one starts', async () => {
    const { id } = await enqueue('later@example.org')
    expect((await row(id)).status).toBe('pending')
    await start()
    await expect.poll(async () => (await row(id)).status).toBe('delivered')
    expect(sink.received.map((m) => m.to[0])).toEqual(['later@example.org'])
  })

  it('retries a message the SMTP server refuses for now (4xx), and gives up at once on a permanent refusal (5xx)', async () => {
    sink.refuse = { code: 451, message: 'Try again later' }
    await start()
    const { id } = await enqueue('retry@example.org')
    await expect.poll(async () => (await row(id)).attempts).toBeGreaterThanOrEqual(2)
    sink.refuse = undefined
    await expect.poll(async () => (await row(id)).status).toBe('delivered')

    sink.refuse = { code: 550, message: 'No such user' }
    const bad = await enqueue('nobody@example.org')
    await expect.poll(async () => (await row(bad.id)).status).toBe('failed')
    expect(await row(bad.id)).toMatchObject({ attempts: 1 })
    expect((await row(bad.id)).last_error).toContain('No such user')
  })

  it('sends a message whose sender died mid-attempt (kill -9) once its lease runs out', async () => {
    const { id } = await enqueue('orphan@example.org')
    // An instance claimed it and died: its claim holds until the lease ends (moved into the past here).
    const [claimed] = await claimDue(handle.db, EMAIL_OUTBOX.table, { workerId: 'killed-instance', limit: 10, leaseMs: 60_000 })
    expect(claimed?.id).toBe(id)
    await sql`update email_messages set lease_expires_at = now() - interval '1 second' where id = ${id}`.execute(handle.db)
    await start()
    await expect.poll(async () => (await row(id)).status).toBe('delivered')
    expect(sink.received.map((m) => m.to[0])).toEqual(['orphan@example.org'])
    expect((await row(id)).attempts).toBe(2)
  })
})
