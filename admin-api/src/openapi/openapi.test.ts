import SwaggerParser from '@apidevtools/swagger-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../testing/test-api.ts'

// The document does not depend on the database: PGlite is enough.
describe('OpenAPI document and docs', () => {
  let api: TestApi
  let doc: any
  beforeAll(async () => {
    api = await startTestApi('pglite')
    doc = (await api.request('GET', '/v1/openapi.json')).body
  })
  afterAll(() => api.close())

  it('is a valid OpenAPI 3.0 document', async () => {
    expect(doc.openapi).toMatch(/^3\.0\./)
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy()
  })

  /** Signing in: no key and no session needed. */
  const PUBLIC_OPERATIONS = [
    'GET /auth/options',
    'POST /auth/sign-in',
    'GET /auth/session',
    'POST /auth/password-reset',
    'GET /auth/links/{token}',
    'POST /auth/links/{token}',
    'POST /auth/sign-up',
  ]

  it('describes every endpoint with a unique operationId, its security and the error envelope', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { operationId: string; security: unknown; responses: Record<string, unknown> }>).map(
        ([method, op]) => ({ path, method, op }),
      ),
    )
    expect(operations.map((o) => `${o.method.toUpperCase()} ${o.path}`).sort()).toEqual(
      [
        'GET /speakers',
        'POST /speakers',
        'GET /speakers/{id}',
        'PATCH /speakers/{id}',
        'DELETE /speakers/{id}',
        'GET /embed-tokens',
        'POST /embed-tokens',
        'GET /embed-tokens/{id}',
        'PATCH /embed-tokens/{id}',
        'DELETE /embed-tokens/{id}',
        'GET /events',
        'POST /events',
        'GET /events/{id}',
        'PATCH /events/{id}',
        'DELETE /events/{id}',
        'GET /events/{id}/export',
        'POST /events/{id}/sync',
        'POST /events/{id}/imports',
        'GET /events/{id}/imports/{importId}',
        'GET /sessions',
        'POST /sessions',
        'GET /sessions/{id}',
        'PATCH /sessions/{id}',
        'DELETE /sessions/{id}',
        'GET /registrations',
        'PATCH /registrations/{id}',
        'GET /registrations/{id}/emails',
        'POST /webhooks',
        'GET /webhooks',
        'GET /webhooks/{id}',
        'PATCH /webhooks/{id}',
        'DELETE /webhooks/{id}',
        'POST /webhooks/{id}/test',
        'GET /webhooks/{id}/deliveries',
        'GET /webhooks/{id}/deliveries/{deliveryId}',
        'POST /webhooks/{id}/deliveries/{deliveryId}/retry',
        'GET /account',
        'PATCH /account',
        'GET /api-keys',
        'POST /api-keys',
        'GET /api-keys/{id}',
        'DELETE /api-keys/{id}',
        'GET /users/{id}',
        'GET /users',
        'POST /users',
        'PATCH /users/{id}',
        'DELETE /users/{id}',
        'POST /auth/sign-out',
        'POST /auth/sign-out-everywhere',
        'PUT /auth/password',
        ...PUBLIC_OPERATIONS,
      ].sort(),
    )
    expect(new Set(operations.map((o) => o.op.operationId)).size).toBe(operations.length)
    for (const { method, path, op } of operations) {
      expect(op.responses).toHaveProperty('429')
      if (PUBLIC_OPERATIONS.includes(`${method.toUpperCase()} ${path}`)) {
        expect(op.security).toEqual([])
        continue
      }
      expect(op.security).toEqual([{ bearerAuth: [] }, { consoleSession: [] }])
      expect(op.responses).toHaveProperty('401')
      expect(op.responses).toHaveProperty('403')
    }
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(doc.components.securitySchemes.consoleSession).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'console_session' })
    // The registrations list documents its CSV export beside the JSON page.
    const registrations = doc.paths['/registrations'].get.responses['200'].content
    expect(Object.keys(registrations)).toEqual(['application/json', 'text/csv'])
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        'Speaker',
        'EmbedToken',
        'CreatedEmbedToken',
        'Event',
        'Session',
        'Registration',
        'Error',
        'PageMeta',
        'Webhook',
        'CreatedWebhook',
        'WebhookDelivery',
      ]),
    )
  })

  it('documents the list parameters and the embed token list maximum', () => {
    const params = doc.paths['/embed-tokens'].get.parameters as { name: string; schema: { maximum?: number; default?: number } }[]
    expect(params.find((p) => p.name === 'limit')?.schema).toMatchObject({ maximum: 100, default: 50 })
    const speakerParams = (doc.paths['/speakers'].get.parameters as { name: string; required?: boolean }[]).map((p) => p.name)
    expect(speakerParams).toEqual(expect.arrayContaining(['event_id', 'status', 'tags', 'search', 'page', 'limit', 'sort', 'order']))
  })

  it('serves the interactive docs from the installed package, pointing at the document', async () => {
    const page = await api.request('GET', '/docs')
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(page.text).not.toMatch(/https?:\/\/(?!localhost)/)
    const init = await api.request('GET', '/docs/init.js')
    expect(init.text).toContain('/v1/openapi.json')
    for (const asset of ['/docs/swagger-ui-bundle.js', '/docs/swagger-ui.css', '/docs/swagger-ui-standalone-preset.js']) {
      const res = await api.request('GET', asset)
      expect(res.status).toBe(200)
      expect(res.text.length).toBeGreaterThan(1000)
    }
    expect((await api.request('GET', '/docs/package.json')).status).toBe(404)
    expect((await api.request('GET', '/docs/..%2F..%2Fpackage.json')).status).toBe(404)
  })

  it('serves the docs page, which keeps the API key in localStorage, under a policy of its own files and no framing', async () => {
    const page = await api.request('GET', '/docs')
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self';")
    // Its own style sheets, and the one inline style of Swagger UI's logo by its hash.
    expect(csp).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/]{43}=';/)
    expect(csp).toContain("connect-src 'self';")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/)
    expect(page.headers.get('x-frame-options')).toBe('DENY')
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    // No inline script or style: the policy would refuse them.
    expect(page.text).not.toMatch(/<script>|<script(?![^>]*\ssrc=)[^>]*>|<style|\sstyle=|\son[a-z]+=/)
    for (const path of ['/docs/init.js', '/docs/swagger-ui-bundle.js', '/docs/swagger-ui.css', '/v1/openapi.json', '/v1/nowhere']) {
      expect((await api.request('GET', path)).headers.get('x-content-type-options'), path).toBe('nosniff')
    }
  })
})
