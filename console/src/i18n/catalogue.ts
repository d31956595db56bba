import { type Language, language } from './language.ts'

/**
 * A feature's messages in every language, the same keys in each (catalogues.test.ts checks).
 * Messages are strings, or functions of their parameters for sentences with values in them.
 */
export type Catalogue<T> = Record<Language, T>

/**
 * Declares a feature's catalogue; `de` must have English's shape.
 *
 * @example
 * const en = { save: 'Save', saved: (name: string) => `${name} saved` }
 * export const messages = defineMessages({ en, de: { save: 'Speichern', saved: (name) => `${name} gespeichert` } })
 * t(messages).save
 */
export function defineMessages<T extends object>(catalogue: { en: T; de: NoInfer<T> }): Catalogue<T> {
  return catalogue
}

/** The messages of the current language. Call it in render() so a language change shows. */
export function t<T>(catalogue: Catalogue<T>): T {
  return catalogue[language()]
}
