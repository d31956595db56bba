// The project's docs stand alone: no file points to a document outside the repository, every
// `docs/<file>.md#anchor` named in code or docs is a file and a heading that exist, and every
// link or picture of a Markdown file is there. A reader who follows a reference finds it.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../', import.meta.url))

/** Tracked files that exist in the working tree (a file deleted but not yet committed is skipped). */
function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((f) => f && existsSync(join(ROOT, f)) && statSync(join(ROOT, f)).isFile())
}

/** Whether git ignores `path` (a build's or a test run's output, which a fresh clone does not have yet). */
function ignoredByGit(path: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '-q', '--no-index', path], { cwd: ROOT })
    return true
  } catch {
    return false
  }
}

const BINARY = /\.(png|jpe?g|gif|webp|ico|woff2?|ttf|otf|pdf|zip|gz|br|wasm|data)$/i
const textFiles = trackedFiles()
  .filter((f) => !BINARY.test(f))
  .map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }))
  .filter(({ text }) => !text.includes('\0'))
const markdownFiles = textFiles.filter(({ path }) => path.endsWith('.md'))

/** Markdown without its fenced code blocks (a `#` line in a code block is no heading, a link there no link). */
function prose(markdown: string): string {
  return markdown.replace(/^ {0,3}(```|~~~)[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm, '')
}

/** A heading's anchor as GitHub makes it: its text, lower-cased, punctuation dropped, spaces as `-`. */
function githubSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*_~](?=[^\p{L}\p{N}]|$)|(?<=^|[^\p{L}\p{N}])[`*_~]/gu, '')
    .trim()
    .toLowerCase()
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-')
}

/** Every anchor of a Markdown file, repeated headings numbered `-1`, `-2` as GitHub does. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  for (const [, heading] of prose(markdown).matchAll(/^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const slug = githubSlug(heading!)
    const n = seen.get(slug) ?? 0
    seen.set(slug, n + 1)
    anchors.add(n === 0 ? slug : `${slug}-${n}`)
  }
  return anchors
}

const anchorCache = new Map<string, Set<string>>()
function anchorsOfFile(path: string): Set<string> {
  if (!anchorCache.has(path)) anchorCache.set(path, anchorsOf(readFileSync(join(ROOT, path), 'utf8')))
  return anchorCache.get(path)!
}

/** The bold labels that list items of a Markdown file start with, as anchors would spell them. */
function labelsOfFile(path: string): string[] {
  const text = prose(readFileSync(join(ROOT, path), 'utf8'))
  return [...text.matchAll(/^\s*[-*] \*\*(.+?)\*\*/gm)].map(([, label]) => githubSlug(label!))
}

/** What is wrong with a reference to `target` (repository-relative) and `anchor`, or undefined. */
function problemOf(target: string, anchor: string | undefined): string | undefined {
  if (!existsSync(join(ROOT, target))) return `${target} does not exist`
  if (anchor === undefined || !target.endsWith('.md')) return undefined
  if (!anchorsOfFile(target).has(anchor)) return `${target} has no heading with the anchor #${anchor}`
  return undefined
}

