import SwaggerParser from '@apidevtools/swagger-parser'
import type { DbHandle } from '@event-service/db'
import { createTestDb } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { PublicEvent, PublicSession, PublicSpeaker } from '../events/events.schema.ts'
import { RegistrationAnswer } from '../registrations/registrations.schema.ts'
import { LiveChanged } from '../live/live.schema.ts'
import { AccessVerdict } from '../tokens/access.schema.ts'
import { openSse } from '../testing/sse-client.ts'
import { seedEvent, seedSession, seedSpeaker, seedToken, startEmbedServer, type TestEmbedServer } from '../testing/embed-fixtures.ts'
import { embedApiDocument } from './embed-api-document.ts'
import { ErrorEnvelope } from '@event-service/server-common/openapi.ts'

// The document does not depend on the database: PGlite is enough.
describe('the embed API’s OpenAPI document', () => {
  let dbHandle: DbHandle
  let server: TestEmbedServer
  beforeAll(async () => {
    dbHandle = await createTestDb('pglite')
    server = await startEmbedServer(dbHandle)
  })
  afterAll(async () => {
    await server?.close()
    await dbHandle?.close()
  })

  it('is served at GET /v1/openapi.json to any page, without a token: the document of the routes the app declares', async () => {
    const res = await fetch(`${server.url}/v1/openapi.json`, { headers: { Origin: 'https://anywhere.example' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await res.json()).toEqual(embedApiDocument())
  })

  it('is a valid OpenAPI 3.0 document of the reads, the first screens, the registration and the access verdict', async () => {
    const doc = embedApiDocument() as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> }
    expect(doc.openapi).toMatch(/^3\.0\./)
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy()
    const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`))
    expect(operations.sort()).toEqual(
      [
        'GET /events/{eventId}',
        'GET /events/{eventId}/sessions',
        'GET /events/{eventId}/sessions/{sessionId}',
        'GET /events/{eventId}/speakers',
        'GET /events/{eventId}/speakers/{speakerId}',
        'POST /events/{eventId}/registrations',
        'GET /events/{eventId}/access',
        'GET /events/{eventId}/schedule.ics',
        'GET /events/{eventId}/sessions/{sessionId}/calendar.ics',
        'GET /events/{eventId}/schedule.json',
        'GET /events/{eventId}/schedule.xml',
        'GET /events/{eventId}/live',
        'GET /openapi.json',
        'GET /registrations/cancel',
        'POST /registrations/cancel',
        'GET /registrations/confirm',
        'POST /registrations/confirm',
        'GET /events/{eventId}/first-screen/{element}',
      ].sort(),
    )
  })

  it('describes exactly what the server answers (strict schemas, field by field)', async () => {
    const ev = await seedEvent(dbHandle.db, { tickets: [{ id: 'standard', name: 'Standard', price: '€350' }] })
    const ada = await seedSpeaker(dbHandle.db, ev, 'Ada Public', 'confirmed')
    const session = await seedSession(dbHandle.db, ev, { title: 'Keynote', startsAt: '2030-05-01T07:30:00Z', speakerIds: [ada] })
    const { token } = await seedToken(dbHandle.db, ev)
    const call = async <T extends z.ZodType>(schema: T, path: string, init: RequestInit = {}) => {
      const res = await fetch(`${server.url}/v1/events/${ev.eventId}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      })
      const body = (await res.json()) as { data: unknown }
      return schema.parse(body.data)
    }
    await call(PublicEvent, '')
    expect(await call(PublicSession.array(), '/sessions')).toHaveLength(1)
    await call(PublicSession, `/sessions/${session}`)
    expect(await call(PublicSpeaker.array(), '/speakers')).toHaveLength(1)
    await call(PublicSpeaker, `/speakers/${ada}`)
    await call(AccessVerdict, '/access')
    const feed = await fetch(`${server.url}/v1/events/${ev.eventId}/schedule.ics?token=${token}`)
    const documented = (embedApiDocument() as { paths: Record<string, { get: { responses: Record<string, { content?: object }> } }> })
      .paths['/events/{eventId}/schedule.ics']
    expect(Object.keys(documented?.get.responses['200']?.content ?? {})).toEqual([feed.headers.get('content-type')?.split(';')[0]])
    const live = await openSse(`${server.url}/v1/events/${ev.eventId}/live?token=${token}`)
    await live.waitFor((f) => f.event === 'ready')
    const livePath = (embedApiDocument() as { paths: Record<string, { get: { responses: Record<string, { content?: object }> } }> }).paths[
      '/events/{eventId}/live'
    ]
    expect(Object.keys(livePath?.get.responses['200']?.content ?? {})).toEqual([String(live.headers['content-type']).split(';')[0]])
    await dbHandle.db.updateTable('sessions').set({ cancelled: true }).where('id', '=', session).execute()
    LiveChanged.parse(JSON.parse((await live.waitFor((f) => f.event === 'changed')).data ?? ''))
    live.close()
    const body = JSON.stringify({ name: 'Grace', email: 'grace@example.org', ticket_id: 'standard' })
    await call(RegistrationAnswer, '/registrations', { method: 'POST', body })
    const refused = await fetch(`${server.url}/v1/events/${ev.eventId}`)
    expect(refused.status).toBe(401)
    expect(ErrorEnvelope.parse(await refused.json()).error.code).toBe('TOKEN_MISSING')
  })
})
