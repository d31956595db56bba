/**
 * The one script a site pastes (`<script async src=".../v1/loader.js">`). It stays a classic
 * script of about a kilobyte: it finds `service-*` elements, now and as they are added later, asks
 * the embed server for their first screens (with the data they were drawn from, which the
 * elements hydrate), keeps a click on them until the elements' code is in, and imports only the
 * chunks those elements need, each
 * element's chunk together with the shared ones so they download in parallel rather than as a
 * waterfall.
 *
 * The build replaces `__FILES__` (chunk paths relative to this script), `__TAGS__` (tag →
 * indexes into `__FILES__`, shared chunks first) and `__ELEMENTS__` (tag → what the loader needs of
 * its manifest, `loaderFacts`).
 */
import type { LoaderFacts } from './element-manifest.js'
import { isUuid, looksLikeEmbedToken } from './identifiers.js'
import type { ElementTag } from './elements.js'
import { type LoaderGlobal, loaderGlobal, setLoaderGlobal } from './loader-global.js'
import { reservedSizeRule } from './styles/reserved-size.js'

declare const __FILES__: string[]
declare const __TAGS__: Record<ElementTag, number[]>
declare const __ELEMENTS__: Record<ElementTag, LoaderFacts>

/** Once: the build writes the object at every mention of `__ELEMENTS__`. */
const ELEMENTS = __ELEMENTS__

/** Longest the code waits for the server's first screens before it runs anyway. */
const FIRST_SCREEN_WAIT_MS = 1500

;((d: Document) => {
  // Loaded twice (two snippets on one page): the first copy does the work.
  if (loaderGlobal()) return
  const script = d.currentScript as HTMLScriptElement | null
  // Chunks and the embed API live beside this script, whatever origin or path it came from.
  const base = new URL('.', script?.src || location.href).href
  const earlyClicks: LoaderGlobal['earlyClicks'] = new WeakMap()
  setLoaderGlobal({ base, earlyClicks })
  // Each element's height, reserved before its first screen or its code is in (the element's
  // `:host` says the same from then on): the page does not move as they arrive one by one.
  d.head.append(
    Object.assign(d.createElement('style'), {
      textContent: (Object.keys(ELEMENTS) as ElementTag[]).map((tag) => reservedSizeRule(tag, `${tag}:not(:defined)`)).join(''),
    }),
  )
  // The element's language as it resolves it: its own, else the page's.
  const langOf = (el: Element) => el.getAttribute('locale') || el.closest<HTMLElement>('[lang]')?.lang || navigator.language
  // The element's first screen, drawn by the server with the data it was drawn from, in one
  // request, for elements that use this server (no api-base): shown as soon as it is here, while
  // the element's code still downloads; the element hydrates it when it upgrades. Set only on an
  // element that has not drawn itself first. Resolves once the screen is shown or will not be.
  const fetchScreen = (el: Element, tag: ElementTag): Promise<unknown> | undefined => {
    const id = el.getAttribute('event-id')
    const token = el.getAttribute('token')
    // Only attributes of the right shape: the element reports the others without asking the server.
    if (!isUuid(id!) || !looksLikeEmbedToken(token!) || el.hasAttribute('api-base')) return
    const query = new URLSearchParams({ token: token!, locale: langOf(el) })
    for (const name of ELEMENTS[tag].attributes) {
      const value = el.getAttribute(name)
      if (value !== null) query.set(name, value)
    }
    return (
      fetch(`${base}events/${id}/first-screen/${tag}?${query}`, { credentials: 'omit' })
        .then((res) => (res.ok ? res.text() : ''))
        .then((html) => {
          if (!html || el.shadowRoot) return
          const root = el.attachShadow({ mode: 'open' })
          root.innerHTML = html
          // The screen is live before the code is: a click on it (a card, a button; a key on
          // one clicks it too) is kept, its node noted for the element to click again once it
          // has hydrated; a link is left to the browser. A form is not submitted natively: the
          // element submits it when its button's click comes again.
          let clicked: Element | undefined
          const keep = (e: Event) => {
            const target = e.composedPath()[0] as Element
            if (e.type === 'submit') e.preventDefault()
            else if (!target.closest('a[href]')) clicked = target
          }
          for (const type of ['click', 'submit']) root.addEventListener(type, keep, true)
          earlyClicks.set(el, () => {
            for (const type of ['click', 'submit']) root.removeEventListener(type, keep, true)
            return clicked
          })
        })
        // Without it the element draws as it always did: its skeleton, then its data.
        .catch(() => {})
    )
  }
  // ICU's date and time data loads on the first Intl formatter of a page, and its language names
  // on the first DisplayNames: some 100 ms of main thread on a slow phone, in the element's
  // language. Paying it in a task of its own before the chunks run keeps it out of the
  // first render of the elements whose first screen shows times (`showsTimes` in their
  // manifests). Not for the others: there the task would only delay the first screen.
  let warm = false
  const warmIntl = (el: Element, tag: ElementTag) => {
    if (warm || !ELEMENTS[tag].showsTimes) return
    warm = true
    const lang = langOf(el)
    // One task each: together they made a page's longest task.
    const warmUp = (start: () => unknown) =>
      setTimeout(() => {
        try {
          start()
        } catch {
          // A tag Intl does not take: the element falls back to English and pays the start itself.
        }
      })
    warmUp(() => new Intl.DateTimeFormat(lang, { hour: 'numeric', minute: '2-digit' }).formatRangeToParts(0, 1))
    if (ELEMENTS[tag].showsLanguages) warmUp(() => new Intl.DisplayNames(lang, { type: 'language' }).of('en'))
  }
  const files = __FILES__
  const tags = __TAGS__
  const pending = new Set(Object.keys(tags) as ElementTag[])
  const scan = () => {
    for (const tag of pending) {
      const found = d.getElementsByTagName(tag)
      if (found.length) {
        pending.delete(tag)
        const screens = [...found].map((el) => fetchScreen(el, tag)).filter(Boolean)
        const chunks = tags[tag]!.map((i) => base + files[i])
        const run = () => {
          warmIntl(found[0]!, tag)
          // One message per element type, not one per chunk; the page keeps the fallback content.
          Promise.all(chunks.map((url) => import(url))).catch(() =>
            console.warn(`<${tag}>: no code from ${base}: is the embed server reachable from this page?`),
          )
        }
        if (!screens.length) run()
        else {
          // The code downloads now but runs once the server's first screens are shown and a frame
          // has painted them (or after FIRST_SCREEN_WAIT_MS): run before, it would only delay them.
          // In a task of their own: starting module preloads costs a slow phone some 30 ms.
          setTimeout(() => {
            for (const href of chunks) d.head.append(Object.assign(d.createElement('link'), { rel: 'modulepreload', href }))
          })
          let started = false
          const once = () => {
            if (started) return
            started = true
            run()
          }
          Promise.all(screens).then(() => requestAnimationFrame(() => setTimeout(once)))
          setTimeout(once, FIRST_SCREEN_WAIT_MS)
        }
      }
    }
    if (!pending.size) observer.disconnect()
  }
  const observer = new MutationObserver(scan)
  observer.observe(d.documentElement, { childList: true, subtree: true })
  scan()
})(document)
