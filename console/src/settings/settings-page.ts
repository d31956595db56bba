import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/input/input.js'
import '@awesome.me/webawesome/dist/components/spinner/spinner.js'
import { css, html, LitElement } from 'lit'
import { customElement, query } from 'lit/decorators.js'
import { apiGet, apiSend } from '../api/client.ts'
import type { Account } from '../api/types.ts'
import { canManageAccount } from '../app/roles.ts'
import { currentRole, currentSession, setSession } from '../app/session.ts'
import { formatDate, formatNumber, I18nController, t } from '../i18n/index.ts'
import { FormSubmission } from '../ui/form-submission.ts'
import { formValues } from '../ui/form-values.ts'
import { notify } from '../ui/notify.ts'
import '../ui/page-header.ts'
import { Loaded } from '../ui/loaded.ts'
import { pageStyles, sectionStyles } from '../ui/styles.ts'
import './api-keys-section.ts'
import { messages } from './messages.ts'

/** `/console/settings`: the account (renamed by owners) and, for owners, the API keys. */
@customElement('console-settings-page')
export class ConsoleSettingsPage extends LitElement {
  protected readonly i18n = new I18nController(this)

  private readonly account = new Loaded<Account>(this, { read: () => apiGet<Account>('/account') })
  @query('form') private form!: HTMLFormElement
  private readonly submission = new FormSubmission(this, () => this.form)

  static override styles = [
    pageStyles,
    sectionStyles,
    css`
      h2 {
        font-size: var(--wa-font-size-xl);
      }
      dl {
        gap: var(--wa-space-xs) var(--wa-space-l);
        margin: var(--wa-space-m) 0 0;
      }
    `,
  ]

  override connectedCallback(): void {
    super.connectedCallback()
    void this.account.load()
  }

  private async rename(event: SubmitEvent): Promise<void> {
    if (!this.submission.begin(event)) return
    const { name = '' } = formValues(this.form)
    await this.submission.send(async () => {
      const account = await apiSend<Account>('PATCH', '/account', { name })
      this.account.set(account)
      const session = currentSession()
      // The header shows the account's name from the session.
      if (session) setSession({ ...session, account: { ...session.account, name: account.name } })
      notify(t(messages).account.saved)
    })
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
    return this.account.render(m, (account) => this.renderAccountOf(account, owner))
  }

  private renderAccountOf(account: Account, owner: boolean) {
    const m = t(messages)
    return html`${
      owner
        ? html`<form @submit=${this.rename} novalidate style="max-width: 32rem">
            ${this.submission.renderError()}
            <wa-input name="name" label=${m.account.name} required maxlength="200" .value=${account.name}></wa-input>
            <div><wa-button type="submit" variant="brand" ?loading=${this.submission.busy}>${m.account.save}</wa-button></div>
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
