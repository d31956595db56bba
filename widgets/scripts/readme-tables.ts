// The READMEs' tables of attributes and events, written from the custom-elements manifest (the
// one description of the elements, generated from their JSDoc), so that no attribute goes
// undocumented; and the loader's size, measured on the build, so that the one place that states
// it is never stale. `npm run readme -w widgets` rewrites them; scripts/readme-tables.test.ts fails
// (in `npm test`) while they differ.
import { readFile, writeFile } from 'node:fs/promises'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { type ElementTag, WIDGET_TAGS } from '../src/elements.ts'
import { RESERVED_HEIGHT } from '../src/styles/reserved-size.ts'

const widgetsDir = new URL('../', import.meta.url)
/** Every README with generated tables, from this folder. */
export const READMES = [new URL('../README.md', widgetsDir), new URL('README.md', widgetsDir)]

interface Described {
  name: string
  description?: string
  inheritedFrom?: unknown
}
interface Declaration {
  customElement?: boolean
  tagName?: string
  attributes?: Described[]
  events?: Described[]
  cssProperties?: Described[]
}
interface Manifest {
  modules: { declarations?: Declaration[] }[]
}
type Element = Declaration & { tagName: string }

/** Elements of the manifest, in the order the READMEs present them (WIDGET_TAGS'). */
const ORDER: readonly string[] = WIDGET_TAGS

/** The elements of a manifest, sorted as above (unknown ones last, by name). */
export function manifestElements(manifest: Manifest): Element[] {
  const elements = manifest.modules.flatMap((m) =>
    (m.declarations ?? []).filter((d): d is Element => Boolean(d.customElement && d.tagName)),
  )
  const rank = (tag: string) => (ORDER.includes(tag) ? ORDER.indexOf(tag) : ORDER.length)
  return elements.sort((a, b) => rank(a.tagName) - rank(b.tagName) || a.tagName.localeCompare(b.tagName))
}

/** A Markdown table with its columns padded, as the rest of the README's tables. */
function table(head: string[], rows: string[][]): string {
  const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ')
  const all = [head, ...rows].map((r) => r.map(cell))
  const widths = head.map((_, i) => Math.max(3, ...all.map((r) => [...r[i]!].length)))
  const line = (r: string[]) => `| ${r.map((c, i) => c + ' '.repeat(widths[i]! - [...c].length)).join(' | ')} |`
  return [line(all[0]!), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...all.slice(1).map(line)].join('\n')
}

/** Attributes: those every element inherits once, then each element's own. */
export function attributeTable(manifest: Manifest): string {
  const elements = manifestElements(manifest)
  const shared = new Map<string, string>()
  const rows: string[][] = []
  for (const el of elements) {
    for (const a of el.attributes ?? []) {
      if (a.inheritedFrom) shared.set(a.name, a.description ?? '')
      else rows.push([`\`${el.tagName}\``, `\`${a.name}\``, a.description ?? ''])
    }
    if (!(el.attributes ?? []).some((a) => !a.inheritedFrom)) rows.push([`\`${el.tagName}\``, '—', 'none of its own'])
  }
  const common = [...shared].map(([name, description]) => ['every element', `\`${name}\``, description])
  return table(['element', 'attribute', 'value'], [...common, ...rows])
}

/** Events: each with the elements that send it. */
export function eventTable(manifest: Manifest): string {
  const events = new Map<string, { description: string; tags: string[] }>()
  for (const el of manifestElements(manifest)) {
    for (const e of el.events ?? []) {
      const entry = events.get(e.name) ?? { description: e.description ?? '', tags: [] }
      entry.tags.push(`\`${el.tagName}\``)
      events.set(e.name, entry)
    }
  }
  return table(
    ['event', 'sent by', 'when, and its `detail`'],
    [...events].map(([name, { description, tags }]) => [`\`${name}\``, tags.join(', '), description]),
  )
}

/**
 * Each element's own custom properties (the theme's, which every element shares, are described in
 * the text), with the height each reserves by default (`RESERVED_HEIGHT`, its one statement).
 */
