import { createHash } from 'node:crypto'
import { createReadStream, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import Router from '@koa/router'
import type { Database } from '@event-service/db'
import { healthCheck, liveness } from '@event-service/server-common'
import type { Kysely } from 'kysely'

const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))

/** The only files of swagger-ui-dist we serve, with their types. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'index.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Event service admin API</title>
  <link rel="stylesheet" href="/docs/swagger-ui.css">
  <link rel="stylesheet" href="/docs/index.css">
  <link rel="icon" type="image/png" href="/docs/favicon-32x32.png" sizes="32x32">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script src="/docs/swagger-ui-standalone-preset.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
`

// A file rather than an inline script, so the page works under DOCS_HEADERS' policy. No validator:
// it would send our document to a third party's server (and the policy would refuse its badge).
const INIT = `window.ui = SwaggerUIBundle({
  url: '/v1/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  persistAuthorization: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
})
`

/**
 * The `<style>` elements Swagger UI's standalone preset draws (its logo's SVG), as CSP hashes: read
 * from the installed file, so that they follow its version, and no other inline style is allowed.
 */
function presetStyleHashes(): string[] {
  const preset = readFileSync(join(swaggerUiDir, 'swagger-ui-standalone-preset.js'), 'utf8')
  return [...preset.matchAll(/createElement\("style",null,("(?:[^"\\]|\\.)*")\)/g)].map(
    ([, literal]) =>
      `'sha256-${createHash('sha256')
        .update(JSON.parse(literal!) as string)
        .digest('base64')}'`,
  )
}

/**
 * The page keeps the API key the reader enters in localStorage (`persistAuthorization`), so only
 * its own files may run or style it, it talks to this origin alone, and no other page may frame it
 * (clickjacking a "Try it out"). Swagger UI's icons are `data:` images.
 */
export const DOCS_HEADERS = {
  'Content-Security-Policy': `default-src 'none'; script-src 'self'; style-src 'self' ${presetStyleHashes().join(' ')}; img-src 'self' data:; font-src 'self'; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'`,
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
}

/**
 * The routes that need no API key: `GET /healthz` (readiness: the database answers), `GET /livez`
 * (liveness), `GET /v1/openapi.json`, and `GET /docs` (Swagger UI from the installed
 * swagger-ui-dist package: no CDN, works offline).
 */
export function publicRoutes(openApiDocument: object, db: Kysely<Database>): Router {
  const router = new Router()
  const documentJson = JSON.stringify(openApiDocument)
  router.get('/healthz', healthCheck(db))
  router.get('/livez', liveness())
  router.get('/v1/openapi.json', (ctx) => {
    ctx.type = 'application/json'
    ctx.body = documentJson
  })
  router.get('/docs', (ctx) => {
    ctx.set(DOCS_HEADERS)
    ctx.type = 'text/html; charset=utf-8'
    ctx.body = PAGE
  })
  router.get('/docs/init.js', (ctx) => {
    ctx.type = 'text/javascript; charset=utf-8'
    ctx.body = INIT
  })
  router.get('/docs/:file', (ctx, next) => {
    const type = ASSETS[ctx.params.file ?? '']
    if (!type) return next()
    ctx.type = type
    ctx.set('Cache-Control', 'public, max-age=3600')
    ctx.body = createReadStream(join(swaggerUiDir, ctx.params.file!))
  })
  return router
}
