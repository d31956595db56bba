import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/spinner/spinner.js'
import { html, LitElement } from 'lit'
import { customElement, property, query, state } from 'lit/decorators.js'
import { ApiProblem, apiGet, apiSend } from '../api/client.ts'
import type { LinkInfo } from '../api/types.ts'
import { navigate } from '../app/router.ts'
import { type Session, setSession } from '../app/session.ts'
import { I18nController, t } from '../i18n/index.ts'
import { formProblemText } from '../ui/form-errors.ts'
import { formValues } from '../ui/form-values.ts'
import { problemText } from '../ui/notify.ts'
import '../ui/page-header.ts'
import { authStyles } from './auth-styles.ts'
import { messages } from './messages.ts'
import { newPasswordFields, newPasswordProblems } from './new-password.ts'

/**
 * `/console/link/:token`, a one-time link from an email: an invitation or reset sets a password
 * first, the demo's sign-in link asks one click. Reading the link does not use it; only the POST does.
 */
@customElement('console-link-page')
export class ConsoleLinkPage extends LitElement {
  protected readonly i18n = new I18nController(this)

  @property() token = ''
  @state() private link: LinkInfo | undefined
  @state() private gone = false
  @state() private error = ''
  @state() private issues: string[] = []
  @state() private busy = false
  @query('form') private form!: HTMLFormElement

  static override styles = authStyles

  override connectedCallback(): void {
    super.connectedCallback()
    void this.load()
  }

  private async load(): Promise<void> {
    try {
      this.link = await apiGet<LinkInfo>(`/auth/links/${encodeURIComponent(this.token)}`)
    } catch (error) {
      if (error instanceof ApiProblem && (error.status === 404 || error.status === 400)) this.gone = true
      else this.error = problemText(error)
    }
  }

  private async use(event: SubmitEvent): Promise<void> {
    event.preventDefault()
    if (this.busy || !this.link) return
    let body: { password?: string } = {}
    if (this.link.purpose !== 'sign_in') {
      const values = formValues(this.form, ['password', 'password_repeat'])
      this.issues = newPasswordProblems(values, 'password', this.link.email)
      if (this.issues.length) return
      body = { password: values.password }
    }
    this.busy = true
    this.error = ''
    try {
      setSession(await apiSend<Session>('POST', `/auth/links/${encodeURIComponent(this.token)}`, body))
      navigate('/console/', { replace: true })
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 404) this.gone = true
      else this.error = formProblemText(this.form, error)
    } finally {
      this.busy = false
    }
  }

  override render() {
    const m = t(messages)
    if (this.gone)
      return html`<console-page-header heading=${m.linkInvalidHeading}></console-page-header>
        <p>${m.linkInvalid}</p>
        <div class="links"><a href="/console/forgot-password">${m.forgotLink}</a><a href="/console/sign-in">${m.backToSignIn}</a></div>`
    const link = this.link
    if (!link)
      return this.error
        ? html`<wa-callout variant="danger" role="alert">${this.error}</wa-callout>`
        : html`<wa-spinner aria-label=${m.loading}></wa-spinner>`
    const heading =
      link.purpose === 'invite'
        ? m.linkHeadingInvite(link.account_name)
        : link.purpose === 'reset'
          ? m.linkHeadingReset
          : m.linkHeadingSignIn(link.account_name)
    return html`<console-page-header heading=${heading}></console-page-header>
      ${link.purpose === 'invite' ? html`<p>${m.linkIntroInvite(link.email)}</p>` : null}
      ${link.purpose === 'reset' ? html`<p>${m.linkIntroReset(link.email)}</p>` : null}
      <form @submit=${this.use} novalidate>
        ${this.error ? html`<wa-callout variant="danger" role="alert">${this.error}</wa-callout>` : null}
        ${
          this.issues.length
            ? html`<wa-callout variant="danger" role="alert"><ul class="issues">${this.issues.map((issue) => html`<li>${issue}</li>`)}</ul></wa-callout>`
            : null
        }
        ${link.purpose === 'sign_in' ? null : newPasswordFields('password')}
        <wa-button type="submit" variant="brand" ?loading=${this.busy}>
          ${link.purpose === 'sign_in' ? m.signInAs(link.email) : m.setPasswordAndSignIn}
        </wa-button>
      </form>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-link-page': ConsoleLinkPage
  }
}
