// Styles shared by the console's pages (each page's shadow root adopts them).
import { css } from 'lit'

/** `.visually-hidden`: read by screen readers, not shown (a label that the layout already gives sighted people). */
export const visuallyHidden = css`
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`

export const pageStyles = css`
  :host {
    display: block;
  }
  .stack {
    display: flex;
    flex-direction: column;
    gap: var(--wa-space-m);
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: var(--wa-space-s);
    align-items: end;
  }
  .row > * {
    flex: 1 1 12rem;
  }
  ${visuallyHidden}
  .muted {
    color: var(--wa-color-text-quiet);
  }
  .field-error {
    color: var(--wa-color-danger-on-quiet);
  }
  form {
    display: flex;
    flex-direction: column;
    gap: var(--wa-space-m);
    max-width: 48rem;
  }
  table {
    width: 100%;
    border-collapse: collapse;
  }
  th,
  td {
    text-align: start;
    padding: var(--wa-space-xs) var(--wa-space-s);
    border-block-end: var(--wa-border-width-s) solid var(--wa-color-surface-border);
    vertical-align: top;
  }
  th {
    font-weight: var(--wa-font-weight-semibold);
    color: var(--wa-color-text-quiet);
  }
  .table-wrap {
    overflow-x: auto;
  }
  /* The controls above a list that narrow it (search, selects, switches). */
  .filters {
    display: flex;
    flex-wrap: wrap;
    gap: var(--wa-space-m);
    align-items: end;
    margin-block-end: var(--wa-space-m);
  }
  .filters wa-input {
    flex: 1 1 16rem;
  }
  /* Name and value pairs (a record's facts), the names in a column of their own. */
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: var(--wa-space-2xs) var(--wa-space-m);
    margin: 0 0 var(--wa-space-m);
  }
  dt {
    color: var(--wa-color-text-quiet);
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  code {
    font-family: var(--wa-font-family-code);
    overflow-wrap: anywhere;
  }
  /* Small screens: table rows become labelled blocks (each cell carries data-label). */
  @media (max-width: 40rem) {
    table.cards thead {
      display: none;
    }
    table.cards tr {
      display: block;
      padding-block: var(--wa-space-s);
      border-block-end: var(--wa-border-width-s) solid var(--wa-color-surface-border);
    }
    table.cards td {
      display: block;
      border: 0;
      padding: var(--wa-space-3xs) 0;
    }
    table.cards td[data-label]::before {
      content: attr(data-label) ': ';
      font-weight: var(--wa-font-weight-semibold);
    }
  }
`

/** A page in sections (a record's settings, its log), each headed by an h2. */
export const sectionStyles = css`
  section {
    margin-block-end: var(--wa-space-2xl);
  }
  h2 {
    font-size: var(--wa-font-size-l);
    margin: 0 0 var(--wa-space-m);
  }
`

/** A form's framed group of controls: a bordered fieldset, its legend in bold on the frame. */
export const framedGroupStyles = css`
  fieldset {
    border: var(--wa-border-width-s) solid var(--wa-color-surface-border);
    border-radius: var(--wa-border-radius-m);
    margin: 0;
    display: flex;
    flex-direction: column;
  }
  legend {
    font-weight: var(--wa-font-weight-semibold);
    padding-inline: var(--wa-space-2xs);
  }
`
