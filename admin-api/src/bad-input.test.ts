import { DIALECTS } from '@event-service/db/testing.ts'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from './testing/test-api.ts'

/** Malformed requests get their documented status and envelope, never a 500, and change nothing. */
describe.each(DIALECTS)('malformed requests on %s', (dialect) => {
  let api: TestApi
  let key: string
  let eventId: string
  let speakerId: string
  beforeAll(async () => {
    api = await startTestApi(dialect)
    ;({ key } = await api.newAccount())
    eventId = await api.newEvent(key)
    speakerId = (await api.request('POST', '/v1/speakers', { key, body: { event_id: eventId, email: 'keep@example.com', name: 'Keep' } }))
      .body.data.id
  })
  afterAll(() => api.close())

  const json = { 'Content-Type': 'application/json' }

  it.each([
    ['not JSON', '{"name": ', json, 400, 'INVALID_JSON'],
    ['a JSON string', '"hello"', json, 400, 'INVALID_JSON'],
    ['JSON null', 'null', json, 400, 'INVALID_JSON'],
    ['a JSON array', '[1,2]', json, 400, 'VALIDATION_ERROR'],
    ['a __proto__ key', '{"__proto__": {"admin": true}}', json, 400, 'INVALID_JSON'],
    ['a form body', 'name=x', { 'Content-Type': 'application/x-www-form-urlencoded' }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['a text body', '{"name":"x"}', { 'Content-Type': 'text/plain' }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['a body without a Content-Type', '{"name":"x"}', { 'Content-Type': '' }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['a body in an unknown Content-Encoding', '{}', { ...json, 'Content-Encoding': 'zstd-ish' }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['a body that claims gzip but is not', '{}', { ...json, 'Content-Encoding': 'gzip' }, 400, 'INVALID_JSON'],
    ['a body that claims brotli but is not', '{}', { ...json, 'Content-Encoding': 'br' }, 400, 'INVALID_JSON'],
    ['a truncated gzip body', gzipSync('{"name":"x"}').subarray(0, 12), { ...json, 'Content-Encoding': 'gzip' }, 400, 'INVALID_JSON'],
  ])('answers %s with %i %s', async (_, rawBody, headers, status, code) => {
    const res = await api.request('PATCH', `/v1/speakers/${speakerId}`, { key, rawBody, headers })
    expect(res.status).toBe(status)
    expect(res.body).toMatchObject({ success: false, error: { code } })
  })

  it('accepts a gzip-compressed JSON body', async () => {
    const rawBody = gzipSync(JSON.stringify({ title: 'Compressed' }))
    const res = await api.request('PATCH', `/v1/speakers/${speakerId}`, { key, rawBody, headers: { ...json, 'Content-Encoding': 'gzip' } })
    expect(res.status).toBe(200)
    expect(res.body.data.title).toBe('Compressed')
    await api.request('PATCH', `/v1/speakers/${speakerId}`, { key, body: { title: null } })
  })

  it('answers a compressed body that inflates past 1 MiB with 413 PAYLOAD_TOO_LARGE', async () => {
    const rawBody = gzipSync(JSON.stringify({ bio: 'x'.repeat(4 * 1024 * 1024) }))
    const res = await api.request('PATCH', `/v1/speakers/${speakerId}`, { key, rawBody, headers: { ...json, 'Content-Encoding': 'gzip' } })
    expect(res.status).toBe(413)
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE')
  })

  it('answers a body over 1 MiB with 413 PAYLOAD_TOO_LARGE', async () => {
    const rawBody = JSON.stringify({ bio: 'x'.repeat(1024 * 1024 + 1) })
    const res = await api.request('PATCH', `/v1/speakers/${speakerId}`, { key, rawBody, headers: json })
    expect(res.status).toBe(413)
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE')
  })

  it('answers a wrong method with 405 METHOD_NOT_ALLOWED and an unknown path with 404', async () => {
    const put = await api.request('PUT', '/v1/speakers', { key })
    expect(put.status).toBe(405)
    expect(put.body.error.code).toBe('METHOD_NOT_ALLOWED')
    const unknown = await api.request('GET', '/v1/sponsors', { key })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.code).toBe('NOT_FOUND')
  })

  it.each([
    ['a malformed UUID in the path', 'GET', '/v1/speakers/12345'],
    ['SQL in the path', 'GET', `/v1/speakers/${encodeURIComponent("' OR '1'='1")}`],
    ['a repeated query parameter', 'GET', `/v1/speakers?event_id=${'00000000-0000-4000-8000-000000000000'}&page=1&page=2`],
    ['a percent-encoded NUL in the search', 'GET', '/v1/speakers?event_id=00000000-0000-4000-8000-000000000000&search=%00'],
  ])('answers %s with 400 VALIDATION_ERROR', async (_, method, path) => {
    const res = await api.request(method, path, { key })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_ERROR')
  })

  it('searches with SQL, script and unicode text without error', async () => {
    for (const term of ["'; DROP TABLE speakers; --", '<script>', '李小龍', '🎤🎤🎤', 'ß', '\\%_']) {
      const res = await api.request('GET', `/v1/speakers?event_id=${eventId}&search=${encodeURIComponent(term)}`, { key })
      expect(res.status).toBe(200)
      expect(res.body.meta.total).toBe(0)
    }
  })

  it('kept the speaker unchanged through all of it', async () => {
    const res = await api.request('GET', `/v1/speakers/${speakerId}`, { key })
    expect(res.body.data).toMatchObject({ email: 'keep@example.com', name: 'Keep', bio: null })
  })
})
