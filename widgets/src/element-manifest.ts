import type { AttributeOf, Reads } from './api/reads.js'

/**
 * The values a first screen's attribute takes, as its element reads it: `language-tag` (BCP 47:
 * `de`, `en-GB`), `id` (a UUID, which the element cannot draw without), `day` (`YYYY-MM-DD`),
 * `count` (a whole number; 0 or none: no limit), `text` (any text; none or empty: no filter), or
 * one of a list.
 */
export type AttributeValues = 'language-tag' | 'id' | 'day' | 'count' | 'text' | readonly string[]

/**
 * What one element is, for everything around it: the loader (whether to
 * start ICU early, which attributes to send for its first screen), the build (its entry chunk,
 * by `entryOf`), the embed server (what to validate and read for its first screen) and the
 * element itself (its data task makes `reads`). Written once per element, in its own folder
 * (`components/<name>/<name>.manifest.ts`), and listed in `elements.ts`.
 */
export interface ElementManifest<
  Tag extends `service-${string}` = `service-${string}`,
  R extends Reads = Reads,
  F extends Record<string, AttributeValues> = Record<string, AttributeValues>,
> {
  tag: Tag
  /** What it reads from the embed API, by its attributes; the names are those of its data. */
  reads: (attr: AttributeOf) => R
  /** Whether its first screen shows times: the loader then starts ICU's date data before its code runs. */
  showsTimes: boolean
  /** Whether its first screen names languages: the loader then starts ICU's language names too. */
  showsLanguages: boolean
  /**
   * The attributes that choose what its first screen shows, beside `locale` (every element's),
   * and the values each takes there: nothing else changes the screen (a test of the embed server
   * draws each element with every other attribute). The server validates these and only these,
   * and keys its screens by them; `event-id` and `token`, `api-base`, `live`, and `theme` (which
   * styles the element itself, outside the shadow root a first screen is) are not among them.
   */
  firstScreen: F
}

/** An element's manifest, with `locale` among its first screen's attributes as every element's is. */
export function defineElement<Tag extends `service-${string}`, R extends Reads, F extends Record<string, AttributeValues>>(
  manifest: ElementManifest<Tag, R, F>,
): ElementManifest<Tag, R, { locale: 'language-tag' } & F> {
  return { ...manifest, firstScreen: { locale: 'language-tag', ...manifest.firstScreen } }
}

/**
 * The module that defines an element, by Shoelace's convention: `service-speaker-card` is
 * `components/speaker-card/speaker-card.ts` (under `src/`); the build makes it the element's entry chunk.
 */
export const entryOf = (tag: string): string => {
  const name = tag.replace(/^service-/, '')
  return `components/${name}/${name}.ts`
}

/**
 * What `loader.js` needs of an element, compiled into it by the build (`__ELEMENTS__`), so that
 * the loader carries these few facts rather than the manifest's code.
 */
export interface LoaderFacts {
  /** The attributes its first-screen request sends. */
  attributes: string[]
  showsTimes: boolean
  showsLanguages: boolean
}

/** The loader's facts of `manifest`. */
export const loaderFacts = (manifest: ElementManifest): LoaderFacts => ({
  attributes: Object.keys(manifest.firstScreen),
  showsTimes: manifest.showsTimes,
  showsLanguages: manifest.showsLanguages,
})
