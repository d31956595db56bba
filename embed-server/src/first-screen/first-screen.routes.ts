import type Router from '@koa/router'
import type { RouterContext, RouterMiddleware } from '@koa/router'
import { validated } from '@event-service/server-common'
import { type EventReadDeps, publicSession, publicSpeaker, sendEventAnswer } from '../events/events.routes.ts'
import { type EventData, filterSessions } from '../events/events.service.ts'
import { serializeBytes } from '../events/serialized-body.ts'
import { type EmbedState, tokenOf } from '../tokens/token-auth.ts'
import { FirstScreenParams, FirstScreenQuery } from './first-screen.schema.ts'

/** The path of the first screens, for the route and the documents. */
export const FIRST_SCREEN_PATH = '/v1/events/:eventId/first-screen/:element'

const HTML_TYPE = 'text/html; charset=utf-8'

/** How long a drawn first screen is kept: a minute, the step of the schedule's "now" line. */
const CLOCK_MS = 60_000
const KEY_PREFIX = 'first-screen\n'

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

/**
 * `GET /v1/events/{eventId}/first-screen/{element}`: the element's first screen as HTML (its
 * shadow root's: style sheets, then what it first draws), drawn with the widgets' own templates
 * from the data the JSON reads answer, behind the same guard. `loader.js` asks for it while the
 * element's code downloads and sets it as the element's shadow root, so the page shows the
 * screen before our JavaScript runs. Drawn once per version of the event's data, element,
 * attributes and minute, and answered like the reads (ETag, 304, `private, no-cache`, compression).
 */
export function registerFirstScreenRoutes(router: Router<EmbedState>, guard: RouterMiddleware<EmbedState>, deps: EventReadDeps): void {
  router.get(
    FIRST_SCREEN_PATH,
    guard,
    validated({ params: FirstScreenParams, query: FirstScreenQuery }, async (ctx: RouterContext<EmbedState>, { params, query }) => {
      const attrs = Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined))
      const apiRoot = `${ctx.origin}/v1/`
      // Drawn again each minute: what is live, past and next depends on the clock. Not the token:
      // the screen shows none (a test checks it), so every token of the event shares it.
      const minute = `${KEY_PREFIX}${Math.floor(Date.now() / CLOCK_MS)}\n`
      const key = `${minute}${params.element}\n${apiRoot}\n${JSON.stringify(Object.entries(attrs).sort())}`
      await sendEventAnswer(ctx, deps, key, async (data) => {
        // The screens of earlier minutes go, so that the answers kept per data version stay few.
        for (const old of data.responses.keys()) if (old.startsWith(KEY_PREFIX) && !old.startsWith(minute)) data.responses.delete(old)
        const { renderFirstScreen } = await loadRenderer()
        const request = { eventId: params.eventId, token: tokenOf(ctx.query.token, ctx.get('Authorization'))!, attrs, apiRoot }
        return serializeBytes(Buffer.from(await renderFirstScreen(params.element, request, readerOf(data))), HTML_TYPE)
      })
    }),
  )
}
