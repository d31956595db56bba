/**
 * The first screen of an element, drawn on the server with the element's own templates
 * (`@lit-labs/ssr`), so that a page shows it before any of our JavaScript has run. The embed
 * server calls this with the same data its JSON reads answer; `loader.js` sets the result as the
 * element's shadow root, and the element swaps in its own render once it has drawn it
 * (`ServiceElement`).
 *
 * Server-only. Without `@lit-labs/ssr`'s global DOM shim, which would replace the process's
 * `fetch` and add a `window` and a `document`: Lit's Node build brings the little it needs (an
 * `HTMLElement` and a `customElements` registry), and our render touches nothing else of the DOM.
 */
import { LitElementRenderer, type RenderInfo } from '@lit-labs/ssr'
import { collectResultSync } from '@lit-labs/ssr/lib/render-result.js'
import '../index.js'
import { readEach } from '../api/reads.js'
import type { FirstScreenHandover } from '../base/service-element.js'
import { ELEMENTS } from '../elements.js'
import { loadMessages } from '../i18n/index.js'
import { FIRST_SCREEN_LOCALE, type RenderFirstScreen } from './first-screens.js'

// Lit's hydration markers: nothing hydrates this markup (the element draws anew), so they are only bytes.
const LIT_MARKERS = /<!--\/?lit-[^>]*-->|<\?>/g

/**
 * `RenderFirstScreen`: the element's own templates under Lit's server renderer, through its
 * element renderer's hooks, as Lit's `render` drives them for an element in a template: the
 * element is created, given its attributes and the data of its manifest's reads (a property,
 * `firstScreen`), connected, and its shadow root's contents rendered.
 */
export const renderFirstScreen: RenderFirstScreen = async (tag, request, read) => {
  // `loader.js` sends the page's language as `locale` when the element names none.
  const attrs: Record<string, string | undefined> = { ...request.attrs, locale: request.attrs.locale || FIRST_SCREEN_LOCALE }
  const data = await readEach(
    ELEMENTS[tag].reads((name) => attrs[name]),
    read,
  )
  // The catalogue loads on demand in a browser; here it must be in before the one render.
  await loadMessages(attrs.locale!)
  const renderer = new LitElementRenderer(tag)
  renderer.setAttribute('event-id', request.eventId)
  renderer.setAttribute('token', request.token)
  for (const [name, value] of Object.entries(attrs)) if (value !== undefined) renderer.setAttribute(name, value)
  // Where the element's links point, as the page reaches the embed API.
  renderer.setProperty('firstScreen', { data, apiRoot: request.apiRoot } satisfies FirstScreenHandover)
  renderer.connectedCallback()
  const renderInfo: RenderInfo = {
    elementRenderers: [LitElementRenderer],
    customElementInstanceStack: [renderer],
    customElementHostStack: [renderer],
    eventTargetStack: [renderer.element],
    slotStack: [],
    deferHydration: false,
  }
  const shadow = renderer.renderShadow(renderInfo)
  if (shadow === undefined) throw new Error(`${tag} drew no shadow root`)
  return collectResultSync(shadow).replace(LIT_MARKERS, '')
}