describe('docs that stand alone', () => {
  it('name no document outside the repository', () => {
    // Spelt in parts so that this file does not name them itself.
    const outside = new RegExp(`\\b(${['SP', 'EC'].join('')}|${['DES', 'IGN'].join('')})(\\.md\\b| §)`)
    const mentions = textFiles.flatMap(({ path, text }) =>
      text.split('\n').flatMap((line, i) => (outside.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
    )
    expect(mentions).toEqual([])
  })

  it('name existing files and headings wherever code or docs say docs/<file>.md#anchor', () => {
    const problems: string[] = []
    for (const { path, text } of textFiles) {
      for (const m of text.matchAll(/(?<![\w./-])docs\/([\w.-]+\.md)(?:#([\w-]+))?/g)) {
        const problem = problemOf(`docs/${m[1]}`, m[2])
        if (problem) problems.push(`${path}: ${m[0]}: ${problem}`)
      }
    }
    expect(problems).toEqual([])
  })

  it('name existing headings wherever code or docs say docs/<file>.md, "Heading"', () => {
    const problems: string[] = []
    for (const { path, text } of textFiles) {
      for (const m of text.matchAll(/(?<![\w./-])docs\/([\w.-]+\.md),? \(?["“]([^"”\n]+)["”]/g)) {
        const target = `docs/${m[1]}`
        // A quoted heading may be shortened to its first words ("Timeouts" for "Timeouts and …"),
        // and may be the bold label a list item starts with ("- **Changes come from the database**").
        const slug = githubSlug(m[2]!)
        const named = existsSync(join(ROOT, target)) ? [...anchorsOfFile(target), ...labelsOfFile(target)] : []
        if (!named.some((a) => a === slug || a.startsWith(`${slug}-`)))
          problems.push(`${path}: ${m[0]}: ${target} has no heading "${m[2]}"`)
      }
    }
    expect(problems).toEqual([])
  })

  it('name only pictures that exist, wherever a file names one under docs/images/', () => {
    const problems: string[] = []
    for (const { path, text } of textFiles) {
      for (const [name] of text.matchAll(/(?<![\w./-])docs\/images\/[\w.-]+\.(png|jpe?g|gif|svg|webp)\b/g)) {
        if (!existsSync(join(ROOT, name))) problems.push(`${path}: ${name} does not exist`)
      }
    }
    expect(problems).toEqual([])
  })

  it('name only source files that exist, wherever docs/ or the README name one', () => {
    // Written from the repository's root (`db/src/…`, `scripts/start.ts`, a folder as `db/src/outbox/`).
    const workspace =
      /(?<![\w./-])(?:db|seed|server-common|admin-api|embed-server|widgets|console|demo|e2e|scripts|bench)\/[\w./-]*(?:\.(?:ts|mjs|js|json)\b|\/(?=`))/g
    const problems: string[] = []
    for (const { path, text } of textFiles.filter((f) => f.path === 'README.md' || /^docs\/[^/]+\.md$/.test(f.path))) {
      for (const [name] of text.matchAll(workspace)) {
        if (existsSync(join(ROOT, name)) || /\/(dist|dist-server|lib)\//.test(name) || ignoredByGit(name)) continue
        problems.push(`${path}: ${name} does not exist`)
      }
    }
    expect(problems).toEqual([])
  })

  it('link, in every Markdown file, only to files, pictures and headings that exist', () => {
    const problems: string[] = []
    for (const { path, text } of markdownFiles) {
      const withoutCode = prose(text).replace(/(`+)[^`]+?\1/g, '')
      for (const m of withoutCode.matchAll(/!?\[[^\]]*\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)) {
        const link = m[1]!
        if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue
        const [file, anchor] = link.split('#') as [string, string | undefined]
        const target = file === '' ? path : relative(ROOT, join(ROOT, dirname(path), decodeURIComponent(file)))
        const problem = problemOf(target, anchor)
        if (problem) problems.push(`${path}: ${m[0]}: ${problem}`)
      }
    }
    expect(problems).toEqual([])
  })

  it('make anchors as GitHub does', () => {
    expect(githubSlug('Node.js versions')).toBe('nodejs-versions')
    expect(githubSlug('`POST /events/{eventId}/registrations`')).toBe('post-eventseventidregistrations')
    expect(githubSlug('Rejections (status, `error.code`)')).toBe('rejections-status-errorcode')
    expect(githubSlug('Events, sessions, registrations (extensions)')).toBe('events-sessions-registrations-extensions')
    expect([...anchorsOf('# A\n```\n# not a heading\n```\n## A\n### B ###\n')]).toEqual(['a', 'a-1', 'b'])
  })
})
