import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../create-db.ts'
import { createTestDb, DIALECTS, insertTestEvent } from '../testing.ts'
import { WEBHOOK_EVENT_TYPES, WEBHOOK_OUTBOX, type WebhookEventType } from '../webhooks/webhook-event-types.ts'
import { EMBED_CHANGES_CHANNEL, type EmbedChange, parseEmbedChange } from './embed-change.ts'

/**
 * Every write, by any writer, is recorded by the database: these tests write with plain SQL, no
 * service code, and expect both the embed caches' notification and the webhook deliveries.
 */
describe.each(DIALECTS)('change records on %s', (dialect) => {
  let handle: DbHandle
  const notices: EmbedChange[] = []
  let outboxWakes = 0
  let accountId: string
  let eventId: string
  let endpointIds: string[]

  const q = <T>(query: ReturnType<typeof sql<T>>) => query.execute(handle.db).then((r) => r.rows)
  const deliveriesOfType = (type: string) =>
    q<{ webhook_id: string; message_id: string; type: string; body: string | null; change_id: string | null }>(
      sql`select webhook_id, message_id, type, body, change_id from webhook_deliveries where account_id = ${accountId} and type = ${type}`,
    )
  const allDeliveries = async () =>
    (await q<{ n: number }>(sql`select count(*)::int as n from webhook_deliveries where account_id = ${accountId}`))[0]?.n

  beforeAll(async () => {
    handle = await createTestDb(dialect)
    ;({ accountId, eventId } = await insertTestEvent(handle.db, { name: 'Before' }))
    await handle.listen(EMBED_CHANGES_CHANNEL, {
      onMessage: (payload) => {
        const change = parseEmbedChange(payload)
        if (change) notices.push(change)
      },
      onReconnect: () => {},
    })
    await handle.listen(WEBHOOK_OUTBOX.channel, { onMessage: () => outboxWakes++, onReconnect: () => {} })
    const endpoints = await q<{ id: string }>(sql`
      insert into webhook_endpoints (account_id, url, events, secret, enabled)
      values (${accountId}, 'https://a.example/hook', '{*}', 'whsec_a', true),
             (${accountId}, 'https://b.example/hook', '{*}', 'whsec_b', true),
             (${accountId}, 'https://off.example/hook', '{*}', 'whsec_c', false)
      returning id`)
    endpointIds = endpoints.map((e) => e.id)
  })
  afterAll(() => handle.close())

  it('announces a raw SQL change to the embed caches and to the subscribed endpoints, in one record', async () => {
    const wakes = outboxWakes
    await sql`update events set name = 'After' where id = ${eventId}`.execute(handle.db)
    await expect.poll(() => notices).toContainEqual({ kind: 'event', eventId, table: 'events' })
    await expect.poll(() => outboxWakes).toBeGreaterThan(wakes)
    const deliveries = await deliveriesOfType('event.updated')
    // The two enabled endpoints, one message id, no body of its own: it is presented from the change.
    expect(deliveries.map((d) => d.webhook_id).sort()).toEqual(endpointIds.slice(0, 2).sort())
    expect(new Set(deliveries.map((d) => d.message_id)).size).toBe(1)
    expect(deliveries[0]?.message_id).toMatch(/^msg_[0-9a-f]{32}$/)
    expect(deliveries.every((d) => d.body === null && d.change_id === deliveries[0]?.change_id)).toBe(true)
    const [change] = await q<{ table_name: string; operation: string; resource_id: string; event_id: string; row: { name: string } }>(
      sql`select table_name, operation, resource_id, event_id, row from changes where id = ${deliveries[0]?.change_id}`,
    )
    expect(change).toMatchObject({
      table_name: 'events',
      operation: 'update',
      resource_id: eventId,
      event_id: eventId,
      row: { name: 'After' },
    })
  })

  /** A plain SQL writer of each webhook event type: the database produces every type the docs list. */
  const writers: Record<WebhookEventType, () => Promise<unknown>> = {
    'event.updated': () => sql`update events set venue = 'Hall 2' where id = ${eventId}`.execute(handle.db),
    'speaker.created': () =>
      sql`insert into speakers (account_id, event_id, email, name) values (${accountId}, ${eventId}, 'ada@example.com', 'Ada')`.execute(
        handle.db,
      ),
    'speaker.updated': () => sql`update speakers set company = 'Analytical' where event_id = ${eventId}`.execute(handle.db),
    'speaker.deleted': () => sql`delete from speakers where event_id = ${eventId}`.execute(handle.db),
    'session.created': () =>
      sql`insert into sessions (account_id, event_id, title, starts_at, ends_at) values (${accountId}, ${eventId}, 'Talk', now(), now())`.execute(
        handle.db,
      ),
    'session.updated': () => sql`update sessions set title = 'Keynote' where event_id = ${eventId}`.execute(handle.db),
    'session.deleted': () => sql`delete from sessions where event_id = ${eventId}`.execute(handle.db),
    'embed_token.created': () =>
      sql`insert into embed_tokens (account_id, event_id, name, prefix, token_hash) values (${accountId}, ${eventId}, 'Site', 'evt_pk_abc', 'hash-1')`.execute(
        handle.db,
      ),
    'embed_token.updated': () => sql`update embed_tokens set name = 'Website' where event_id = ${eventId}`.execute(handle.db),
    'embed_token.revoked': () =>
      sql`update embed_tokens set revoked_at = now(), is_active = false where event_id = ${eventId}`.execute(handle.db),
    'registration.created': () =>
      sql`insert into registrations (account_id, event_id, name, email, status) values (${accountId}, ${eventId}, 'Grace', 'grace@example.com', 'pending')`.execute(
        handle.db,
      ),
    'registration.confirmed': () =>
      sql`update registrations set status = 'registered', confirmed_at = now() where event_id = ${eventId} and status = 'pending'`.execute(
        handle.db,
      ),
  }

  it('has a writer for every event type', () => {
    expect(Object.keys(writers).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort())
  })

  // In order: each writer works on what the one before it wrote.
  it.each(Object.keys(writers) as WebhookEventType[])('a plain SQL write produces %s', async (type) => {
    const before = (await deliveriesOfType(type)).length
    await writers[type]()
    const after = await deliveriesOfType(type)
    expect(after.length - before).toBe(2)
  })

  it('announces neither usage counting nor a rolled-back change', async () => {
    const before = await allDeliveries()
    await sql`update embed_tokens set usage_count = usage_count + 5, last_used_at = now() where event_id = ${eventId}`.execute(handle.db)
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`update events set name = 'Rolled back' where id = ${eventId}`.execute(trx)
        throw new Error('roll back')
      })
      .catch(() => {})
    expect(await allDeliveries()).toBe(before)
  })

  it('carries a session’s speakers as set in the same transaction, and as they were before its delete', async () => {
    const sessionId = await handle.db.transaction().execute(async (trx) => {
      const [speaker] = (
        await sql<{ id: string }>`
          insert into speakers (account_id, event_id, email, name) values (${accountId}, ${eventId}, 'lin@example.com', 'Lin') returning id`.execute(
          trx,
        )
      ).rows
      const [session] = (
        await sql<{ id: string }>`
          insert into sessions (account_id, event_id, title, starts_at, ends_at) values (${accountId}, ${eventId}, 'Panel', now(), now()) returning id`.execute(
          trx,
        )
      ).rows
      await sql`insert into session_speakers (session_id, speaker_id) values (${session?.id}, ${speaker?.id})`.execute(trx)
      return session?.id as string
    })
    await sql`delete from sessions where id = ${sessionId}`.execute(handle.db)
    const rows = await q<{ operation: string; speakers: { name: string }[] }>(
      sql`select operation, row->'speakers' as speakers from changes where resource_id = ${sessionId} order by operation`,
    )
    expect(rows).toEqual([
      { operation: 'delete', speakers: [expect.objectContaining({ name: 'Lin' })] },
      { operation: 'insert', speakers: [expect.objectContaining({ name: 'Lin' })] },
    ])
  })

  it('announces a change of a session’s speakers alone as its update, once per transaction', async () => {
    const [speaker] = await q<{ id: string }>(
      sql`insert into speakers (account_id, event_id, email, name) values (${accountId}, ${eventId}, 'mo@example.com', 'Mo') returning id`,
    )
    const [session] = await q<{ id: string }>(
      sql`insert into sessions (account_id, event_id, title, starts_at, ends_at) values (${accountId}, ${eventId}, 'Talk', now(), now()) returning id`,
    )
    const updates = () =>
      q<{ title: string; speakers: { name: string }[] }>(
        sql`select row->>'title' as title, row->'speakers' as speakers from changes where resource_id = ${session?.id} and type = 'session.updated' order by created_at, id`,
      )
    await sql`insert into session_speakers (session_id, speaker_id) values (${session?.id}, ${speaker?.id})`.execute(handle.db)
    expect(await updates()).toEqual([{ title: 'Talk', speakers: [expect.objectContaining({ name: 'Mo' })] }])
    // The row twice and its speakers in one transaction: one update, as the transaction left it.
    await handle.db.transaction().execute(async (trx) => {
      await sql`update sessions set title = 'Talk, take two' where id = ${session?.id}`.execute(trx)
      await sql`delete from session_speakers where session_id = ${session?.id}`.execute(trx)
      await sql`update sessions set title = 'Talk, final' where id = ${session?.id}`.execute(trx)
    })
    expect(await updates()).toEqual([
      { title: 'Talk', speakers: [expect.objectContaining({ name: 'Mo' })] },
      { title: 'Talk, final', speakers: [] },
    ])
  })

  it('does not announce rows deleted with their event', async () => {
    const other = await insertTestEvent(handle.db)
    await sql`insert into webhook_endpoints (account_id, url, events, secret) values (${other.accountId}, 'https://c.example/hook', '{*}', 'whsec_d')`.execute(
      handle.db,
    )
    await sql`insert into speakers (account_id, event_id, email, name) values (${other.accountId}, ${other.eventId}, 'x@example.com', 'X')`.execute(
      handle.db,
    )
    await sql`delete from events where id = ${other.eventId}`.execute(handle.db)
    const types = await q<{ type: string }>(sql`select type from webhook_deliveries where account_id = ${other.accountId}`)
    expect(types.map((t) => t.type)).toEqual(['speaker.created'])
    // Deleting the account takes its changes and deliveries with it.
    await sql`delete from accounts where id = ${other.accountId}`.execute(handle.db)
    expect(await q(sql`select 1 from changes where account_id = ${other.accountId}`)).toEqual([])
  })
})
