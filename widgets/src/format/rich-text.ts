/**
 * The small text subset of bios and abstracts (docs/embed-api.md, "Text in bios and abstracts"):
 * paragraphs, line breaks, `*emphasis*`, `**strong emphasis**`, `[label](https://…)` and bare
 * http(s) URLs, with `\*`, `\[` and `\\` as escapes. The text is parsed into a tree and rendered as
 * Lit templates, so that markup characters in it always stay text: nothing here makes HTML.
 */
import { html, type TemplateResult } from 'lit'

/** One piece of a paragraph: text (line breaks as `\n`), emphasis, strong emphasis or a link. */
export type Inline = string | { em: Inline[] } | { strong: Inline[] } | { href: string; label: string }

/** A paragraph is a list of pieces. */
export type Paragraph = Inline[]

const BLANK = /^\s*$/
const SPACE = /\s/
const ESCAPABLE = new Set(['*', '[', '\\'])
/** Left off the end of a bare URL: sentence punctuation and closing quotes are not part of it. */
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', ')', '"', "'", '’', '”', '»'])
const HTTP = /^https?:\/\/\S/i

/**
 * A paragraph's characters after escapes, with the positions that were escaped (never markup).
 * Kept as one string and a mask, so that markup is found in the string and checked in the mask.
 */
interface Source {
  text: string
  literal: boolean[]
}

function readEscapes(raw: string): Source {
  let text = ''
  const literal: boolean[] = []
  for (let i = 0; i < raw.length; i++) {
    const next = raw[i + 1]
    if (raw[i] === '\\' && next !== undefined && ESCAPABLE.has(next)) {
      text += next
      literal.push(true)
      i++
    } else {
      text += raw[i]
      literal.push(false)
    }
  }
  return { text, literal }
}

/** Splits a text into paragraphs at blank lines, each trimmed; empty ones are dropped. */
function paragraphs(text: string): string[] {
  const out: string[] = []
  let lines: string[] = []
  const flush = () => {
    const p = lines.join('\n').trim()
    if (p) out.push(p)
    lines = []
  }
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (BLANK.test(line)) flush()
    else lines.push(line)
  }
  flush()
  return out
}

/** `[label](http…)` at `i`: its end and link, or undefined when it is not one (then `[` is text). */
function markdownLink(src: Source, i: number): { end: number; link: { href: string; label: string } } | undefined {
  const { text } = src
  const close = text.indexOf(']', i + 1)
  if (close <= i + 1 || text[close + 1] !== '(') return undefined
  const end = text.indexOf(')', close + 2)
  if (end < 0) return undefined
  const href = text.slice(close + 2, end)
  if (!HTTP.test(href) || SPACE.test(href)) return undefined
  return { end: end + 1, link: { href, label: text.slice(i + 1, close) } }
}

/** A bare URL at `i`, up to the next space and without trailing punctuation; undefined if none. */
function bareUrl(src: Source, i: number): { end: number; link: { href: string; label: string } } | undefined {
  const { text } = src
  // Not inside a word ("xhttps://…"), and cheap to rule out for every other character.
  if ((text[i] !== 'h' && text[i] !== 'H') || /[\p{L}\p{N}]/u.test(text[i - 1] ?? '') || !HTTP.test(text.slice(i, i + 9))) return undefined
  let end = i
  while (end < text.length && !SPACE.test(text[end]!)) end++
  while (end > i && TRAILING.has(text[end - 1]!)) end--
  const href = text.slice(i, end)
  return HTTP.test(href) ? { end, link: { href, label: href } } : undefined
}

const nonSpace = (ch: string | undefined) => ch !== undefined && !SPACE.test(ch)

/**
 * Emphasis in `text[start, end)` (no links inside: they were taken out first). `markers` are the
 * kinds still allowed: an emphasis may hold a strong emphasis and the other way round, once.
 */
