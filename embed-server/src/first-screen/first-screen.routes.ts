import type Router from '@koa/router'
import type { RouterContext, RouterMiddleware } from '@koa/router'
import { type Config, parseInput, validated } from '@event-service/server-common'
import { type EventReadDeps, publicSession, publicSpeaker } from '../events/events.routes.ts'
import { type EventData, eventDataOf, filterSessions } from '../events/events.service.ts'
import { sendRead } from '../events/read-answer.ts'
import { serializeBytes } from '../events/serialized-body.ts'
import { publicBaseOf } from '../registrations/registrations.routes.ts'
import { type EmbedState, tokenOf } from '../tokens/token-auth.ts'
import type { FirstScreenCache } from './first-screen-cache.ts'
import { FIRST_SCREEN_QUERIES, FirstScreenParams } from './first-screen.schema.ts'

/** The path of the first screens, for the route and the documents. */
export const FIRST_SCREEN_PATH = '/v1/events/:eventId/first-screen/:element'

const HTML_TYPE = 'text/html; charset=utf-8'

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

/** The event's data by embed API path, as the JSON reads answer it (404 for an id it does not have). */
const readerOf =
  (data: EventData) =>
  (path: string): unknown => {
    if (path === '') return data.event
    if (path === '/sessions') return filterSessions(data, {})
    if (path === '/speakers') return data.speakers
    const [, list, id] = /^\/(sessions|speakers)\/(.+)$/.exec(path) ?? []
    if (list === 'sessions') return publicSession(data, id!)
    if (list === 'speakers') return publicSpeaker(data, id!)
    throw new Error(`no public read at ${path}`)
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
 * screen before our JavaScript runs. Only the attributes the element reads are taken, validated
 * (400 before any drawing) and normalised; the screen is drawn once per version of the event's
 * data, element, those attributes and minute, kept in `deps.screens` (bounded in bytes), and
 * answered like the reads (ETag, 304, `private, no-cache`, compression).
 */
export function registerFirstScreenRoutes(router: Router<EmbedState>, guard: RouterMiddleware<EmbedState>, deps: FirstScreenDeps): void {
  router.get(
    FIRST_SCREEN_PATH,
    guard,
    validated({ params: FirstScreenParams }, async (ctx: RouterContext<EmbedState>, { params }) => {
      const attrs = parseInput(FIRST_SCREEN_QUERIES[params.element], ctx.query, 'query')
      // The server's own address, never the request's Origin or Host: anyone could set those.
      const apiRoot = `${publicBaseOf(deps.config, ctx)}/v1/`
      const data = await eventDataOf(deps.db, deps.cache, ctx.state.token.eventId, ctx.state.cacheCurrent)
      // Not the token: the screen shows none (a test checks it), so every token of the event shares it.
      const { key, body } = await deps.screens.screen(
        { data, element: params.element, apiRoot, attrs },
        async () => {
          const { renderFirstScreen } = await loadRenderer()
          const request = { eventId: params.eventId, token: tokenOf(ctx.query.token, ctx.get('Authorization'))!, attrs, apiRoot }
          return serializeBytes(Buffer.from(await renderFirstScreen(params.element, request, readerOf(data))), HTML_TYPE)
        },
        // With the caches off each request loads its own data: a screen of it would never be asked again.
        deps.cache.enabled,
      )
      await sendRead(ctx, body)
      deps.screens.recount(key, body)
    }),
  )
}
