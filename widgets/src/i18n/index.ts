import { en, type Messages } from './en.js'
import { LANGUAGES, type Language } from './languages.js'

export type { Messages }

/**
 * Catalogues other than English load on first use, in their own chunk: most pages speak one
 * language, and English is the fallback every element needs anyway.
 */
const loaders: Record<string, () => Promise<Messages>> = {
  de: () => import('./de.js').then((m) => m.de),
  es: () => import('./es.js').then((m) => m.es),
  fr: () => import('./fr.js').then((m) => m.fr),
  nl: () => import('./nl.js').then((m) => m.nl),
} satisfies Record<Exclude<Language, 'en'>, () => Promise<Messages>>

const catalogues: Record<string, Messages> = { en }
const loading: Record<string, Promise<unknown>> = {}

/** Languages with a full message catalogue. */
export const SUPPORTED_LANGUAGES: readonly string[] = LANGUAGES

/**
 * The locale an element speaks: its own `locale` attribute, else the nearest `lang` in the page
 * (a site that sets `<html lang="de">` gets German widgets without configuration), else the
 * browser's language.
 */
export function resolveLocale(el: HTMLElement, explicit: string | undefined): string {
  const candidate = explicit || el.closest<HTMLElement>('[lang]')?.lang || document.documentElement.lang || navigator.language || 'en'
  try {
    return Intl.getCanonicalLocales(candidate)[0] ?? 'en'
  } catch {
    return 'en'
  }
}

/** Messages for a locale, falling back to English for languages we do not ship (or not yet loaded). */
export function messagesFor(locale: string): Messages {
  return catalogues[languageOf(locale)] ?? en
}

/**
 * Loads the catalogue of a locale; undefined when it is already there (or is English), so
 * callers can stay synchronous in the common case.
 *
 * @example
 * await loadMessages('de-AT'); // then messagesFor('de-AT') is German
 */
export function loadMessages(locale: string): Promise<unknown> | undefined {
  const language = languageOf(locale)
  const load = loaders[language]
  if (!load || catalogues[language]) return undefined
  loading[language] ??= load().then(
    (messages) => {
      catalogues[language] = messages
    },
    // A failed download leaves English in place; a later element may try again.
    () => {
      delete loading[language]
    },
  )
  return loading[language]
}

const languageOf = (locale: string) => locale.split('-')[0]!.toLowerCase()
