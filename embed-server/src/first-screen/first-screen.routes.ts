import type { RouterMiddleware } from '@koa/router'
import { type Config, parseInput } from '@event-service/server-common'
import type { ApiBuilder, RouteSpec } from '@event-service/server-common/openapi.ts'
import type { EventReadDeps } from '../events/events.routes.ts'
import { eventDataOf } from '../events/events.service.ts'
import { sendRead } from '../events/read-answer.ts'
import { serializeBytes } from '../events/serialized-body.ts'
import { EMBED_API_OPTIONS, READ_ERRORS, readResponses } from '../openapi/embed-api.ts'
import { z } from '../openapi/zod.ts'
import { publicBaseOf } from '../registrations/registrations.routes.ts'
import { type EmbedState, tokenOf } from '../tokens/token-auth.ts'
import type { FirstScreenCache } from './first-screen-cache.ts'
import { readerOf } from './first-screen-reader.ts'
import { FIRST_SCREEN_QUERIES, FirstScreenParams, FirstScreenQuery } from './first-screen.schema.ts'

export const FIRST_SCREEN_ROUTE = {
  method: 'get',
  path: '/events/{eventId}/first-screen/{element}',
  operationId: 'getFirstScreen',
  summary: 'An element’s first screen, drawn by the server, for `loader.js` to show before the element’s code runs',
  description:
    'The HTML of the element’s shadow root (its style sheets, then its first render with Lit’s hydration markers) ' +
    'for the attributes given in the query, from the same data as the JSON reads and behind the same token checks, ' +
    'followed by that data (a `<script type="application/json" data-first-screen>` with the answers of the ' +
    'element’s reads). `loader.js` asks for it while the element’s code downloads and sets it as the element’s ' +
    'shadow root; the element hydrates it (adopts its nodes) with that data, without reading it again. The first ' +
    'render depends on no clock and no visitor (the element adds the now line, what is past or live, favourites ' +
    'and the visitor’s time zone after hydrating), so a screen is drawn once per version of the event’s data, ' +
    'element, attributes and API root, and answered from the server’s cache after: `X-Cache` says `hit` or `miss`.',
  tag: 'Widgets',
  request: { params: FirstScreenParams },
  // Each element's own attributes are validated by the route (`FIRST_SCREEN_QUERIES`); the others are dropped.
  documentedQuery: FirstScreenQuery,
  responses: readResponses('The shadow root’s HTML', {
    alternatives: { 'text/html': z.string().openapi({ description: 'An HTML fragment: `<style>` elements, then the markup' }) },
  }),
  errors: READ_ERRORS,
} satisfies RouteSpec

const HTML_TYPE = 'text/html; charset=utf-8'

/** Whether the screen came from the cache (`hit`) or was drawn for this request (`miss`). */
const CACHE_HEADER = 'X-Cache'

type Renderer = typeof import('@event-service/widgets/first-screen-renderer')

/**
 * The renderer, from the widgets' build (`widgets/dist-server/`) like the chunks the page gets:
 * loaded on the first request, so that a server that is never asked never loads Lit's renderer.
 */
let renderer: Promise<Renderer> | undefined
const loadRenderer = (): Promise<Renderer> => {
  renderer ??= import('@event-service/widgets/first-screen-renderer')
  return renderer
}

/** What the first screens need beyond the reads': where the server is, and the screens kept. */
export interface FirstScreenDeps extends EventReadDeps {
  config: Pick<Config, 'embedPublicUrl' | 'host'>
  screens: FirstScreenCache
}

/**
 * `GET /v1/events/{eventId}/first-screen/{element}`: the element's first screen as HTML (its
 * shadow root's: style sheets, then what it first draws), drawn with the widgets' own templates
 * from the data the JSON reads answer, behind the same guard. `loader.js` asks for it while the
 * element's code downloads and sets it as the element's shadow root, so the page shows the
 * screen before our JavaScript runs, and the element hydrates it with the data that comes with it.
 * Only the attributes the element reads are taken, validated (400 before any drawing) and
 * normalised; the screen is drawn once per version of the event's data, element, those attributes
 * and API root, kept in `deps.screens` (bounded in bytes), and answered like the reads (ETag, 304,
 * `private, no-cache`, compression), with `X-Cache` saying whether it was kept.
 */
export function registerFirstScreenRoutes(api: ApiBuilder<EmbedState>, guard: RouterMiddleware<EmbedState>, deps: FirstScreenDeps): void {
  api.route(
    FIRST_SCREEN_ROUTE,
    async (ctx, { params }) => {
      const attrs = parseInput(FIRST_SCREEN_QUERIES[params.element], ctx.query, 'query')
      // The server's own address, never the request's Origin or Host: anyone could set those.
      const apiRoot = `${publicBaseOf(deps.config, ctx)}${EMBED_API_OPTIONS.prefix}/`
      const data = await eventDataOf(deps.db, deps.cache, ctx.state.token.eventId, ctx.state.cacheCurrent)
      // Not the token: the screen shows none (a test checks it), so every token of the event shares it.
      const { key, body, hit } = await deps.screens.screen(
        { data, element: params.element, apiRoot, attrs },
        async () => {
          const { renderFirstScreen } = await loadRenderer()
          const request = { eventId: params.eventId, token: tokenOf(ctx.query.token, ctx.get('Authorization'))!, attrs, apiRoot }
          return serializeBytes(Buffer.from(await renderFirstScreen(params.element, request, readerOf(data))), HTML_TYPE)
        },
        // With the caches off each request loads its own data: a screen of it would never be asked again.
        deps.cache.enabled,
      )
      ctx.set(CACHE_HEADER, hit ? 'hit' : 'miss')
      await sendRead(ctx, body)
      deps.screens.recount(key, body)
    },
    { before: [guard] },
  )
}
