// What an import does or did: a preview's plan, a finished import's result, or a failure in plain
// words with the places in the file it is about. <console-import-result .item=${anImport}>
import '@awesome.me/webawesome/dist/components/badge/badge.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import { css, html, LitElement, nothing } from 'lit'
import { customElement, property } from 'lit/decorators.js'
import { formatNumber, I18nController, locale, t } from '../i18n/index.ts'
import { pageStyles } from '../ui/styles.ts'
import { failurePlaces, failureSentences } from './failure-text.ts'
import type { Import, ImportError, ImportPlan } from './import-types.ts'
import { messages } from './messages.ts'
import { changesAnything, countRows, orderedChanges, PLAN_ACTIONS } from './plan-summary.ts'

/** Changes listed before the rest is only counted (a first import of a large conference lists hundreds). */
const LISTED_CHANGES = 300
/** Changes shown at once; more are behind "Show the … changes". */
const OPEN_CHANGES = 20

@customElement('console-import-result')
export class ConsoleImportResult extends LitElement {
  protected readonly i18n = new I18nController(this)

  @property({ attribute: false }) item: Import | undefined
  /** A failure answered before any import began (an upload the API could not read). */
  @property({ attribute: false }) failure: ImportError | undefined
  /** The level of the result's heading (2 on the import section, 3 inside the sync's). */
  @property({ type: Number }) level = 2

  static override styles = [
    pageStyles,
    css`
      :host {
        margin-block-start: var(--wa-space-l);
      }
      .heading {
        font-size: var(--wa-font-size-l);
        font-weight: var(--wa-font-weight-semibold);
        margin: 0 0 var(--wa-space-xs);
      }
      .sub {
        font-size: var(--wa-font-size-m);
        font-weight: var(--wa-font-weight-semibold);
        margin: var(--wa-space-l) 0 var(--wa-space-xs);
      }
      caption {
        text-align: start;
        font-weight: var(--wa-font-weight-semibold);
        padding-block-end: var(--wa-space-xs);
      }
      td.count {
        font-variant-numeric: tabular-nums;
      }
      td.zero {
        color: var(--wa-color-text-quiet);
      }
      ul.places,
      ul.skipped {
        margin: var(--wa-space-xs) 0 0;
        padding-inline-start: var(--wa-space-l);
      }
      summary {
        cursor: pointer;
        color: var(--wa-color-brand-on-quiet);
        margin-block-end: var(--wa-space-xs);
      }
      summary:focus-visible {
        outline: var(--wa-focus-ring);
        outline-offset: var(--wa-focus-ring-offset);
      }
      .fields {
        display: flex;
        flex-wrap: wrap;
        gap: var(--wa-space-3xs);
      }
    `,
  ]

  /** Moves focus to the result's heading, so the keyboard and screen readers land on what happened. */
  async focusHeading(): Promise<void> {
    await this.updateComplete
    this.renderRoot.querySelector<HTMLElement>('.heading')?.focus()
  }

  /** A heading at the level the host gives (h2 or h3), so the page's outline holds. */
  private heading(text: string, sub = false) {
    const level = this.level + (sub ? 1 : 0)
    const cls = sub ? 'sub' : 'heading'
    return level <= 2
      ? html`<h2 class=${cls} tabindex="-1">${text}</h2>`
      : level === 3
        ? html`<h3 class=${cls} tabindex="-1">${text}</h3>`
        : html`<h4 class=${cls} tabindex="-1">${text}</h4>`
  }

  private renderError(error: ImportError) {
    const r = t(messages).result
    const places = failurePlaces(error)
    return html`<wa-callout variant="danger" role="alert">
      ${failureSentences(error, t(messages).errors).map((line) => html`<p>${line}</p>`)}
      ${
        places.length
          ? html`<p id="places">${r.places}</p>
              <ul class="places" aria-labelledby="places">
                ${places.map((p) => html`<li><code>${p.path}</code>: ${p.message}</li>`)}
              </ul>`
          : nothing
      }
    </wa-callout>`
  }

