import type { Read } from '../api/reads.js'
import type { AttributeValues } from '../element-manifest.js'
import { ELEMENTS, type ElementTag, WIDGET_TAGS } from '../elements.js'
import { LANGUAGES } from '../i18n/languages.js'

export type { AttributeValues, Read }
export { ELEMENTS }
/** A read's path under the event, as the JSON reads answer it (for tests that compare the two). */
export { pathOf } from '../api/reads.js'

/**
 * The elements the embed server draws a first screen for: every one. Each hydrates its screen
 * (adopts its nodes), so even the form can be shown early: what is typed into it stays, and
 * `loader.js` stops a native submission until the element's code is in.
 */
export const FIRST_SCREEN_TAGS = WIDGET_TAGS

export type FirstScreenTag = ElementTag

/**
 * What each element's first screen reads, and the values it takes there (each element's
 * manifest, `firstScreen`). The embed server validates these and only these per element, and
 * keys its screens by them.
 */
export const FIRST_SCREEN_READS = Object.fromEntries(WIDGET_TAGS.map((tag) => [tag, ELEMENTS[tag].firstScreen])) as {
  [T in FirstScreenTag]: (typeof ELEMENTS)[T]['firstScreen']
}

export type FirstScreenAttribute = { [T in FirstScreenTag]: keyof (typeof ELEMENTS)[T]['firstScreen'] }[FirstScreenTag] & string

/** Every attribute some element's first screen reads, each once, in the order the manifest names them. */
export const FIRST_SCREEN_ATTRIBUTES = [...new Set(WIDGET_TAGS.flatMap((tag) => Object.keys(ELEMENTS[tag].firstScreen)))] as [
  FirstScreenAttribute,
  ...FirstScreenAttribute[],
]

/** The language a first screen is drawn in when its request names none. */
export const FIRST_SCREEN_LOCALE = 'en'

/**
 * The locale a first screen is drawn in for a `locale` attribute, as the element draws in it
 * (`intlLocale`): English for a language without a catalogue, else the locale ICU resolves the
 * tag to (private use, and variants and regions ICU does not know, fall away), so that the many
 * spellings of one screen are one screen and the process builds formatters for a bounded set of
 * locales. Unicode extensions (`-u-hc-h23`) are dropped too: without that, each of thousands of
 * combinations would cost formatters of its own; such a page gets the element's render with
 * them once its code runs. `undefined` for a malformed tag.
 *
 * @example firstScreenLocale('EN-gb') // 'en-GB'; 'en-x-a1' → 'en'; 'ja' → 'en'; 'en_GB' → undefined
 */
export function firstScreenLocale(tag: string): string | undefined {
  let canonical: string
  try {
    canonical = Intl.getCanonicalLocales(tag)[0] ?? FIRST_SCREEN_LOCALE
  } catch {
    return undefined
  }
  if (!(LANGUAGES as readonly string[]).includes(canonical.split('-')[0]!)) return FIRST_SCREEN_LOCALE
  return new Intl.DateTimeFormat(canonical).resolvedOptions().locale.split('-u-')[0]!
}

/** Answers a read of the event's public data (`Read`) as its JSON answers it; throws for an item the event does not have. */
export type ReadData = (read: Read<unknown>) => unknown

/** What a first screen is drawn for: the element's event, token and attributes, and where the embed API is. */
export interface FirstScreenRequest {
  eventId: string
  token: string
  /** Names of `FIRST_SCREEN_ATTRIBUTES` and their values; others are ignored. */
  attrs: Partial<Record<FirstScreenAttribute, string>>
  /** The embed API's root as the page reaches it, ending in `/v1/`. */
  apiRoot: string
}

/**
 * The shadow root's HTML (style sheets as `<style>`, then the element's first render) of `tag`,
 * drawn from the data `read` returns; throws what `read` throws (a session that is not there).
 * The embed server imports it from the widgets' build (`@event-service/widgets/first-screen-renderer`).
 */
export type RenderFirstScreen = (tag: FirstScreenTag, request: FirstScreenRequest, read: ReadData) => Promise<string>
