// /console/webhooks: the account's endpoints, and adding one, whose signing secret is shown once.
import '@awesome.me/webawesome/dist/components/badge/badge.js'
import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/dialog/dialog.js'
import { css, html, LitElement, nothing } from 'lit'
import { customElement, state } from 'lit/decorators.js'
import { apiList } from '../api/client.ts'
import { canWrite } from '../app/roles.ts'
import { navigate } from '../app/router.ts'
import { currentSession } from '../app/session.ts'
import { formatDateTime, I18nController, t } from '../i18n/index.ts'
import { cardsTable } from '../ui/cards-table.ts'
import { emptyText } from '../ui/list-state.ts'
import '../ui/page-header.ts'
import { PagedList } from '../ui/paged-list.ts'
import { showSecretOnce } from '../ui/secret-dialog.ts'
import { pageStyles } from '../ui/styles.ts'
import { eventsSummary } from './event-types.ts'
import { messages } from './messages.ts'
import './webhook-form.ts'
import type { CreatedWebhook, Webhook } from './webhook-form.ts'

const PAGE_SIZE = 50

@customElement('console-webhooks-page')
export class ConsoleWebhooksPage extends LitElement {
  protected readonly i18n = new I18nController(this)

  @state() private adding = false

  static override styles = [
    pageStyles,
    css`
      td.url {
        overflow-wrap: anywhere;
      }
    `,
  ]

  private readonly list = new PagedList<Webhook>(this, {
    pageSize: PAGE_SIZE,
    read: (page, limit) => apiList<Webhook>('/webhooks', { page, limit, sort: 'created_at', order: 'desc' }),
    failed: (problem) => t(messages).loadFailed(problem),
  })

  override connectedCallback(): void {
    super.connectedCallback()
    void this.list.load()
  }

  private onAdded(hook: CreatedWebhook): void {
    this.adding = false
    void this.list.load()
    const m = t(messages).created
    void showSecretOnce({
      heading: m.heading,
      secret: hook.secret,
      secretLabel: m.secret,
      warning: m.once,
      copyLabel: m.copy,
      actions: [{ label: m.open, run: () => navigate(`/console/webhooks/${hook.id}`) }],
    })
  }

  private renderTable() {
    const m = t(messages)
    if (this.list.items.length === 0) return emptyText(m.empty)
    const c = m.columns
    return cardsTable(
      [c.url, c.events, c.state, c.description],
      this.list.items.map(
        (w) => html`<tr>
              <td class="url" data-label=${c.url}><a href="/console/webhooks/${w.id}">${w.url}</a></td>
              <td data-label=${c.events}>${eventsSummary(w.events, m.allEvents)}</td>
              <td data-label=${c.state}>
                <wa-badge variant=${w.enabled ? (w.failing_since ? 'warning' : 'success') : 'neutral'}>${w.enabled ? m.enabled : m.disabled}</wa-badge>
                ${w.failing_since ? html`<div class="muted">${m.failingSince(formatDateTime(w.failing_since))}</div>` : nothing}
              </td>
              <td data-label=${c.description}>${w.description ?? ''}</td>
            </tr>`,
      ),
    )
  }

  override render() {
    const m = t(messages)
    const writable = canWrite(currentSession()?.user.role)
    return html`<console-page-header heading=${m.title}>
        ${writable ? html`<wa-button variant="brand" @click=${() => (this.adding = true)}>${m.add}</wa-button>` : nothing}
      </console-page-header>
      <p class="muted">${m.intro}</p>
      ${this.list.render(m, () => this.renderTable())}
      <wa-dialog
        label=${m.add}
        ?open=${this.adding}
        style="--width: 44rem"
        @wa-after-hide=${(e: Event) => {
          if (e.target === e.currentTarget) this.adding = false
        }}
      >
        ${
          this.adding
            ? html`<console-webhook-form
              @webhook-saved=${(e: CustomEvent<CreatedWebhook>) => this.onAdded(e.detail)}
            ></console-webhook-form>`
            : nothing
        }
      </wa-dialog>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-webhooks-page': ConsoleWebhooksPage
  }
}
