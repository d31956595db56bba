/**
 * The first screen of an element, drawn on the server with the element's own templates
 * (`@lit-labs/ssr`), so that a page shows it before any of our JavaScript has run. The embed
 * server calls this with the same data its JSON reads answer; `loader.js` sets the result as the
 * element's shadow root, and the element hydrates it (`ServiceElement`): it adopts these nodes,
 * Lit's markers tell it where its parts are, and the data handed over with them (a JSON script,
 * `FIRST_SCREEN_DATA`) is what it draws from, so that it neither reads again nor draws anything
 * anew.
 *
 * Server-only. Without `@lit-labs/ssr`'s global DOM shim, which would replace the process's
 * `fetch` and add a `window` and a `document`: Lit's Node build brings the little it needs (an
 * `HTMLElement` and a `customElements` registry), and our render touches nothing else of the DOM.
 */
import { LitElementRenderer, type RenderInfo } from '@lit-labs/ssr'
import { collectResultSync } from '@lit-labs/ssr/lib/render-result.js'
import '../index.js'
import { readEach } from '../api/reads.js'
import { FIRST_SCREEN_DATA, type FirstScreenHandover } from '../base/service-element.js'
import { ELEMENTS } from '../elements.js'
import { loadMessages } from '../i18n/index.js'
import { FIRST_SCREEN_LOCALE, type RenderFirstScreen } from './first-screens.js'

/**
 * JSON inside a `<script>`: `<` escaped, so that no string in the data (a title with
 * `</script>` or `<!--`) can end the element early; JSON.parse reads `\u003c` back as `<`.
 */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c')

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
  const handover: FirstScreenHandover = { data, apiRoot: request.apiRoot }
  renderer.setProperty('firstScreen', handover)
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
  // Lit's markers stay (the element hydrates by them); the data goes after the root part, which
  // hydration never looks past.
  return `${collectResultSync(shadow)}<script type="application/json" ${FIRST_SCREEN_DATA}>${scriptJson(data)}</script>`
}
