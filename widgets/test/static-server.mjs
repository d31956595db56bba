// A small HTTP server for screenshots and the benchmark: static files from widgets/ plus the
// mock embed API (a Koa-style middleware, adapted here to node:http).
import { createServer } from 'node:http'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'

const widgetsRoot = fileURLToPath(new URL('..', import.meta.url))
const TYPES = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.html': 'text/html',
  '.json': 'application/json',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
}

/**
 * Starts a server on a free port. `pages` maps paths to HTML; `api` is a Koa-style middleware.
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startStaticServer({ pages = {}, api } = {}) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const headers = {}
    const ctx = {
      req,
      method: req.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      get: (name) => req.headers[name.toLowerCase()] ?? '',
      set: (name, value) => (headers[name] = value),
      status: 404,
      body: undefined,
    }
    let handled = true
    if (api)
      await api(ctx, async () => {
        handled = false
      })
    else handled = false
    if (handled) {
      res.writeHead(ctx.status, headers).end(ctx.body)
      return
    }
    if (pages[url.pathname]) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(pages[url.pathname])
      return
    }
    const file = normalize(join(widgetsRoot, url.pathname))
    if (!file.startsWith(widgetsRoot)) return void res.writeHead(403).end()
    try {
      const body = await readFile(file)
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' }).end(body)
    } catch {
      res.writeHead(404).end()
    }
  })
  await new Promise((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address()
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) }
}
