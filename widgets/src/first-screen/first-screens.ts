import { WIDGET_TAGS } from '../element-tags.js'
import { LANGUAGES } from '../i18n/languages.js'

/**
 * The elements the embed server draws a first screen for: every one. `loader.js` makes a first
 * screen inert until its element takes over, so even the form can be shown early: nothing can be
 * typed into it that the swap would lose, and nothing is submitted natively.
 */
export const FIRST_SCREEN_TAGS = WIDGET_TAGS

export type FirstScreenTag = (typeof FIRST_SCREEN_TAGS)[number]

/**
 * The attributes that choose what a first screen shows: the one list of `loader.js`'s request
 * (the names of `FIRST_SCREEN_READS`). The others (`event-id` and `token`, which the request
 * carries anyway, `api-base`, `live`, and `theme`, which styles the element itself, outside the
 * shadow root a first screen is) do not.
 */
export const FIRST_SCREEN_ATTRIBUTES = [
  'locale',
  'view',
  'group-by',
  'layout',
  'session-id',
  'speaker-id',
  'limit',
  'day',
  'track',
  'room',
  'tag',
] as const

export type FirstScreenAttribute = (typeof FIRST_SCREEN_ATTRIBUTES)[number]

/**
 * The values an attribute takes, as its element reads it: `language-tag` (BCP 47: `de`, `en-GB`),
 * `id` (a UUID, which the element cannot draw without), `day` (`YYYY-MM-DD`), `count` (a whole
 * number; 0 or none: no limit), `text` (any text; none or empty: no filter), or one of a list.
 */
export type AttributeValues = 'language-tag' | 'id' | 'day' | 'count' | 'text' | readonly string[]

/**
 * What each element's first screen reads, and the values it takes there: nothing else changes
 * the screen (a test of the embed server draws each element with every other attribute). The
 * embed server validates these and only these per element, and keys its screens by them.
 */
export const FIRST_SCREEN_READS = {
  'service-schedule': { locale: 'language-tag', view: ['grid', 'list'], 'group-by': ['room', 'track'] },
  'service-session-list': { locale: 'language-tag', limit: 'count', day: 'day', track: 'text', room: 'text', tag: 'text' },
  'service-session-detail': { locale: 'language-tag', 'session-id': 'id' },
  'service-speakers': { locale: 'language-tag', layout: ['grid', 'list', 'carousel'] },
  'service-speaker-card': { locale: 'language-tag', 'speaker-id': 'id' },
  'service-registration': { locale: 'language-tag' },
} as const satisfies Record<FirstScreenTag, Partial<Record<FirstScreenAttribute, AttributeValues>>>

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

/** Fails to compile while `FIRST_SCREEN_ATTRIBUTES` names an attribute no element reads. */
type ReadByAny = { [T in FirstScreenTag]: keyof (typeof FIRST_SCREEN_READS)[T] }[FirstScreenTag]
export type UnreadAttributes<T extends never = Exclude<FirstScreenAttribute, ReadByAny>> = T

/** Reads the event's public data by embed API path (`''`, `/sessions`, `/speakers/{id}`, …), as its JSON answers it. */
export type ReadPath = (path: string) => unknown

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
export type RenderFirstScreen = (tag: FirstScreenTag, request: FirstScreenRequest, read: ReadPath) => Promise<string>
