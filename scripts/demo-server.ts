import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import type { OutboxEmail } from '@event-service/db'
import {
  ApiError,
  errorHandler,
  isLoopbackAddress,
  jsonBody,
  ok,
  parseInput,
  requestContext,
  securityHeaders,
} from '@event-service/server-common'
import Koa, { type Context } from 'koa'
import send from 'koa-send'
import type { Logger } from 'pino'
import { DemoChangeBody, type DemoChanges } from './demo-changes.ts'

/** What the demo page reads from `GET /config.json`. */
export interface DemoConfig {
  /** `{base_url}` of the admin API, ending in `/v1`. */
  adminUrl: string
  embedUrl: string
  loaderUrl: string
  /** The demo event, or null when the database has none (it was not empty at first start). */
  eventId: string | null
  /** A fresh embed token for the demo event, restricted to the demo's own origin. */
  token: string | null
}

// Found through its package rather than a path relative to this file, which moves when compiled.
const DEMO_DIR = dirname(createRequire(import.meta.url).resolve('@event-service/demo/package.json'))

/**
 * Where the demo server listens, whatever `HOST` says: it is `npm start`'s zero-setup demo, whose
 * mailbox shows registrants' emails and cancel links and whose "change something" control edits
 * the demo event without a key, so it is for the person at this machine only.
 */
export const DEMO_HOST = '127.0.0.1'

/**
 * Refuses a request whose socket does not come from this machine, as if the path did not exist.
 * The socket's own address, never `X-Forwarded-For` (anyone can write that header): a proxy on
 * this machine that forwards others' requests here must not be put in front of the demo.
 */
function requireLoopback(ctx: Context): void {
  if (!isLoopbackAddress(ctx.req.socket.remoteAddress)) {
    throw new ApiError(404, 'NOT_FOUND', `${ctx.path} answers only on the machine the demo runs on`)
  }
}

// The demo page's one inline handler (`<form onsubmit="return false">`), allowed by its hash alone.
const INLINE_HANDLER_HASH = `'sha256-${createHash('sha256').update('return false').digest('base64')}'`

/**
 * The demo page's Content-Security-Policy: its own files, and the embed server's (the loader and
 * the chunks it imports, the reads, the first screens, the live streams). Styles may be inline:
 * the first screens the loader sets into shadow roots carry their `<style>` elements.
 */
export function demoPagePolicy(embedUrl: string | undefined): string {
  const embed = embedUrl ? ` ${new URL(embedUrl).origin}` : ''
  return [
    "default-src 'self'",
    `script-src 'self'${embed} 'unsafe-hashes' ${INLINE_HANDLER_HASH}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: https:${embed}`,
    `connect-src 'self'${embed}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function placeholderPage(config: DemoConfig): string {
  const link = (label: string, href: string) => `<li>${label}: <a href="${escapeHtml(href)}">${escapeHtml(href)}</a></li>`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Event service</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; line-height: 1.5">
<h1>Event service</h1>
<p>The demo page (<code>demo/index.html</code>) is not there yet. The servers are:</p>
<ul>${link('Admin API', config.adminUrl)}${link('API docs', config.adminUrl.replace(/\/v1$/, '/docs'))}${link('Widget loader', config.loaderUrl)}</ul>
</body></html>`
}

/** What the demo page's mailbox reads from `GET /mailbox.json`. */
export type DemoMailbox =
  /** No `SMTP_URL`: confirmation emails of the demo event stay in the outbox; here are the newest. */
  | { mode: 'outbox'; messages: OutboxEmail[] }
  /** `SMTP_URL` is set: emails go to real inboxes, and the demo shows none of them. */
  | { mode: 'smtp'; messages: [] }

/**
 * The demo page's own server (its own origin, to show cross-origin embedding): the `demo/`
 * folder as static files, `GET /config.json`, `GET /mailbox.json`, `GET /healthz`, and
 * `POST /demo/change` (`{action: 'move' | 'cancel' | 'undo'}`), the page's "change something"
 * control, when `changes` is given (there is a demo event). Only `startSystem` (`npm start`)
 * serves it, on `DEMO_HOST`; the mailbox and the control answer loopback clients only. Every
 * answer has server-common's security headers, and HTML the policy of `demoPagePolicy`.
 *
 * @example
 * const app = createDemoApp({ logger, config: () => demoConfig })
 */
export function createDemoApp({
  logger,
  config,
  mailbox = async () => ({ mode: 'smtp', messages: [] }),
  demoDir = DEMO_DIR,
  changes,
}: {
  logger: Logger
  config: () => DemoConfig | undefined
  /** The demo event's confirmation emails (default: none, as with `SMTP_URL`). */
  mailbox?: () => Promise<DemoMailbox>
  demoDir?: string
  changes?: () => DemoChanges | undefined
}): Koa {
  const app = new Koa()
  app.silent = true
  app.use(requestContext(logger))
  app.use(securityHeaders())
  app.use(async (ctx, next) => {
    await next()
    if (ctx.response.is('html')) ctx.set('Content-Security-Policy', demoPagePolicy(config()?.embedUrl))
  })
  app.use(errorHandler())
  // JSON only: a form on another site cannot post it without a preflight this server never grants.
  const body = jsonBody({ limit: '1kb', limitLabel: '1 KiB' })
  app.use(async (ctx, next) => {
    if (ctx.path !== '/demo/change') return next()
    requireLoopback(ctx)
    if (ctx.method !== 'POST') throw new ApiError(405, 'METHOD_NOT_ALLOWED', 'Use POST /demo/change')
    const demo = changes?.()
    if (!demo) throw new ApiError(404, 'NOT_FOUND', 'There is no demo event to change')
    await body(ctx, async () => {
      const { action } = parseInput(DemoChangeBody, ctx.request.body, 'body')
      ctx.set('Cache-Control', 'no-store')
      ctx.body = ok(await demo.apply(action))
    })
  })
  app.use(async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next()
    if (ctx.path === '/healthz') {
      ctx.body = ok({ status: 'ok' })
      return
    }
    if (ctx.path === '/config.json') {
      const current = config()
      // The demo token is made once the demo server listens (its origin is in the token).
      if (!current) throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'The demo is still starting')
      ctx.set('Cache-Control', 'no-store')
      ctx.body = current
      return
    }
    if (ctx.path === '/mailbox.json') {
      requireLoopback(ctx)
      ctx.set('Cache-Control', 'no-store')
      ctx.body = await mailbox()
      return
    }
    const current = config()
    if (ctx.path === '/' && current && !existsSync(`${demoDir}/index.html`)) {
      ctx.type = 'html'
      ctx.body = placeholderPage(current)
      return
    }
    try {
      // The page changes while it is being developed; revalidate rather than cache.
      await send(ctx, ctx.path, { root: demoDir, index: 'index.html', setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache') })
    } catch (err) {
      const status = (err as { status?: number }).status
      // Missing files and bad paths fall through to the envelope's 404; anything else is ours.
      if (status !== 404 && status !== 400 && status !== 403) throw err
      await next()
    }
  })
  return app
}
