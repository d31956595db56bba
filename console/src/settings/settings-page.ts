import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/input/input.js'
import '@awesome.me/webawesome/dist/components/spinner/spinner.js'
import { css, html, LitElement } from 'lit'
import { customElement, query, state } from 'lit/decorators.js'
import { apiGet, apiSend } from '../api/client.ts'
import type { Account } from '../api/types.ts'
import { canManageAccount } from '../app/roles.ts'
import { currentRole, currentSession, setSession } from '../app/session.ts'
import { formatDate, formatNumber, I18nController, t } from '../i18n/index.ts'
import { clearFieldProblems, formProblemText } from '../ui/form-errors.ts'
import { formValues } from '../ui/form-values.ts'
import { notify, problemText } from '../ui/notify.ts'
import '../ui/page-header.ts'
import { failureCallout, loadingLine } from '../ui/list-state.ts'
import { pageStyles } from '../ui/styles.ts'
import './api-keys-section.ts'
import { messages } from './messages.ts'

/** `/console/settings`: the account (renamed by owners) and, for owners, the API keys. */
@customElement('console-settings-page')
export class ConsoleSettingsPage extends LitElement {
  protected readonly i18n = new I18nController(this)

  @state() private account: Account | undefined
  @state() private error = ''
  @state() private formError = ''
  @state() private busy = false
  @query('form') private form!: HTMLFormElement

  static override styles = [
    pageStyles,
    css`
      section {
        margin-block-end: var(--wa-space-2xl);
      }
      h2 {
        font-size: var(--wa-font-size-xl);
        margin: 0 0 var(--wa-space-m);
      }
      dl {
        gap: var(--wa-space-xs) var(--wa-space-l);
        margin: var(--wa-space-m) 0 0;
      }
    `,
  ]

  override connectedCallback(): void {
    super.connectedCallback()
    void this.load()
  }

  private async load(): Promise<void> {
    this.error = ''
    try {
      this.account = await apiGet<Account>('/account')
    } catch (error) {
      this.error = problemText(error)
    }
  }

  private async rename(event: SubmitEvent): Promise<void> {
    event.preventDefault()
    if (this.busy) return
    const { name = '' } = formValues(this.form)
    clearFieldProblems(this.form)
    this.formError = ''
    this.busy = true
    try {
      this.account = await apiSend<Account>('PATCH', '/account', { name })
      const session = currentSession()
      // The header shows the account's name from the session.
      if (session) setSession({ ...session, account: { ...session.account, name: this.account.name } })
      notify(t(messages).account.saved)
    } catch (error) {
      this.formError = formProblemText(this.form, error)
    } finally {
      this.busy = false
    }
  }

  override render() {
    const m = t(messages)
    const owner = canManageAccount(currentRole())
    return html`<console-page-header heading=${m.heading}></console-page-header>
      <section aria-labelledby="account-heading">
        <h2 id="account-heading">${m.account.heading}</h2>
        ${this.renderAccount(owner)}
      </section>
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">${m.keys.heading}</h2>
        ${owner ? html`<console-api-keys-section></console-api-keys-section>` : html`<p class="muted">${m.keys.ownersOnly}</p>`}
      </section>`
  }

  private renderAccount(owner: boolean) {
    const m = t(messages)
    if (this.error) return failureCallout(this.error, { label: m.retry, run: () => void this.load() })
    const account = this.account
    if (!account) return loadingLine(m.loading)
    return html`${
      owner
        ? html`<form @submit=${this.rename} novalidate style="max-width: 32rem">
            ${this.formError ? html`<wa-callout variant="danger" role="alert">${this.formError}</wa-callout>` : null}
            <wa-input name="name" label=${m.account.name} required maxlength="200" .value=${account.name}></wa-input>
            <div><wa-button type="submit" variant="brand" ?loading=${this.busy}>${m.account.save}</wa-button></div>
          </form>`
        : html`<p class="muted">${m.account.ownersOnly}</p>`
    }
      <dl>
        ${owner ? null : html`<dt>${m.account.name}</dt><dd>${account.name}</dd>`}
        <dt>${m.account.plan}</dt>
        <dd>${account.plan}</dd>
        <dt>${m.account.rateLimit}</dt>
        <dd>${formatNumber(account.rate_limit)}</dd>
        <dt>${m.account.created}</dt>
        <dd>${formatDate(account.created_at)}</dd>
      </dl>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-settings-page': ConsoleSettingsPage
  }
}
