import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/input/input.js'
import { html, LitElement } from 'lit'
import { customElement, query, state } from 'lit/decorators.js'
import { ApiProblem, apiSend } from '../api/client.ts'
import { currentSession, type Session, setSession } from '../app/session.ts'
import { I18nController, t } from '../i18n/index.ts'
import { applyFieldProblems, formProblemText } from '../ui/form-errors.ts'
import { formValues } from '../ui/form-values.ts'
import { notify } from '../ui/notify.ts'
import '../ui/page-header.ts'
import { pageStyles } from '../ui/styles.ts'
import { messages } from './messages.ts'
import { newPasswordFields, newPasswordProblems } from './new-password.ts'

/** The signed-in person's password; the API ends every other session and answers a new one. */
@customElement('console-change-password-page')
export class ConsoleChangePasswordPage extends LitElement {
  protected readonly i18n = new I18nController(this)

  @state() private error = ''
  @state() private issues: string[] = []
  @state() private busy = false
  @query('form') private form!: HTMLFormElement

  static override styles = pageStyles

  private async submit(event: SubmitEvent): Promise<void> {
    event.preventDefault()
    if (this.busy) return
    const m = t(messages)
    const values = formValues(this.form, ['current_password', 'new_password', 'new_password_repeat'])
    this.issues = newPasswordProblems(values, 'new_password', currentSession()?.user.email)
    if (this.issues.length) return
    this.busy = true
    this.error = ''
    try {
      const session = await apiSend<Session>('PUT', '/auth/password', {
        current_password: values.current_password,
        new_password: values.new_password,
      })
      setSession(session)
      this.form.reset()
      notify(m.passwordChanged)
    } catch (error) {
      if (error instanceof ApiProblem && error.fields.some((field) => field.path === 'current_password')) {
        applyFieldProblems(this.form, error)
        this.error = m.wrongCurrentPassword
      } else this.error = formProblemText(this.form, error)
    } finally {
      this.busy = false
    }
  }

  override render() {
    const m = t(messages)
    return html`<console-page-header heading=${m.changePasswordHeading}></console-page-header>
      <form @submit=${this.submit} novalidate style="max-width: 28rem">
        <p class="muted">${m.changePasswordIntro}</p>
        ${this.error ? html`<wa-callout variant="danger" role="alert">${this.error}</wa-callout>` : null}
        ${
          this.issues.length
            ? html`<wa-callout variant="danger" role="alert"><ul>${this.issues.map((issue) => html`<li>${issue}</li>`)}</ul></wa-callout>`
            : null
        }
        <input type="email" name="username" autocomplete="username" value=${currentSession()?.user.email ?? ''} hidden />
        <wa-input name="current_password" type="password" label=${m.currentPassword} autocomplete="current-password" required password-toggle></wa-input>
        ${newPasswordFields('new_password')}
        <wa-button type="submit" variant="brand" ?loading=${this.busy}>${m.changePassword}</wa-button>
      </form>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-change-password-page': ConsoleChangePasswordPage
  }
}
