import { readFile } from 'node:fs/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureWidgetsBuilt } from '../build-if-stale.mjs'

interface ManifestEntry {
  file: string
  imports?: string[]
  dynamicImports?: string[]
  isDynamicEntry?: boolean
}

const LANGUAGES = ['de', 'es', 'fr', 'nl']

// Every language but English is a chunk of its own, downloaded only by a page that speaks it:
// nothing imports a catalogue statically and the loader lists none.
describe('the message catalogues’ chunks', () => {
  let manifest: Record<string, ManifestEntry>
  let loader: string
  beforeAll(async () => {
    await ensureWidgetsBuilt()
    const dist = new URL('../dist/', import.meta.url)
    manifest = JSON.parse(await readFile(new URL('chunks-manifest.json', dist), 'utf8'))
    loader = await readFile(new URL('loader.js', dist), 'utf8')
  }, 120_000)

  for (const language of LANGUAGES) {
    it(`loads ${language} on demand only`, () => {
      const key = `src/i18n/${language}.ts`
      const chunk = manifest[key]
      expect(chunk?.isDynamicEntry).toBe(true)
      for (const entry of Object.values(manifest)) expect(entry.imports ?? []).not.toContain(key)
      expect(Object.values(manifest).some((entry) => entry.dynamicImports?.includes(key))).toBe(true)
      expect(loader).not.toContain(chunk!.file.replace('chunks/', ''))
    })
  }
})
