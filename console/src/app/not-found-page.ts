import { css, html, LitElement } from 'lit'
import { customElement } from 'lit/decorators.js'
import { I18nController, t } from '../i18n/index.ts'
import '../ui/page-header.ts'
import { messages } from './messages.ts'

/** Any console address that names no page. */
@customElement('console-not-found-page')
export class ConsoleNotFoundPage extends LitElement {
  protected readonly i18n = new I18nController(this)

  static override styles = css`
    :host {
      display: block;
    }
  `

  override render() {
    const m = t(messages).notFound
    return html`<console-page-header heading=${m.heading}></console-page-header>
      <p>${m.text}</p>
      <p><a href="/console/">${m.home}</a></p>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-not-found-page': ConsoleNotFoundPage
  }
}
