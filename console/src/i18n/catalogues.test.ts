import { describe, expect, it } from 'vitest'
import type { Catalogue } from './catalogue.ts'
import { LANGUAGES } from './language.ts'

// Every feature's messages.ts (and *-messages.ts), found by name so a new feature folder is checked without a line here.
const modules = import.meta.glob<Record<string, unknown>>('../**/*messages.ts', { eager: true })

/** Every message as `path → value`, nested objects flattened. */
function flatten(messages: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>()
  for (const [key, value] of Object.entries(messages)) {
    if (value && typeof value === 'object') for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v)
    else out.set(`${prefix}${key}`, value)
  }
  return out
}

const catalogues = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => value && typeof value === 'object' && 'en' in value && 'de' in value)
    .map(([name, value]) => [`${file} ${name}`, value as Catalogue<object>] as const),
)

describe('console message catalogues', () => {
  it('finds the catalogues', () => {
    expect(catalogues.length).toBeGreaterThan(0)
  })

  for (const [name, catalogue] of catalogues) {
    describe(name, () => {
      const english = flatten(catalogue.en)
      for (const language of LANGUAGES.filter((l) => l !== 'en')) {
        it(`${language} has every English key, and no other`, () => {
          expect([...flatten(catalogue[language]).keys()].sort()).toEqual([...english.keys()].sort())
        })

        it(`${language} has a text for every message, of the same kind and arity as the English one`, () => {
          const own = flatten(catalogue[language])
          for (const [key, value] of english) {
            const mine = own.get(key)
            expect(typeof mine, key).toBe(typeof value)
            if (typeof mine === 'string') expect(mine.trim(), key).not.toBe('')
            if (typeof mine === 'function') expect(mine.length, `${key}: parameters`).toBe((value as () => string).length)
          }
        })
      }
    })
  }
})
