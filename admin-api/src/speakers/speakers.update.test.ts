import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApiWithEvent, type TestApi } from '../testing/test-api.ts'

describe.each(DIALECTS)('PATCH, GET and DELETE /speakers/{id} on %s', (dialect) => {
  let api: TestApi, key: string, eventId: string
  beforeAll(async () => ({ api, key, eventId } = await startTestApiWithEvent(dialect)))
  afterAll(() => api.close())

  const newSpeaker = async (email: string, extra: Record<string, unknown> = {}) => {
    const res = await api.request('POST', '/v1/speakers', {
      key,
      body: { event_id: eventId, email, name: 'Someone', company: 'Co', ...extra },
    })
    return res.body.data as { id: string; updated_at: string }
  }

  it('changes only the fields present', async () => {
    const s = await newSpeaker('patch@example.com', { title: 'CTO' })
    const res = await api.request('PATCH', `/v1/speakers/${s.id}`, { key, body: { status: 'confirmed', company: null } })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ status: 'confirmed', company: null, title: 'CTO', name: 'Someone' })
  })

  it('treats an empty body as a no-op: 200 with the unchanged speaker, updated_at unmoved', async () => {
    const s = await newSpeaker('noop@example.com')
    const res = await api.request('PATCH', `/v1/speakers/${s.id}`, { key, body: {} })
    expect(res.status).toBe(200)
    expect(res.body.data.updated_at).toBe(s.updated_at)
  })

  it('answers 409 CONFLICT when the new email belongs to another speaker of the event, changing nothing', async () => {
    await newSpeaker('taken@example.com')
    const s = await newSpeaker('mine@example.com')
    const res = await api.request('PATCH', `/v1/speakers/${s.id}`, { key, body: { email: 'TAKEN@example.com', name: 'Changed' } })
    expect(res.status).toBe(409)
    expect(res.body.error.code).toBe('CONFLICT')
    // By the unique index's name, from server-common's constraint table.
    expect(res.body.error.message).toBe('Another speaker of this event already has this email address')
    const after = await api.request('GET', `/v1/speakers/${s.id}`, { key })
    expect(after.body.data).toMatchObject({ email: 'mine@example.com', name: 'Someone' })
  })

  it('answers 400 VALIDATION_ERROR for an event_id (a speaker cannot move) or another unknown field', async () => {
    const s = await newSpeaker('stay@example.com')
    for (const body of [{ event_id: eventId }, { token: 'x' }, { status: 'famous' }, { name: '' }]) {
      const res = await api.request('PATCH', `/v1/speakers/${s.id}`, { key, body })
      expect(res.status).toBe(400)
      expect(res.body.error.code).toBe('VALIDATION_ERROR')
    }
  })

  it('answers 404 NOT_FOUND for an unknown id and 400 for a malformed one', async () => {
    const missing = await api.request('PATCH', '/v1/speakers/00000000-0000-4000-8000-000000000000', { key, body: { name: 'X' } })
    expect(missing.status).toBe(404)
    expect(missing.body.error.code).toBe('NOT_FOUND')
    const malformed = await api.request('PATCH', '/v1/speakers/not-a-uuid', { key, body: { name: 'X' } })
    expect(malformed.status).toBe(400)
    expect(malformed.body.error.code).toBe('VALIDATION_ERROR')
  })

  it('deletes a speaker with its session assignments: {id, deleted: true}, then 404', async () => {
    const s = await newSpeaker('gone@example.com')
    const keep = await newSpeaker('kept@example.com')
    const session = await api.request('POST', '/v1/sessions', {
      key,
      body: {
        event_id: eventId,
        title: 'Talk',
        starts_at: '2026-06-01T10:00:00Z',
        ends_at: '2026-06-01T11:00:00Z',
        speaker_ids: [s.id, keep.id],
      },
    })
    expect(session.status).toBe(201)
    const res = await api.request('DELETE', `/v1/speakers/${s.id}`, { key })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, data: { id: s.id, deleted: true } })
    const assignments = await api.db
      .selectFrom('session_speakers')
      .select('speaker_id')
      .where('session_id', '=', session.body.data.id)
      .execute()
    expect(assignments).toEqual([{ speaker_id: keep.id }])
    const after = await api.request('GET', `/v1/speakers/${s.id}`, { key })
    expect(after.status).toBe(404)
    const again = await api.request('DELETE', `/v1/speakers/${s.id}`, { key })
    expect(again.status).toBe(404)
    expect(again.body.error.code).toBe('NOT_FOUND')
  })
})
