import { de } from './de.js';
import { en, type Messages } from './en.js';

export type { Messages };

const catalogues: Record<string, Messages> = { en, de };

/** Languages with a full message catalogue. */
export const SUPPORTED_LANGUAGES = Object.keys(catalogues);

/**
 * The locale an element speaks: its own `locale` attribute, else the nearest `lang` in the page
 * (a site that sets `<html lang="de">` gets German widgets without configuration), else the
 * browser's language.
 */
export function resolveLocale(el: HTMLElement, explicit: string | undefined): string {
  const candidate =
    explicit || el.closest<HTMLElement>('[lang]')?.lang || document.documentElement.lang || navigator.language || 'en';
  try {
    return Intl.getCanonicalLocales(candidate)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/** Messages for a locale, falling back to English for languages we do not ship. */
export function messagesFor(locale: string): Messages {
  const language = locale.split('-')[0]!.toLowerCase();
  return catalogues[language] ?? en;
}
