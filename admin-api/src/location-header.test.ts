import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApiWithEvent, type TestApi } from './testing/test-api.ts'

/** Every 201 names what it created in `Location`, where a GET with the same key reads it back. */
describe.each(DIALECTS)('Location of created resources on %s', (dialect) => {
  let api: TestApi, key: string, eventId: string
  beforeAll(async () => ({ api, key, eventId } = await startTestApiWithEvent(dialect)))
  afterAll(() => api.close())

  const bodies: [string, string, () => Record<string, unknown>][] = [
    ['an event', '/v1/events', () => ({ name: 'E', starts_at: '2026-06-01T09:00:00Z', ends_at: '2026-06-02T09:00:00Z' })],
    ['a speaker', '/v1/speakers', () => ({ event_id: eventId, email: 'loc@example.com', name: 'Loc' })],
    [
      'a session',
      '/v1/sessions',
      () => ({ event_id: eventId, title: 'S', starts_at: '2026-06-01T09:00:00Z', ends_at: '2026-06-01T10:00:00Z' }),
    ],
    ['an embed token', '/v1/embed-tokens', () => ({ eventId, name: 'Site' })],
    ['a webhook endpoint', '/v1/webhooks', () => ({ url: 'https://hooks.example.com/created', events: ['*'] })],
    ['an API key', '/v1/api-keys', () => ({ name: 'Made here', scope: 'read' })],
    ['a person', '/v1/users', () => ({ email: 'invited@example.com', role: 'viewer' })],
  ]

  it.each(bodies)('answers the creation of %s with 201 and a Location to read it at', async (_, collection, body) => {
    const created = await api.request('POST', collection, { key, body: body() })
    expect(created.status).toBe(201)
    const location = created.headers.get('location')
    expect(location).toBe(`${collection}/${created.body.data.id}`)
    const read = await api.request('GET', location as string, { key })
    expect(read.status).toBe(200)
    expect(read.body.data.id).toBe(created.body.data.id)
  })

  it('sends no Location when an upsert updated an existing speaker (200)', async () => {
    const body = { event_id: eventId, email: 'twice@example.com', name: 'Twice' }
    const first = await api.request('POST', '/v1/speakers', { key, body })
    expect(first.headers.get('location')).toBe(`/v1/speakers/${first.body.data.id}`)
    const again = await api.request('POST', '/v1/speakers', { key, body: { ...body, name: 'Twice again' } })
    expect(again.status).toBe(200)
    expect(again.headers.get('location')).toBeNull()
  })

  it('documents the Location header of every 201 in the OpenAPI document', async () => {
    const doc = (await api.request('GET', '/v1/openapi.json')).body as {
      paths: Record<string, Record<string, { security: unknown[]; responses: Record<string, { headers?: Record<string, unknown> }> }>>
    }
    // A sign-up (public, no security) creates an account and a session: nothing to read back at a URL.
    const created = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.responses['201'] && op.security.length > 0)
        .map(([method, op]) => [`${method} ${path}`, Object.keys(op.responses['201']?.headers ?? {})] as const),
    )
    expect(created.map(([op]) => op).sort()).toEqual([
      'post /api-keys',
      'post /embed-tokens',
      'post /events',
      'post /sessions',
      'post /speakers',
      'post /users',
      'post /webhooks',
    ])
    for (const [, headers] of created) expect(headers).toContain('Location')
  })
})
