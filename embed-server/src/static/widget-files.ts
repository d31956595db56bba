import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ApiError, notFound } from '@event-service/server-common'
import compress from 'koa-compress'
import send from 'koa-send'
import type { Middleware } from 'koa'
import { constants } from 'node:zlib'

/** `widgets/dist/` of this repository, where `npm run build -w widgets` writes the loader and chunks. */
export const DEFAULT_WIDGETS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../widgets/dist')

const LOADER_CACHE = 'public, max-age=300'
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable'

/**
 * Serves the widgets' build output under `/v1/` (docs/embed-api.md "Static files"): `loader.js`
 * with a short cache (a new release reaches pages within minutes), content-hashed files under
 * `chunks/` cached for a year, everything compressed by `Accept-Encoding`. Any site may load them
 * (`Access-Control-Allow-Origin: *`): module scripts and their imports are fetched with CORS, and
 * the files hold no data. Until the widgets are built, `loader.js` answers 503.
 */
export function widgetFiles(widgetsDir: string = DEFAULT_WIDGETS_DIR): Middleware {
  const root = resolve(widgetsDir)
  const compression = compress({
    threshold: 1024,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  })
  const serve: Middleware = async (ctx) => {
    const path = ctx.path.slice('/v1/'.length)
    if (path === 'loader.js' && !existsSync(resolve(root, 'loader.js'))) {
      throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'The widgets have not been built yet: run `npm run build -w widgets`')
    }
    const cacheControl = path === 'loader.js' ? LOADER_CACHE : path.startsWith('chunks/') ? IMMUTABLE_CACHE : LOADER_CACHE
    try {
      // koa-send refuses paths that leave `root`, and hidden files.
      const sent = await send(ctx, path, {
        root,
        index: false,
        setHeaders: (res) => {
          res.setHeader('Cache-Control', cacheControl)
          res.setHeader('Access-Control-Allow-Origin', '*')
          // nosniff: server-common's securityHeaders, as on every answer.
        },
      })
      if (!sent) throw notFound('File')
    } catch (err) {
      const status = (err as { status?: number }).status
      // koa-send answers a path that leaves the folder 403 and a malformed one 400: both are just absent.
      if (status === 404 || status === 400 || status === 403) throw notFound('File')
      throw err
    }
  }
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.path.startsWith('/v1/') || ctx.path.startsWith('/v1/events/')) return next()
    await compression(ctx, () => serve(ctx, next))
  }
}
