import { expect } from '@open-wc/testing'
import { clearCalendarVerdicts } from '../api/calendar-access.js'
import { clearApiCache } from '../api/client.js'
import { clock } from '../controllers/clock-controller.js'

/** Ids of the recorded fixtures (test/fixtures, served by test/mock-embed-api.mjs). */
export const EVENT_ID = '0b7c6f0e-4a36-4b8e-9a57-6f1d2b3c4d5e'
export const EMPTY_EVENT_ID = '00000000-0000-4000-8000-000000000000'
export const LONG_DAY_EVENT_ID = '00000000-0000-4000-8000-0000000000da'
export const SIX_ROOMS_EVENT_ID = '00000000-0000-4000-8000-0000000006ee'
export const ADA = '5f0c0000-0000-4000-8000-000000000001'
export const GRACE = '5f0c0000-0000-4000-8000-000000000002'
export const MALLORY = '5f0c0000-0000-4000-8000-000000000003'
export const KEYNOTE = '7a1d0000-0000-4000-8000-000000000001'
export const MARKUP_SESSION = '7a1d0000-0000-4000-8000-000000000004'
export const API = location.origin
/** `until`'s deadline: a wait, not an assertion (web-test-runner.config.mjs gives each test 60 s). */
export const UNTIL_TIMEOUT_MS = 30_000

/** Every rejection of docs/embed-api.md with the words the site owner must see. */
export const REJECTIONS: [token: string | undefined, code: string, words: RegExp][] = [
  [undefined, 'ATTRIBUTE_MISSING', /The token attribute is missing/],
  ['emb_nonsense', 'INVALID_TOKEN', /does not know this token/],
  ['emb_revoked', 'TOKEN_REVOKED', /has been revoked/],
  ['emb_disabled', 'TOKEN_DISABLED', /This embed token has been disabled/],
  ['emb_expired', 'TOKEN_EXPIRED', /has expired/],
  ['emb_other_event', 'EVENT_MISMATCH', /different event/],
  ['emb_origin', 'ORIGIN_NOT_ALLOWED', /This site \(http:\/\/[^)]+\) is not in the token’s allowed origins/],
  ['emb_limited', 'RATE_LIMIT_EXCEEDED', /Too many requests/],
  ['emb_broken', 'INTERNAL_ERROR', /internal error/],
]
/** What `until` waits for: a value, or a promise of one (a question to the mock API). */
type Condition<T> = () => T | null | undefined | false | Promise<T | null | undefined | false>

/**
 * Polls until `fn` returns (or resolves to) something truthy. The deadline is far beyond what a
 * quiet machine needs and below the test's own limit, so that a loaded machine only waits longer
 * while a condition that never holds still fails with a message naming it.
 */
export async function until<T>(fn: Condition<T>, what = 'condition', timeout = UNTIL_TIMEOUT_MS): Promise<T> {
  const start = performance.now()
  for (;;) {
    // Awaited: a promise is truthy, so an asynchronous condition would otherwise count as met at once.
    const value = await fn()
    if (value) return value
    if (performance.now() - start > timeout) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

/** The element's shadow root, typed. */
export function root(el: Element): ShadowRoot {
  return el.shadowRoot!
}

/** Waits until the element has left its loading state. */
export async function loaded(el: HTMLElement & { updateComplete: Promise<unknown> }): Promise<void> {
  await until(() => root(el).querySelector('*') && !root(el).querySelector('[part=skeleton]'), 'data')
  await el.updateComplete
}

/** Request counts seen by the mock API, by "METHOD path". */
export async function requestCounts(): Promise<Record<string, number>> {
  return ((await (await fetch('/__mock/requests')).json()) as { data: Record<string, number> }).data
}

/** Fresh state for each test: no cached responses, no favourites, no URL hash, the real clock. */
export async function reset(): Promise<void> {
  clearApiCache()
  clearCalendarVerdicts()
  localStorage.clear()
  history.replaceState(null, '', location.pathname + location.search)
  clock.now = () => Date.now()
  await fetch('/__mock/reset')
}

/** Text content of a node, whitespace collapsed. */
export function text(node: Element | ShadowRoot | null | undefined): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim()
}

/** axe-core check in both themes. */
export async function expectAccessibleInBothThemes(el: HTMLElement & { theme?: string; updateComplete: Promise<unknown> }): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    el.theme = theme
    await el.updateComplete
    // Axe measures the contrast of the colours of this moment: the theme's colour transitions must
    // have ended (getAnimations() applies the new styles first, so it sees those just started).
    // Only transitions: a looping animation (the skeleton's, the live badge's) never finishes.
    const transitions = el.shadowRoot!.getAnimations().filter((a) => a instanceof CSSTransition)
    await Promise.allSettled(transitions.map((a) => a.finished))
    await expect(el).to.be.accessible()
  }
}

/** A mounted widget, whatever its element. */
export type Widget = HTMLElement & { updateComplete: Promise<unknown> }

/** The six elements, for tests that check a behaviour every one of them shares. */
export { WIDGET_TAGS } from '../elements.js'

/**
 * Counts the `Intl.DateTimeFormat`s made from now on, in the page this test file runs in: which
 * scripts pay ICU's start (the loader for elements whose first screen shows times, not others).
 */
export function countDateFormats(): { made: number } {
  const count = { made: 0 }
  Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
    construct(target, args, newTarget) {
      count.made++
      return Reflect.construct(target, args, newTarget)
    },
    apply(target, self, args) {
      count.made++
      return Reflect.apply(target, self, args)
    },
  })
  return count
}
