import { connect } from 'node:net'
import Koa from 'koa'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError } from './api-error.ts'
import { errorHandler } from './error-handler.ts'
import { requestContext } from './request-context.ts'
import { HTML_CSP, securityHeaders } from './security-headers.ts'
import { listen, type RunningServer } from './serve.ts'

describe('security headers', () => {
  let server: RunningServer
  beforeAll(async () => {
    const app = new Koa()
    app.use(requestContext(pino({ level: 'silent' })))
    app.use(securityHeaders())
    app.use(errorHandler())
    app.use((ctx) => {
      if (ctx.path === '/json') ctx.body = { ok: true }
      else if (ctx.path === '/html') {
        ctx.type = 'text/html; charset=utf-8'
        ctx.body = '<p>hello</p>'
      } else if (ctx.path === '/own-policy') {
        ctx.set('Content-Security-Policy', "default-src 'self'")
        ctx.type = 'html'
        ctx.body = '<p>mine</p>'
      } else if (ctx.path === '/fails') throw new ApiError(409, 'CONFLICT', 'no')
    })
    server = await listen(app.callback(), { host: '127.0.0.1', port: 0 })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('sends nosniff with every answer, errors and unknown paths included, and no page policy with JSON', async () => {
    for (const [path, status] of [
      ['/json', 200],
      ['/fails', 409],
      ['/nowhere', 404],
    ] as const) {
      const res = await fetch(`${server.url}${path}`)
      expect(res.status, path).toBe(status)
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(res.headers.get('content-security-policy'), path).toBeNull()
    }
  })

  it('gives an HTML answer a policy under which nothing runs, and no framing', async () => {
    const res = await fetch(`${server.url}/html`)
    expect(res.headers.get('content-security-policy')).toBe(HTML_CSP)
    expect(HTML_CSP).toContain("default-src 'none'")
    expect(HTML_CSP).not.toMatch(/script-src/)
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it("keeps a route's own policy", async () => {
    const res = await fetch(`${server.url}/own-policy`)
    expect(res.headers.get('content-security-policy')).toBe("default-src 'self'")
    expect(res.headers.get('x-frame-options')).toBe('DENY')
  })

  it('sends nosniff with the answer to a request Node cannot read', async () => {
    const { port } = new URL(server.url)
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'))
      let text = ''
      socket.on('data', (chunk) => {
        text += chunk.toString()
      })
      socket.on('end', () => resolve(text))
      socket.on('error', reject)
    })
    expect(raw).toMatch(/^HTTP\/1\.1 400 /)
    expect(raw).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/)
  })
})
