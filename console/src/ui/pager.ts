// The page links under a paged list: shown only when there is more than one page.
import '@awesome.me/webawesome/dist/components/pagination/pagination.js'
import { html, nothing, type TemplateResult } from 'lit'

export interface PagerOptions {
  /** How many items the list has in all (the API's `meta.total`). */
  total: number
  pageSize: number
  /** The page shown, from 1. */
  page: number
  /** Called with the page chosen. */
  onPage: (page: number) => void
}

export function pager({ total, pageSize, page, onPage }: PagerOptions): TemplateResult | typeof nothing {
  if (total <= pageSize) return nothing
  return html`<wa-pagination
    .total=${total}
    .pageSize=${pageSize}
    .page=${page}
    @wa-page-change=${(e: Event) => onPage((e.target as unknown as { page: number }).page)}
  ></wa-pagination>`
}
