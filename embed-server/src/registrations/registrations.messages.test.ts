import type { DbHandle } from '@event-service/db'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SeededEvent, seedEvent, seedToken, startEmbedServer, type TestEmbedServer } from '../testing/embed-fixtures.ts'

/**
 * The registration body's validation messages, in words for people (issue 21), from the same
 * place as the admin API's (server-common/validation-messages.ts). The form's own messages
 * ("Enter a name") are sentences a visitor reads at the field; the rest names its field.
 */
describe.each(DIALECTS)('registration validation messages on %s', (dialect) => {
  let dbHandle: DbHandle
  let server: TestEmbedServer
  let ev: SeededEvent & { token: string }
  beforeAll(async () => {
    dbHandle = await createTestDb(dialect)
    server = await startEmbedServer(dbHandle)
    const event = await seedEvent(dbHandle.db, { tickets: [{ id: 'standard', name: 'Standard' }] })
    ev = { ...event, token: (await seedToken(dbHandle.db, event)).token }
  })
  afterAll(async () => {
    await server?.close()
    await dbHandle?.close()
  })

  const post = (body: unknown) =>
    fetch(`${server.url}/v1/events/${ev.eventId}/registrations`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ev.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })

  const valid = { name: 'Ada', email: 'ada@example.org', ticket_id: 'standard' }

  it.each([
    ['a missing name', { email: valid.email, ticket_id: 'standard' }, 'name', 'name is required'],
    ['a missing email', { name: 'Ada', ticket_id: 'standard' }, 'email', 'email is required'],
    ['a number for a name', { ...valid, name: 7 }, 'name', 'name must be a string, not a whole number'],
    ['a blank name', { ...valid, name: '   ' }, 'name', 'Enter a name'],
    ['a malformed email', { ...valid, email: 'ada' }, 'email', 'Enter a valid email address'],
    ['a name too long', { ...valid, name: 'x'.repeat(201) }, 'name', 'name must be at most 200 characters'],
    ['an unknown field', { ...valid, admin: true }, 'admin', 'unknown field: admin'],
    ['a filled honeypot', { ...valid, website: 'http://spam.example' }, 'website', 'website must be empty'],
    ['answers that are not an object', { ...valid, answers: ['x'] }, 'answers', 'answers must be an object, not a list'],
    [
      'an answer that is not text',
      { ...valid, answers: { diet: 1 } },
      'answers.diet',
      'answers.diet must be text, a list of options, or true or false',
    ],
    ['a missing ticket', { name: 'Ada', email: valid.email }, 'ticket_id', 'Choose a ticket'],
  ])('%s: 400 with a message for people', async (_, body, path, message) => {
    const res = await post(body)
    expect(res.status).toBe(400)
    const answer = (await res.json()) as {
      error: { code: string; message: string; details: { fields: { path: string; message: string }[] } }
    }
    expect(answer.error.code).toBe('VALIDATION_ERROR')
    expect(answer.error.details.fields).toContainEqual({ path, message })
    expect(answer.error.message).toContain(message)
    expect(JSON.stringify(answer)).not.toMatch(/Invalid input|Unrecognized key|expected .*, received/)
  })

  it('answers a registration with 201 and no Location: there is no resource the token could read', async () => {
    const res = await post({ ...valid, email: 'new@example.org' })
    expect(res.status).toBe(201)
    expect(res.headers.get('location')).toBeNull()
  })
})
