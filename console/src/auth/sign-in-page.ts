import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/input/input.js'
import { html, LitElement } from 'lit'
import { customElement, query, state } from 'lit/decorators.js'
import { ApiProblem, apiGet, apiSend } from '../api/client.ts'
import { safeNext } from '../app/route-match.ts'
import { navigate } from '../app/router.ts'
import { type Session, setSession } from '../app/session.ts'
import { I18nController, t } from '../i18n/index.ts'
import { formValues } from '../ui/form-values.ts'
import '../ui/page-header.ts'
import { authStyles } from './auth-styles.ts'
import { authProblemText } from './auth-problem.ts'
import { messages } from './messages.ts'

/** Email and password; on success back to where the visitor was going (?next=). */
@customElement('console-sign-in-page')
export class ConsoleSignInPage extends LitElement {
  protected readonly i18n = new I18nController(this)

  @state() private error = ''
  @state() private busy = false
  @state() private signupOpen = false
  @query('form') private form!: HTMLFormElement

  static override styles = authStyles

  override connectedCallback(): void {
    super.connectedCallback()
    // Sign-up is offered only when the server allows it; if the question fails, it is not offered.
    apiGet<{ signup: boolean }>('/auth/options').then(
      (options) => {
        this.signupOpen = options.signup
      },
      () => undefined,
    )
  }

  private async submit(event: SubmitEvent): Promise<void> {
    event.preventDefault()
    if (this.busy) return
    const m = t(messages)
    const { email = '', password = '' } = formValues(this.form, ['password'])
    this.busy = true
    this.error = ''
    try {
      setSession(await apiSend<Session>('POST', '/auth/sign-in', { email, password }))
      navigate(safeNext(new URLSearchParams(location.search).get('next')), { replace: true })
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 401) this.error = m.wrongCredentials
      else this.error = authProblemText(this.form, error)
    } finally {
      this.busy = false
    }
  }

  override render() {
    const m = t(messages)
    return html`<console-page-header heading=${m.signInHeading}></console-page-header>
      <form @submit=${this.submit} novalidate>
        ${this.error ? html`<wa-callout variant="danger" role="alert">${this.error}</wa-callout>` : null}
        <wa-input name="email" type="email" label=${m.email} autocomplete="username" required autofocus></wa-input>
        <wa-input name="password" type="password" label=${m.password} autocomplete="current-password" required password-toggle></wa-input>
        <wa-button type="submit" variant="brand" ?loading=${this.busy}>${m.signIn}</wa-button>
      </form>
      <div class="links">
        <a href="/console/forgot-password">${m.forgotLink}</a>
        ${this.signupOpen ? html`<span>${m.noAccount} <a href="/console/sign-up">${m.createAccountLink}</a></span>` : null}
      </div>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-sign-in-page': ConsoleSignInPage
  }
}