export function cssPropertyTable(manifest: Manifest): string {
  const rows = manifestElements(manifest).flatMap((el) =>
    (el.cssProperties ?? [])
      .filter((p) => !p.inheritedFrom)
      .map((p) => {
        const reserved = p.name === `--${el.tagName}-min-height` ? RESERVED_HEIGHT[el.tagName as ElementTag] : undefined
        return [`\`${el.tagName}\``, `\`${p.name}\``, `${p.description ?? ''}${reserved ? ` Default: \`${reserved}\`.` : ''}`]
      }),
  )
  return table(['element', 'custom property', 'what it sets'], rows)
}

/** The text between `<!-- name:start -->` and `<!-- name:end -->` replaced by `content`. */
export function fillMarkers(text: string, name: string, content: string): string {
  const start = `<!-- ${name}:start (generated from the manifest: npm run readme -w widgets) -->`
  const end = `<!-- ${name}:end -->`
  const re = new RegExp(`<!-- ${name}:start[^>]*-->[\\s\\S]*?<!-- ${name}:end -->`)
  if (!re.test(text)) throw new Error(`no ${name} markers`)
  return text.replace(re, () => `${start}\n\n${content}\n\n${end}`)
}

/** `dist/loader.js`'s size as the READMEs state it: gzip -9, in bytes. */
export const loaderBytes = (loader: Uint8Array): number => gzipSync(loader, { level: 9 }).length

/** `bytes` as the READMEs state the loader's size: in kB of 1,000 bytes (as the benchmark's figures). */
export const loaderSize = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB gzip`

/**
 * How far past a stated figure's rounding the loader may measure and the figure still hold: the
 * chunks' content hashes it names compress a few bytes better or worse from one build to the next,
 * and a size near a rounding edge would otherwise flip the README with every change to a chunk.
 */
const LOADER_SIZE_SLACK_BYTES = 10

/** Whether a stated `1.6 kB gzip` still describes a loader of `bytes`. */
export const loaderSizeHolds = (stated: string, bytes: number): boolean =>
  Math.abs(Number.parseFloat(stated) * 1000 - bytes) <= 50 + LOADER_SIZE_SLACK_BYTES

/**
 * The text between `<!-- loader-size -->` and `<!-- /loader-size -->`, inline: kept while it
 * holds for a loader of `bytes`, else the size measured.
 */
export function fillLoaderSize(text: string, bytes: number): string {
  return text.replace(/(<!-- loader-size -->)([^<]*)(<!-- \/loader-size -->)/g, (_, start, stated: string, end) =>
    loaderSizeHolds(stated, bytes) ? `${start}${stated}${end}` : `${start}${loaderSize(bytes)}${end}`,
  )
}

/** Each README as it is and as the manifest (and the built loader) would write it. */
export async function readmes(): Promise<{ path: string; current: string; wanted: string }[]> {
  const manifest: Manifest = JSON.parse(await readFile(new URL('dist/custom-elements.json', widgetsDir), 'utf8'))
  const bytes = loaderBytes(await readFile(new URL('dist/loader.js', widgetsDir)))
  const out: { path: string; current: string; wanted: string }[] = []
  for (const url of READMES) {
    const current = await readFile(url, 'utf8')
    let wanted = fillMarkers(current, 'attributes', attributeTable(manifest))
    if (wanted.includes('<!-- events:start')) wanted = fillMarkers(wanted, 'events', eventTable(manifest))
    if (wanted.includes('<!-- css-properties:start')) wanted = fillMarkers(wanted, 'css-properties', cssPropertyTable(manifest))
    wanted = fillLoaderSize(wanted, bytes)
    out.push({ path: fileURLToPath(url), current, wanted })
  }
  return out
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check')
  let stale = 0
  for (const { path, current, wanted } of await readmes()) {
    if (current === wanted) continue
    stale++
    if (check) console.error(`${path}: its tables or the loader's size differ from the build; run npm run readme -w widgets`)
    else await writeFile(path, wanted)
  }
  process.exit(check && stale ? 1 : 0)
}
