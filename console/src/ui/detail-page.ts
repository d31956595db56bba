// The page of one record (a token, an endpoint): reached from its list, with a way back to it
// in the header whether the record is shown or could not be read.
import { html, type TemplateResult } from 'lit'
import type { Loaded } from './loaded.ts'
import './page-header.ts'

export interface DetailPageLabels {
  /** The list's title, the header's heading when the record could not be read. */
  title: string
  /** The list's address and the words of the way back to it. */
  backHref: string
  back: string
  loading: string
}

/** The record's failure under a header with the way back, its loading line, or `content` given that way back. */
export function detailPage<T>(record: Loaded<T>, labels: DetailPageLabels, content: (value: T, back: TemplateResult) => unknown): unknown {
  const back = html`<a slot="before" href=${labels.backHref}>← ${labels.back}</a>`
  return record.render(
    { loading: labels.loading },
    (value) => content(value, back),
    (failure) => html`<console-page-header heading=${labels.title}>${back}</console-page-header>
      ${failure}`,
  )
}
