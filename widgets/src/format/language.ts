import { boundedMap } from './bounded-map.js'

/** Names of languages in the visitor's language, from `Intl.DisplayNames` (no data shipped). */
const names = boundedMap<string, Intl.DisplayNames | null>(500)

/**
 * "German", "Portuguese (Brazil)" for a BCP 47 tag, in `locale`; the tag itself when the browser
 * cannot name it.
 *
 * @example languageName('pt-BR', 'de') // 'Portugiesisch (Brasilien)'
 */
export function languageName(tag: string, locale: string): string {
  let display = names.get(locale)
  if (display === undefined) {
    try {
      display = new Intl.DisplayNames([locale], { type: 'language' })
    } catch {
      display = null
    }
    names.set(locale, display)
  }
  try {
    return display?.of(tag) ?? tag
  } catch {
    return tag
  }
}

/** The primary subtag ("pt" of "pt-BR"), lower-cased: sessions are filtered by it, as the API does. */
export function primaryLanguage(tag: string): string {
  return tag.split('-')[0]!.toLowerCase()
}
