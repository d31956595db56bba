// /console/webhooks: the account's endpoints, and adding one, whose signing secret is shown once.
import '@awesome.me/webawesome/dist/components/badge/badge.js'
import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/dialog/dialog.js'
import '@awesome.me/webawesome/dist/components/pagination/pagination.js'
import '@awesome.me/webawesome/dist/components/spinner/spinner.js'
import { css, html, LitElement, nothing } from 'lit'
import { customElement, state } from 'lit/decorators.js'
import { apiList } from '../api/client.ts'
import { canWrite } from '../app/roles.ts'
import { navigate } from '../app/router.ts'
import { currentSession } from '../app/session.ts'
import { formatDateTime, I18nController, t } from '../i18n/index.ts'
import { copyText } from '../ui/copy.ts'
import { problemText } from '../ui/notify.ts'
import '../ui/page-header.ts'
import { pageStyles } from '../ui/styles.ts'
import { eventsSummary } from './event-types.ts'
import { messages } from './messages.ts'
import './webhook-form.ts'
import type { CreatedWebhook, Webhook } from './webhook-form.ts'

const PAGE_SIZE = 50

@customElement('console-webhooks-page')
export class ConsoleWebhooksPage extends LitElement {
  protected readonly i18n = new I18nController(this)

  @state() private webhooks: Webhook[] = []
  @state() private total = 0
  @state() private page = 1
  @state() private loading = true
  @state() private failure = ''
  @state() private adding = false
  @state() private created: CreatedWebhook | undefined

  static override styles = [
    pageStyles,
    css`
      .secret {
        display: block;
        padding: var(--wa-space-s);
        background: var(--wa-color-neutral-fill-quiet);
        border-radius: var(--wa-border-radius-m);
        user-select: all;
      }
      td.url {
        overflow-wrap: anywhere;
      }
    `,
  ]

  override connectedCallback(): void {
    super.connectedCallback()
    void this.load()
  }

  private async load(): Promise<void> {
    this.loading = true
    this.failure = ''
    try {
      const { items, meta } = await apiList<Webhook>('/webhooks', { page: this.page, limit: PAGE_SIZE, sort: 'created_at', order: 'desc' })
      this.webhooks = items
      this.total = meta.total
    } catch (error) {
      this.failure = t(messages).loadFailed(problemText(error))
    } finally {
      this.loading = false
    }
  }

  private renderCreated() {
    const m = t(messages).created
    const hook = this.created
    return html`<wa-dialog
      label=${m.heading}
      ?open=${hook !== undefined}
      @wa-after-hide=${(e: Event) => {
        if (e.target === e.currentTarget) this.created = undefined
      }}
    >
      ${
        hook
          ? html`<div class="stack">
            <wa-callout variant="warning">${m.once}</wa-callout>
            <div>
              <strong id="created-secret-label">${m.secret}</strong>
              <code class="secret" aria-labelledby="created-secret-label">${hook.secret}</code>
            </div>
          </div>`
          : nothing
      }
      <wa-button slot="footer" variant="brand" @click=${() => hook && void copyText(hook.secret)}>${m.copy}</wa-button>
      <wa-button slot="footer" @click=${() => hook && navigate(`/console/webhooks/${hook.id}`)}>${m.open}</wa-button>
      <wa-button slot="footer" appearance="plain" @click=${() => (this.created = undefined)}>${m.done}</wa-button>
    </wa-dialog>`
  }

  private renderTable() {
    const m = t(messages)
    if (this.webhooks.length === 0) return html`<p class="muted">${m.empty}</p>`
    const c = m.columns
    return html`<div class="table-wrap">
      <table class="cards">
        <thead>
          <tr>
            <th>${c.url}</th>
            <th>${c.events}</th>
            <th>${c.state}</th>
            <th>${c.description}</th>
          </tr>
        </thead>
        <tbody>
          ${this.webhooks.map(
            (w) => html`<tr>
              <td class="url" data-label=${c.url}><a href="/console/webhooks/${w.id}">${w.url}</a></td>
              <td data-label=${c.events}>${eventsSummary(w.events, m.allEvents)}</td>
              <td data-label=${c.state}>
                <wa-badge variant=${w.enabled ? (w.failing_since ? 'warning' : 'success') : 'neutral'}>${w.enabled ? m.enabled : m.disabled}</wa-badge>
                ${w.failing_since ? html`<div class="muted">${m.failingSince(formatDateTime(w.failing_since))}</div>` : nothing}
              </td>
              <td data-label=${c.description}>${w.description ?? ''}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </div>`
  }

  override render() {
    const m = t(messages)
    const writable = canWrite(currentSession()?.user.role)
    return html`<console-page-header heading=${m.title}>
        ${writable ? html`<wa-button variant="brand" @click=${() => (this.adding = true)}>${m.add}</wa-button>` : nothing}
      </console-page-header>
      <p class="muted">${m.intro}</p>
      ${
        this.failure
          ? html`<wa-callout variant="danger" role="alert"
            >${this.failure} <wa-button size="s" @click=${() => void this.load()}>${m.retry}</wa-button></wa-callout
          >`
          : this.loading && this.webhooks.length === 0
            ? html`<p role="status"><wa-spinner></wa-spinner> ${m.loading}</p>`
            : this.renderTable()
      }
      ${
        this.total > PAGE_SIZE
          ? html`<wa-pagination
            .total=${this.total}
            .pageSize=${PAGE_SIZE}
            .page=${this.page}
            @wa-page-change=${(e: Event) => {
              this.page = (e.target as unknown as { page: number }).page
              void this.load()
            }}
          ></wa-pagination>`
          : nothing
      }
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
              @webhook-saved=${(e: CustomEvent<CreatedWebhook>) => {
                this.adding = false
                this.created = e.detail
                void this.load()
              }}
            ></console-webhook-form>`
            : nothing
        }
      </wa-dialog>
      ${this.renderCreated()}`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-webhooks-page': ConsoleWebhooksPage
  }
}
