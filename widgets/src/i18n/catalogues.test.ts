import { expect } from '@open-wc/testing'
import { de } from './de.js'
import { en, type Messages } from './en.js'
import { es } from './es.js'
import { fr } from './fr.js'
import { loadMessages, messagesFor, SUPPORTED_LANGUAGES } from './index.js'
import { nl } from './nl.js'

const CATALOGUES: Record<string, Messages> = { de, es, fr, nl }

/** Every message as `path → value`, nested objects (errors, levels) flattened. */
function flatten(messages: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>()
  for (const [key, value] of Object.entries(messages)) {
    if (value && typeof value === 'object') for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v)
    else out.set(`${prefix}${key}`, value)
  }
  return out
}

/** Markers passed for a message's parameters: each must come out again wherever English shows it. */
const markers = (n: number) => Array.from({ length: n }, (_, i) => `⟦${i}⟧`)

describe('message catalogues', () => {
  const english = flatten(en)

  for (const [language, catalogue] of Object.entries(CATALOGUES)) {
    describe(language, () => {
      const own = flatten(catalogue)

      it('has every key of the English catalogue, and no other', () => {
        expect([...own.keys()].sort()).to.deep.equal([...english.keys()].sort())
      })

      it('has a text for every message, of the same kind as the English one', () => {
        for (const [key, value] of english) {
          const mine = own.get(key)
          expect(typeof mine, key).to.equal(typeof value)
          if (typeof mine === 'string') expect(mine.trim(), key).not.to.equal('')
          if (typeof mine === 'function') expect(mine.length, `${key}: parameters`).to.equal((value as () => string).length)
        }
      })

      it('uses the same placeholders as English', () => {
        for (const [key, value] of english) {
          if (typeof value !== 'function') continue
          const args = markers(value.length)
          const theirs = (value as (...a: string[]) => string)(...args)
          const mine = (own.get(key) as (...a: string[]) => string)(...args)
          for (const marker of args) expect(mine.includes(marker), `${key} shows ${marker}`).to.equal(theirs.includes(marker))
          // The singular forms too (n = 1), with nothing left unfilled.
          const one = (own.get(key) as (...a: unknown[]) => string)(...args.map(() => 1))
          expect(one, key).not.to.match(/undefined|NaN|\$\{/)
        }
      })
    })
  }

  it('loads a language on first use only, by its primary subtag', async () => {
    expect(SUPPORTED_LANGUAGES).to.have.members(['en', 'de', 'es', 'fr', 'nl'])
    expect(messagesFor('nl-BE')).to.equal(en)
    await loadMessages('nl-BE')
    expect(messagesFor('nl-BE')).to.equal(nl)
    expect(messagesFor('NL')).to.equal(nl)
    expect(loadMessages('nl')).to.be.undefined
  })
})
