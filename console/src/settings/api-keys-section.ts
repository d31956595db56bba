import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/input/input.js'
import '@awesome.me/webawesome/dist/components/radio/radio.js'
import '@awesome.me/webawesome/dist/components/radio-group/radio-group.js'
import '@awesome.me/webawesome/dist/components/spinner/spinner.js'
import { css, html, LitElement } from 'lit'
import { customElement, query } from 'lit/decorators.js'
import { apiList, apiSend } from '../api/client.ts'
import type { ApiKey, CreatedApiKey } from '../api/types.ts'
import { formatDateTime, I18nController, t } from '../i18n/index.ts'
import { cardsTable } from '../ui/cards-table.ts'
import { confirmAction } from '../ui/confirm.ts'
import { FormSubmission } from '../ui/form-submission.ts'
import { formValues } from '../ui/form-values.ts'
import { notify, notifyProblem } from '../ui/notify.ts'
import { showSecretOnce } from '../ui/secret-dialog.ts'
import { Loaded } from '../ui/loaded.ts'
import { pageStyles } from '../ui/styles.ts'
import { messages } from './messages.ts'

/** The account's API keys (owners): create (the secret shown once), list, revoke. */
@customElement('console-api-keys-section')
export class ConsoleApiKeysSection extends LitElement {
  protected readonly i18n = new I18nController(this)

  private readonly keys = new Loaded<ApiKey[]>(this, {
    read: async () => (await apiList<ApiKey>('/api-keys', { limit: 100, sort: 'created_at', order: 'desc' })).items,
  })
  @query('form') private form!: HTMLFormElement
  private readonly submission = new FormSubmission(this, () => this.form)

  static override styles = [
    pageStyles,
    css`
      h3 {
        font-size: var(--wa-font-size-l);
        margin: var(--wa-space-l) 0 var(--wa-space-s);
      }
    `,
  ]

  override connectedCallback(): void {
    super.connectedCallback()
    void this.keys.load()
  }

  private async create(event: SubmitEvent): Promise<void> {
    if (!this.submission.begin(event)) return
    const m = t(messages).keys
    const { name = '', scope = 'write' } = formValues(this.form)
    await this.submission.send(async () => {
      const created = await apiSend<CreatedApiKey>('POST', '/api-keys', { name, scope })
      this.form.reset()
      void this.keys.load()
      await showSecretOnce({
        heading: m.createdHeading(created.name),
        intro: [m.createdIntro],
        secret: created.api_key,
        secretLabel: m.secretLabel,
        warning: m.warning,
      })
    })
  }

  private async revoke(key: ApiKey): Promise<void> {
    const m = t(messages).keys
    const confirmed = await confirmAction({
      heading: m.revokeHeading(key.name),
      message: m.revokeText(key.prefix),
      confirmLabel: m.revokeConfirm,
    })
    if (!confirmed) return
    try {
      await apiSend('DELETE', `/api-keys/${encodeURIComponent(key.id)}`)
      notify(m.revoked(key.name))
      await this.keys.load()
    } catch (error) {
      notifyProblem(error)
    }
  }

  override render() {
    const m = t(messages).keys
    return html`<p>${m.intro}</p>
      ${this.renderList()}
      <h3>${m.createHeading}</h3>
      <form @submit=${this.create} novalidate style="max-width: 32rem">
        ${this.submission.renderError()}
        <wa-input name="name" label=${m.name} hint=${m.nameHint} required maxlength="200"></wa-input>
        <wa-radio-group name="scope" label=${m.scope} value="write">
          <wa-radio value="write">${m.scopes.write}</wa-radio>
          <wa-radio value="read">${m.scopes.read}</wa-radio>
        </wa-radio-group>
        <div><wa-button type="submit" variant="brand" ?loading=${this.submission.busy}>${m.create}</wa-button></div>
      </form>`
  }

  private renderList() {
    return this.keys.render(t(messages), (keys) => this.renderKeys(keys))
  }

  private renderKeys(keys: ApiKey[]) {
    const m = t(messages)
    if (!keys.length) return html`<p class="muted">${m.keys.none}</p>`
    const c = m.keys.columns
    return cardsTable(
      [c.name, c.prefix, c.scope, c.created, c.lastUsed, html`<span class="muted">${c.actions}</span>`],
      keys.map(
        (key) => html`<tr>
              <td>${key.name}</td>
              <td data-label=${c.prefix}><code>${key.prefix}…</code></td>
              <td data-label=${c.scope}>${m.keys.scopeShort[key.scope]}</td>
              <td data-label=${c.created}>${formatDateTime(key.created_at)}</td>
              <td data-label=${c.lastUsed}>${key.last_used_at ? formatDateTime(key.last_used_at) : m.keys.never}</td>
              <td>
                <wa-button size="s" variant="danger" appearance="outlined" @click=${() => this.revoke(key)}>${m.keys.revoke(key.name)}</wa-button>
              </td>
            </tr>`,
      ),
    )
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-api-keys-section': ConsoleApiKeysSection
  }
}
