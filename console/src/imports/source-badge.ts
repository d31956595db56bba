// Where an imported session or speaker came from, where they are listed and edited: a small badge
// ("from frab / pretalx") and, in an editor, the note that the source wins at the next import.
import '@awesome.me/webawesome/dist/components/badge/badge.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import { html, nothing, type TemplateResult } from 'lit'
import { t } from '../i18n/index.ts'
import { messages } from './messages.ts'

/** The source system's name as organisers know it (`frab` is also what pretalx exports). */
export function sourceName(source: string): string {
  return t(messages).sources[source] ?? source
}

/** A badge for an imported item; nothing for one made here (`source` null). */
export function sourceBadge(source: string | null | undefined): TemplateResult | typeof nothing {
  if (!source) return nothing
  const m = t(messages)
  return html`<wa-badge appearance="outlined" variant="brand" title=${m.importedHint}>${m.fromSource(sourceName(source))}</wa-badge>`
}

/** The note above an imported item's editor: its source, and that a re-import replaces changes made here. */
export function sourceNotice(source: string | null | undefined): TemplateResult | typeof nothing {
  if (!source) return nothing
  return html`<wa-callout variant="brand" size="s" style="margin-block-end: var(--wa-space-m)">${t(messages).importedFrom(sourceName(source))}</wa-callout>`
}
