// The console's language: English or German, from a saved choice, else the browser's language.
// Changing it re-renders every element that holds an I18nController (see ./controller.ts).

export const LANGUAGES = ['en', 'de'] as const
export type Language = (typeof LANGUAGES)[number]

const STORAGE_KEY = 'console.language'
/** Fired on window after the language changed. */
export const LANGUAGE_EVENT = 'console-language'

/** The supported language a list of preferences starts with, English when none is supported. */
export function pickLanguage(saved: string | null | undefined, preferred: readonly string[]): Language {
  for (const candidate of [saved, ...preferred]) {
    const base = candidate?.split('-')[0]?.toLowerCase()
    if (base && (LANGUAGES as readonly string[]).includes(base)) return base as Language
  }
  return 'en'
}

function savedLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY)
  } catch {
    return null
  }
}

let current: Language | undefined

/** The language the console speaks now. */
export function language(): Language {
  current ??= pickLanguage(savedLanguage(), typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]))
  return current
}

/** The BCP 47 locale for Intl formatting. */
export function locale(): string {
  return language() === 'de' ? 'de-DE' : 'en-GB'
}

/** Switches the language, remembers it, and tells every element to render again. */
export function setLanguage(next: Language): void {
  current = next
  try {
    localStorage.setItem(STORAGE_KEY, next)
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  document.documentElement.lang = next
  window.dispatchEvent(new Event(LANGUAGE_EVENT))
}
