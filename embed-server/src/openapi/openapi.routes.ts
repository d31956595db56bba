import type { ApiBuilder, RouteSpec } from '@event-service/server-common/openapi.ts'
import type { EmbedState } from '../tokens/token-auth.ts'
import { z } from './zod.ts'

export const OPENAPI_ROUTE: RouteSpec = {
  method: 'get',
  path: '/openapi.json',
  operationId: 'getOpenApiDocument',
  summary: 'This document: the embed API as OpenAPI 3.0',
  description:
    'Public (no token) and readable by any page (`Access-Control-Allow-Origin: *`), like the widget files: it holds no data, only the contract.',
  tag: 'Contract',
  security: [],
  responses: {
    200: {
      description: 'The document (`Cache-Control: public, max-age=300`)',
      headers: {},
      schema: z.record(z.string(), z.unknown()).openapi({ description: 'An OpenAPI 3.0 document' }),
    },
  },
  errors: [500],
}

/**
 * `GET /v1/openapi.json`: the document of every route declared on `api`, made on the first request
 * (after every route is declared).
 *
 * @example
 * registerOpenApiRoute(api) // curl {embed_url}/v1/openapi.json
 */
export function registerOpenApiRoute(api: ApiBuilder<EmbedState>): void {
  let body: string | undefined
  api.route(OPENAPI_ROUTE, (ctx) => {
    body ??= JSON.stringify(api.document())
    ctx.set('Access-Control-Allow-Origin', '*')
    ctx.set('Cache-Control', 'public, max-age=300')
    ctx.type = 'application/json'
    ctx.body = body
  })
}
