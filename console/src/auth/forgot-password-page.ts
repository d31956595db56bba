import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/input/input.js'
import { html, LitElement } from 'lit'
import { customElement, query, state } from 'lit/decorators.js'
import { apiSend } from '../api/client.ts'
import { I18nController, t } from '../i18n/index.ts'
import { formValues } from '../ui/form-values.ts'
import '../ui/page-header.ts'
import { authStyles } from './auth-styles.ts'
import { authProblemText } from './auth-problem.ts'
import { messages } from './messages.ts'

/** Asks for a reset link; the answer never says whether the address is known. */
@customElement('console-forgot-password-page')
export class ConsoleForgotPasswordPage extends LitElement {
  protected readonly i18n = new I18nController(this)

  @state() private error = ''
  @state() private sent = false
  @state() private busy = false
  @query('form') private form!: HTMLFormElement

  static override styles = authStyles

  private async submit(event: SubmitEvent): Promise<void> {
    event.preventDefault()
    if (this.busy) return
    const { email = '' } = formValues(this.form)
    this.busy = true
    this.error = ''
    try {
      await apiSend('POST', '/auth/password-reset', { email })
      this.sent = true
    } catch (error) {
      this.error = authProblemText(this.form, error)
    } finally {
      this.busy = false
    }
  }

  override render() {
    const m = t(messages)
    return html`<console-page-header heading=${m.forgotHeading}></console-page-header>
      ${
        this.sent
          ? html`<wa-callout variant="success" role="status">${m.linkOnItsWay}</wa-callout>`
          : html`<p>${m.forgotIntro}</p>
              <form @submit=${this.submit} novalidate>
                ${this.error ? html`<wa-callout variant="danger" role="alert">${this.error}</wa-callout>` : null}
                <wa-input name="email" type="email" label=${m.email} autocomplete="username" required autofocus></wa-input>
                <wa-button type="submit" variant="brand" ?loading=${this.busy}>${m.sendLink}</wa-button>
              </form>`
      }
      <div class="links"><a href="/console/sign-in">${m.backToSignIn}</a></div>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-forgot-password-page': ConsoleForgotPasswordPage
  }
}
