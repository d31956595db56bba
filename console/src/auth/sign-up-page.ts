import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/input/input.js'
import { html, LitElement } from 'lit'
import { customElement, query, state } from 'lit/decorators.js'
import { ApiProblem, apiSend } from '../api/client.ts'
import { navigate } from '../app/router.ts'
import { type Session, setSession } from '../app/session.ts'
import { I18nController, t } from '../i18n/index.ts'
import { formValues } from '../ui/form-values.ts'
import '../ui/page-header.ts'
import { authStyles } from './auth-styles.ts'
import { authProblemText } from './auth-problem.ts'
import { messages } from './messages.ts'
import { newPasswordFields, newPasswordProblems } from './new-password.ts'

/** A new account on the free plan, its creator the owner (only where CONSOLE_SIGNUP=open). */
@customElement('console-sign-up-page')
export class ConsoleSignUpPage extends LitElement {
  protected readonly i18n = new I18nController(this)

  @state() private error = ''
  @state() private issues: string[] = []
  @state() private busy = false
  @query('form') private form!: HTMLFormElement

  static override styles = authStyles

  private async submit(event: SubmitEvent): Promise<void> {
    event.preventDefault()
    if (this.busy) return
    const m = t(messages)
    const values = formValues(this.form, ['password', 'password_repeat'])
    this.issues = newPasswordProblems(values, 'password', values.email)
    if (this.issues.length) return
    this.busy = true
    this.error = ''
    try {
      const body = { account_name: values.account_name, email: values.email, password: values.password, name: values.name || undefined }
      setSession(await apiSend<Session>('POST', '/auth/sign-up', body))
      navigate('/console/', { replace: true })
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 409) this.error = m.emailTaken
      else this.error = authProblemText(this.form, error)
    } finally {
      this.busy = false
    }
  }

  override render() {
    const m = t(messages)
    return html`<console-page-header heading=${m.signUpHeading}></console-page-header>
      <p>${m.signUpIntro}</p>
      <form @submit=${this.submit} novalidate>
        ${this.error ? html`<wa-callout variant="danger" role="alert">${this.error}</wa-callout>` : null}
        ${
          this.issues.length
            ? html`<wa-callout variant="danger" role="alert"><ul class="issues">${this.issues.map((issue) => html`<li>${issue}</li>`)}</ul></wa-callout>`
            : null
        }
        <wa-input name="account_name" label=${m.accountName} autocomplete="organization" required maxlength="200"></wa-input>
        <wa-input name="name" label=${m.yourName} autocomplete="name" maxlength="200"></wa-input>
        <wa-input name="email" type="email" label=${m.email} autocomplete="username" required></wa-input>
        ${newPasswordFields('password', m.password)}
        <wa-button type="submit" variant="brand" ?loading=${this.busy}>${m.createAccount}</wa-button>
      </form>
      <div class="links"><span>${m.haveAccount} <a href="/console/sign-in">${m.signIn}</a></span></div>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-sign-up-page': ConsoleSignUpPage
  }
}
