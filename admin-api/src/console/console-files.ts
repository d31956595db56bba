import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ApiError, notFound } from '@event-service/server-common'
import compress from 'koa-compress'
import send from 'koa-send'
import type { Middleware } from 'koa'

/** `console/dist/` of this repository, where `npm run build -w console` writes the console. */
export const DEFAULT_CONSOLE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../console/dist')

const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable'
/** The page itself is revalidated on every load, so a new release is picked up at once. */
const PAGE_CACHE = 'no-cache'

/**
 * The console's policy: its own scripts only (no inline script), styles of its components, photos
 * from anywhere on the web, requests to this server and, for the snippet builder's live preview,
 * the embed server's loader, chunks, API and live stream.
 */
export function consoleCsp(embedOrigin: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${embedOrigin}`,
    // Web components set style attributes; no script can come in through a style.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: http: data:",
    "font-src 'self' data:",
    `connect-src 'self' ${embedOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * Serves the console (docs/console.md) at `/console/`: content-hashed files under `assets/` cached
 * for a year, and `index.html` for every other path below `/console/` (the console routes in the
 * browser, so a reload or a shared link opens the same screen), revalidated on each load and under
 * `consoleCsp`. `/console` redirects to `/console/`. Until the console is built, 503 says how.
 */
export function consoleFiles(options: { dir?: string; embedOrigin(): string }): Middleware {
  const root = resolve(options.dir ?? DEFAULT_CONSOLE_DIR)
  const compression = compress({ threshold: 1024 })
  const serve: Middleware = async (ctx) => {
    const path = ctx.path.slice('/console/'.length)
    if (path.startsWith('assets/')) {
      try {
        const sent = await send(ctx, path, { root, index: false, setHeaders: (res) => res.setHeader('Cache-Control', IMMUTABLE_CACHE) })
        if (sent) return
      } catch (err) {
        const status = (err as { status?: number }).status
        if (status !== 404 && status !== 400 && status !== 403) throw err
      }
      throw notFound('File')
    }
    if (!existsSync(resolve(root, 'index.html'))) {
      throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'The console has not been built yet: run `npm run build -w console`')
    }
    await send(ctx, 'index.html', {
      root,
      setHeaders: (res) => {
        res.setHeader('Cache-Control', PAGE_CACHE)
        res.setHeader('Content-Security-Policy', consoleCsp(options.embedOrigin()))
        // One-time links carry their secret in the path: no other site learns it from a Referer.
        res.setHeader('Referrer-Policy', 'same-origin')
      },
    })
  }
  return async (ctx, next) => {
    if (ctx.path !== '/console' && !ctx.path.startsWith('/console/')) return next()
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw new ApiError(405, 'METHOD_NOT_ALLOWED', 'The console is read with GET')
    if (ctx.path === '/console') return ctx.redirect('/console/')
    await compression(ctx, () => serve(ctx, next))
  }
}
