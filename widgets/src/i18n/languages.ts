/**
 * The languages with a full message catalogue, English first (the fallback). Apart from the
 * catalogues so that the embed server can import it: it draws first screens in these, and in
 * English for any other, as the elements do.
 */
export const LANGUAGES = ['en', 'de', 'es', 'fr', 'nl'] as const

export type Language = (typeof LANGUAGES)[number]
