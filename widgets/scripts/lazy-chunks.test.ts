import { readFile } from 'node:fs/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { WIDGET_TAGS } from '../src/elements.ts'

interface ManifestEntry {
  file: string
  imports?: string[]
  dynamicImports?: string[]
  isDynamicEntry?: boolean
}

const LANGUAGES = ['de', 'es', 'fr', 'nl']

/** The files the loader imports for a tag (its chunk map: `"tag":[indexes]` into the file list). */
function loaderFiles(loader: string, tag: string): string[] {
  const files = JSON.parse(/\[(`chunks\/[^\]]+)\]/.exec(loader)![0].replaceAll('`', '"')) as string[]
  const indexes = new RegExp(`"${tag}":\\[([\\d,]+)\\]`).exec(loader)![1]!.split(',').map(Number)
  return indexes.map((i) => files[i]!)
}

// Every language but English is a chunk of its own, downloaded only by a page that speaks it:
// nothing imports a catalogue statically and the loader lists none. The same for what a dialog
// draws inside, for the elements that open one.
describe('chunks loaded on demand', () => {
  let manifest: Record<string, ManifestEntry>
  let loader: string
  beforeAll(async () => {
    const dist = new URL('../dist/', import.meta.url)
    manifest = JSON.parse(await readFile(new URL('chunks-manifest.json', dist), 'utf8'))
    loader = await readFile(new URL('loader.js', dist), 'utf8')
  })

  /** The file of the chunk Rolldown named after `module` (its first module). */
  const chunkOf = (module: string) => Object.values(manifest).find((entry) => (entry as { name?: string }).name === module)?.file

  // A dialog's inside (abstracts' text, links, profiles) is the first screen of the session
  // detail and the speaker card only; the schedule, the list and the gallery load it on demand.
  it('loads the session and speaker views with the elements that show them first, and on demand elsewhere', () => {
    expect(manifest['src/base/detail-views.ts']?.isDynamicEntry).toBe(true)
    // build.mjs's `details` group: the abstracts' and bios' text and the speaker styles.
    const richText = chunkOf('details')
    expect(richText).toBeDefined()
    for (const tag of ['service-session-detail', 'service-speaker-card']) expect(loaderFiles(loader, tag)).toContain(richText)
    for (const tag of ['service-schedule', 'service-session-list', 'service-speakers']) {
      expect(loaderFiles(loader, tag)).not.toContain(richText)
    }
  })

  // Chunks are split by the elements that import them: a page evaluates no other element's code.
  it("loads no other element's code", () => {
    const entries = Object.values(manifest)
      .filter((entry) => (entry as { isEntry?: boolean }).isEntry)
      .map((e) => e.file)
    expect(entries).toHaveLength(6)
    for (const tag of WIDGET_TAGS) {
      const files = loaderFiles(loader, tag)
      expect(files.filter((f) => entries.includes(f))).toHaveLength(1)
    }
    // The form shows no sessions: none of their dialog, times, calendar or styles (build.mjs's
    // `sessions` group), which the elements that show sessions share.
    const sessions = chunkOf('sessions')
    expect(sessions).toBeDefined()
    expect(loaderFiles(loader, 'service-registration')).not.toContain(sessions)
    for (const tag of ['service-schedule', 'service-session-list', 'service-speakers']) expect(loaderFiles(loader, tag)).toContain(sessions)
  })

  // What a click needs and no first screen: the schedule's calendar feed panel.
  for (const module of ['src/components/schedule/schedule-feed.ts']) {
    it(`loads ${module.split('/').pop()} on first use only`, () => {
      const chunk = manifest[module]
      expect(chunk?.isDynamicEntry).toBe(true)
      for (const tag of [
        'service-schedule',
        'service-session-list',
        'service-session-detail',
        'service-speakers',
        'service-speaker-card',
      ]) {
        expect(loaderFiles(loader, tag)).not.toContain(chunk!.file)
      }
    })
  }

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