function emphasis(src: Source, start: number, end: number, markers: readonly ('*' | '**')[]): Inline[] {
  const { text, literal } = src
  const out: Inline[] = []
  let plain = ''
  const isMark = (j: number) => text[j] === '*' && !literal[j]
  const push = (node: Inline) => {
    if (plain) out.push(plain)
    plain = ''
    out.push(node)
  }
  let i = start
  while (i < end) {
    if (isMark(i)) {
      const double = isMark(i + 1) && markers.includes('**')
      const size = double ? 2 : 1
      if ((double || markers.includes('*')) && nonSpace(text[i + size]) && i + size < end) {
        const close = closing(src, i + size, end, size)
        if (close !== undefined) {
          const inner = emphasis(
            src,
            i + size,
            close,
            markers.filter((m) => m.length !== size),
          )
          push(double ? { strong: inner } : { em: inner })
          i = close + size
          continue
        }
      }
      // Unmatched: one `*` is text, and the next may still open an emphasis of its own.
    }
    plain += text[i]
    i++
  }
  if (plain) out.push(plain)
  return out
}

/** Where an emphasis of `size` stars opened before `from` closes: a run right after a non-space. */
function closing(src: Source, from: number, end: number, size: 1 | 2): number | undefined {
  const { text, literal } = src
  const star = (j: number) => text[j] === '*' && !literal[j]
  for (let j = from + 1; j + size <= end; j++) {
    if (!nonSpace(text[j - 1]) || !star(j)) continue
    if (size === 2 ? star(j + 1) : !star(j + 1) && !star(j - 1)) return j
  }
  return undefined
}

/** Parses one paragraph: links first (their labels are text), then emphasis between them. */
function parseParagraph(raw: string): Paragraph {
  const src = readEscapes(raw)
  const { text, literal } = src
  const out: Inline[] = []
  let from = 0
  let i = 0
  const flush = (to: number) => {
    if (to > from) out.push(...emphasis(src, from, to, ['**', '*']))
  }
  while (i < text.length) {
    const found = text[i] === '[' && !literal[i] ? markdownLink(src, i) : bareUrl(src, i)
    if (!found) {
      i++
      continue
    }
    flush(i)
    out.push(found.link)
    i = from = found.end
  }
  flush(text.length)
  return out
}

/**
 * Parses a bio or an abstract into paragraphs of pieces.
 *
 * @example parseRichText('Why *now*.\n\nSee https://x.example') // [['Why ', {em: ['now']}, '.'], ['See ', {href, label}]]
 */
export function parseRichText(text: string): Paragraph[] {
  return paragraphs(text).map(parseParagraph)
}

/** A piece as plain text: emphasis keeps its words, a link its label and address. */
function plainInline(node: Inline): string {
  if (typeof node === 'string') return node
  if ('em' in node) return node.em.map(plainInline).join('')
  if ('strong' in node) return node.strong.map(plainInline).join('')
  return node.label === node.href ? node.href : `${node.label} (${node.href})`
}

/**
 * A bio or an abstract as plain text, for places that show text as it is (calendar files):
 * paragraphs apart by a blank line, emphasis without its stars, links as "label (address)".
 * Written from the parse tree, so it reads the text exactly as `renderRichText` draws it.
 *
 * @example richTextAsPlain('Why *now*: [the patches](https://x.example)') // 'Why now: the patches (https://x.example)'
 */
export function richTextAsPlain(text: string): string {
  return parseRichText(text)
    .map((p) => p.map(plainInline).join(''))
    .join('\n\n')
}

function renderInline(node: Inline): unknown {
  if (typeof node === 'string') {
    const lines = node.split('\n')
    return lines.map((line, i) => (i ? html`<br />${line}` : line))
  }
  if ('em' in node) return html`<em>${node.em.map(renderInline)}</em>`
  if ('strong' in node) return html`<strong>${node.strong.map(renderInline)}</strong>`
  return html`<a href=${node.href} target="_blank" rel="noopener noreferrer nofollow">${node.label}</a>`
}

/**
 * A bio or an abstract as paragraphs (`<p>`), every piece of API text in a text binding.
 *
 * @example html`<div class="rich">${renderRichText(session.description)}</div>`
 */
export function renderRichText(text: string): TemplateResult[] {
  return parseRichText(text).map((p) => html`<p>${p.map(renderInline)}</p>`)
}
