import type { DbHandle } from '@event-service/db'
import { findDemoEvent, seedDemo } from '@event-service/seed'
import { createTestDb } from '@event-service/db/testing.ts'
import { listen, type RunningServer } from '@event-service/server-common'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoChanges } from './demo-changes.ts'
import { createDemoApp } from './demo-server.ts'

// The demo's changes go through the admin API's service: the database is what matters, PGlite suffices.
describe('the demo page’s "change something" control', () => {
  let handle: DbHandle
  let server: RunningServer
  let eventId: string
  const post = (body: string, type = 'application/json') =>
    fetch(`${server.url}/demo/change`, { method: 'POST', headers: { 'Content-Type': type }, body })
  const sessions = () =>
    handle.db
      .selectFrom('sessions')
      .select(['id', 'starts_at', 'room', 'cancelled'])
      .where('event_id', '=', eventId)
      .orderBy('id')
      .execute()

  beforeAll(async () => {
    handle = await createTestDb('pglite')
    await seedDemo(handle.db)
    eventId = (await findDemoEvent(handle.db))!.id
    const changes = createDemoChanges(handle.db, eventId)
    const app = createDemoApp({ logger: pino({ level: 'silent' }), config: () => undefined, changes: () => changes })
    server = await listen(app.callback(), { host: '127.0.0.1', port: 0 })
  })
  afterAll(async () => {
    await server?.close()
    await handle?.close()
  })

  it('moves a session, cancels another, and undoes both', async () => {
    const seeded = await sessions()
    const moved = await post(JSON.stringify({ action: 'move' }))
    expect(moved.status).toBe(200)
    const movedId = ((await moved.json()) as { data: { session_id: string; message: string } }).data.session_id
    const cancelled = await post(JSON.stringify({ action: 'cancel' }))
    const cancelledBody = (await cancelled.json()) as { data: { session_id: string; message: string } }
    expect(cancelledBody.data.message).toMatch(/^Cancelled “/)
    const after = await sessions()
    const was = (id: string) => seeded.find((s) => s.id === id)!
    const now = (id: string) => after.find((s) => s.id === id)!
    expect(now(movedId).starts_at.getTime() - was(movedId).starts_at.getTime()).toBe(30 * 60_000)
    expect(now(movedId).room).not.toBe(was(movedId).room)
    expect(now(cancelledBody.data.session_id).cancelled).toBe(true)

    const undone = await post(JSON.stringify({ action: 'undo' }))
    expect(((await undone.json()) as { data: { message: string } }).data.message).toBe('Put back 2 sessions as seeded.')
    expect(await sessions()).toEqual(seeded)
  })

  it('refuses an unknown action with 400 and anything but JSON with 415', async () => {
    const bad = await post(JSON.stringify({ action: 'delete' }))
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_ERROR')
    expect((await post('action=move', 'application/x-www-form-urlencoded')).status).toBe(415)
    expect((await fetch(`${server.url}/demo/change`)).status).toBe(405)
  })
})
