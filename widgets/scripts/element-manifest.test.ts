import { readdir, readFile } from 'node:fs/promises'
import { gzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { entryOf } from '../src/element-manifest.ts'
import { ELEMENTS, WIDGET_TAGS } from '../src/elements.ts'

const widgets = new URL('../', import.meta.url)
const read = (path: string) => readFile(new URL(path, widgets), 'utf8')

interface ChunkEntry {
  file: string
  isEntry?: boolean
}
interface CustomElements {
  modules: { declarations?: { customElement?: boolean; tagName?: string }[] }[]
}

// Every place an element must appear, checked against the one list (`src/elements.ts`, see
// "Adding an element" in the README): an element added, renamed or dropped in one place and not
// in another fails here, not on a site.
describe('the element manifest', () => {
  let chunks: Record<string, ChunkEntry>
  let loader: string
  let customElements: CustomElements
  beforeAll(async () => {
    chunks = JSON.parse(await read('dist/chunks-manifest.json'))
    loader = await read('dist/loader.js')
    customElements = JSON.parse(await read('dist/custom-elements.json'))
  })

  it('has a folder for each element, and an element for each folder', async () => {
    const folders = (await readdir(new URL('src/components/', widgets), { withFileTypes: true })).filter((d) => d.isDirectory())
    expect(folders.map((d) => `service-${d.name}`).sort()).toEqual([...WIDGET_TAGS].sort())
    for (const tag of WIDGET_TAGS) {
      expect(ELEMENTS[tag].tag).toBe(tag)
      // Its entry module defines it, under the manifest's tag.
      expect(await read(`src/${entryOf(tag)}`), tag).toContain(`customElements.define('${tag}'`)
    }
  })

  it('gives each element an entry chunk and the loader a chunk list for it, and nothing else', () => {
    const entries = Object.entries(chunks).filter(([, chunk]) => chunk.isEntry)
    expect(entries.map(([src]) => src).sort()).toEqual(WIDGET_TAGS.map((tag) => `src/${entryOf(tag)}`).sort())
    for (const tag of WIDGET_TAGS) expect(loader, tag).toMatch(new RegExp(`"${tag}":\\[[\\d,]+\\]`))
  })

  it('is what the demo, the README, the npm entry points and the library entry offer', async () => {
    // The demo page builds its gallery and snippets from the custom-elements manifest.
    const declared = customElements.modules.flatMap((m) =>
      (m.declarations ?? []).flatMap((d) => (d.customElement && d.tagName ? [d.tagName] : [])),
    )
    expect(declared.sort()).toEqual([...WIDGET_TAGS].sort())
    const readme = await read('README.md')
    const exports = (JSON.parse(await read('package.json')) as { exports: Record<string, unknown> }).exports
    const index = await read('src/index.ts')
    for (const tag of WIDGET_TAGS) {
      const name = tag.replace(/^service-/, '')
      expect(readme, tag).toMatch(new RegExp(`^\\| \`${tag}\` +\\| \\S`, 'm'))
      expect(exports, tag).toHaveProperty([`./${name}`])
      expect(index, tag).toContain(`'./${entryOf(tag).replace(/\.ts$/, '.js')}'`)
    }
  })

  it('keeps loader.js within the budget the README states', async () => {
    const [, budget] = /the loader's budget is ([\d,]+) bytes/.exec(await read('README.md')) ?? []
    expect(budget).toBeDefined()
    expect(gzipSync(loader, { level: 9 }).length).toBeLessThanOrEqual(Number(budget!.replaceAll(',', '')))
  })
})
