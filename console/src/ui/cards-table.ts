// A list's table: scrolls sideways when wide, and on a small screen each row becomes a block of
// labelled lines (pageStyles' table.cards; each cell names its column in data-label).
import { html, type TemplateResult } from 'lit'

/** The table of a list: the column headers, then the rows (`<tr>`s, each cell with data-label). */
export function cardsTable(columns: readonly unknown[], rows: unknown): TemplateResult {
  return html`<div class="table-wrap">
    <table class="cards">
      <thead>
        <tr>
          ${columns.map((column) => html`<th scope="col">${column}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table>
  </div>`
}
