// The top of every page: its heading (the document's title too) and room for actions.
import { css, html, LitElement } from 'lit'
import { customElement, property } from 'lit/decorators.js'

@customElement('console-page-header')
export class ConsolePageHeader extends LitElement {
  /** The page's h1 and the document title ("… · Console"). */
  @property() heading = ''
  /** A line under the heading (the event's dates, an email). */
  @property() subheading = ''

  static override styles = css`
    :host {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: space-between;
      gap: var(--wa-space-m);
      margin-block-end: var(--wa-space-l);
    }
    h1 {
      margin: 0;
      font-size: var(--wa-font-size-2xl);
      line-height: var(--wa-line-height-condensed);
      overflow-wrap: anywhere;
    }
    p {
      margin: var(--wa-space-2xs) 0 0;
      color: var(--wa-color-text-quiet);
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      gap: var(--wa-space-s);
    }
  `

  protected override updated(): void {
    if (this.heading) document.title = `${this.heading} · Console`
  }

  override render() {
    return html`<div>
        <slot name="before"></slot>
        <h1>${this.heading}</h1>
        ${this.subheading ? html`<p>${this.subheading}</p>` : null}
      </div>
      <div class="actions"><slot></slot></div>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-page-header': ConsolePageHeader
  }
}
