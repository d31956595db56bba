import type Router from '@koa/router'
import { embedApiDocument } from './embed-api-document.ts'

/**
 * `GET /v1/openapi.json`: the embed API's OpenAPI 3.0 document. Public (no token) and readable by
 * any page, like the widget files: it holds no data, only the contract.
 *
 * @example
 * registerOpenApiRoute(router) // curl {embed_url}/v1/openapi.json
 */
export function registerOpenApiRoute<State>(router: Router<State>): void {
  const body = JSON.stringify(embedApiDocument())
  router.get('/v1/openapi.json', (ctx) => {
    ctx.set('Access-Control-Allow-Origin', '*')
    ctx.set('Cache-Control', 'public, max-age=300')
    ctx.type = 'application/json'
    ctx.body = body
  })
}