  private renderEventFields(plan: ImportPlan) {
    const r = t(messages).result
    const fields = plan.event?.fields ?? []
    if (fields.length === 0) return nothing
    const names = new Intl.ListFormat(locale(), { type: 'conjunction' }).format(fields.map((field) => r.eventFieldNames[field] ?? field))
    return html`<p>${r.eventFields(names)}</p>`
  }

  private renderCounts(plan: ImportPlan) {
    const r = t(messages).result
    return html`<div class="table-wrap">
      <table>
        <caption>${r.counts}</caption>
        <thead>
          <tr>
            <th scope="col">${r.kind}</th>
            ${PLAN_ACTIONS.map((action) => html`<th scope="col">${r.actions[action]}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${countRows(plan).map(
            (row) =>
              html`<tr>
                <th scope="row">${r.kinds[row.kind]}</th>
                ${PLAN_ACTIONS.map((action) => html`<td class="count ${row.counts[action] ? '' : 'zero'}">${formatNumber(row.counts[action])}</td>`)}
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`
  }

  private renderChanges(plan: ImportPlan) {
    const r = t(messages).result
    if (plan.changes.length === 0) return nothing
    const changes = orderedChanges(plan.changes)
    const listed = changes.slice(0, LISTED_CHANGES)
    const count = formatNumber(changes.length)
    const c = r.columns
    const table = html`<div class="table-wrap">
        <table class="cards" aria-label=${r.changes(count)}>
          <thead>
            <tr>
              <th scope="col">${c.action}</th>
              <th scope="col">${c.kind}</th>
              <th scope="col">${c.title}</th>
              <th scope="col">${c.fields}</th>
            </tr>
          </thead>
          <tbody>
            ${listed.map(
              (change) =>
                html`<tr>
                  <td data-label=${c.action}>${r.actions[change.action] ?? change.action}</td>
                  <td data-label=${c.kind}>${r.itemKinds[change.kind] ?? change.kind}</td>
                  <td data-label=${c.title}>${change.title}</td>
                  <td data-label=${c.fields}>
                    <span class="fields">${change.fields.map((field) => html`<wa-badge appearance="outlined" variant="neutral">${field}</wa-badge>`)}</span>
                  </td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
      ${changes.length > listed.length ? html`<p class="muted">${r.moreChanges(formatNumber(changes.length - listed.length))}</p>` : nothing}`
    // A long list (a first import) waits behind a disclosure, so the counts and what follows stay in reach.
    return html`${this.heading(r.changes(count), true)}
    ${changes.length > OPEN_CHANGES ? html`<details><summary>${r.showChanges(count)}</summary>${table}</details>` : table}`
  }

  private renderSkipped(plan: ImportPlan) {
    const r = t(messages).result
    if (plan.skipped.length === 0) return nothing
    return html`${this.heading(r.skipped(formatNumber(plan.skipped.length)), true)}
      <ul class="skipped">
        ${plan.skipped.map((s) => html`<li>${r.skippedItem(s.item, s.reason)}</li>`)}
      </ul>`
  }

  override render() {
    const m = t(messages)
    const r = m.result
    if (this.failure) return html`${this.heading(r.failedHeading)} ${this.renderError(this.failure)}`
    const item = this.item
    if (!item) return nothing
    const source = item.source_name
      ? html`<p class="muted">${r.source(item.source_name, m.form.formats[item.format] ?? item.format)}</p>`
      : nothing
    if (item.status === 'failed') {
      return html`${this.heading(r.failedHeading)} ${source} ${item.error ? this.renderError(item.error) : nothing}`
    }
    const plan = item.plan
    if (!plan) return nothing
    return html`${this.heading(item.dry_run ? r.previewHeading : r.doneHeading)} ${source}
      <p role="status">${changesAnything(plan) ? (item.dry_run ? r.previewNote : nothing) : r.nothingChanged}</p>
      ${this.renderEventFields(plan)} ${this.renderCounts(plan)} ${this.renderChanges(plan)} ${this.renderSkipped(plan)}`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-import-result': ConsoleImportResult
  }
}
