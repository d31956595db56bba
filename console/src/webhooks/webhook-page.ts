// /console/webhooks/:webhookId: one endpoint's settings, enabling and disabling it, a test event,
// deleting it, and its delivery log with each delivery's body and the answer kept, and a retry.
import '@awesome.me/webawesome/dist/components/badge/badge.js'
import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/dialog/dialog.js'
import '@awesome.me/webawesome/dist/components/option/option.js'
import '@awesome.me/webawesome/dist/components/select/select.js'
import '@awesome.me/webawesome/dist/components/spinner/spinner.js'
import { css, html, LitElement, nothing } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import type { components } from '../api/types.ts'
import { apiGet, apiList, apiSend } from '../api/client.ts'
import { canWrite } from '../app/roles.ts'
import { navigate } from '../app/router.ts'
import { currentSession } from '../app/session.ts'
import { formatDateTime, I18nController, t } from '../i18n/index.ts'
import { cardsTable } from '../ui/cards-table.ts'
import { confirmAction } from '../ui/confirm.ts'
import { notify, notifyProblem, problemText } from '../ui/notify.ts'
import { emptyText, failureCallout, listState, loadingLine } from '../ui/list-state.ts'
import '../ui/page-header.ts'
import { pager } from '../ui/pager.ts'
import { pageStyles } from '../ui/styles.ts'
import { type DeliveryStatus, prettyJson, statusVariant } from './delivery-view.ts'
import { messages } from './messages.ts'
import './webhook-form.ts'
import type { Webhook } from './webhook-form.ts'

type Delivery = components['schemas']['WebhookDelivery']
type DeliveryDetail = components['schemas']['WebhookDeliveryDetail']

const PAGE_SIZE = 25
const ALL = 'all'
const STATUSES: DeliveryStatus[] = ['pending', 'delivered', 'failed']

@customElement('console-webhook-page')
export class ConsoleWebhookPage extends LitElement {
  protected readonly i18n = new I18nController(this)

  @property() webhookId = ''

  @state() private webhook: Webhook | undefined
  @state() private failure = ''
  @state() private busy = false
  @state() private deliveries: Delivery[] = []
  @state() private total = 0
  @state() private page = 1
  @state() private status: DeliveryStatus | typeof ALL = ALL
  @state() private logLoading = true
  @state() private logFailure = ''
  @state() private detail: DeliveryDetail | undefined
  @state() private detailOpen = false
  @state() private detailFailure = ''

  static override styles = [
    pageStyles,
    css`
      section {
        margin-block-end: var(--wa-space-2xl);
      }
      h2 {
        font-size: var(--wa-font-size-l);
        margin: 0 0 var(--wa-space-m);
      }
      .filters wa-select {
        min-width: 12rem;
      }
      pre {
        margin: 0;
        padding: var(--wa-space-s);
        max-height: 20rem;
        overflow: auto;
        background: var(--wa-color-neutral-fill-quiet);
        border-radius: var(--wa-border-radius-m);
        font-size: var(--wa-font-size-s);
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      }
      h3 {
        font-size: var(--wa-font-size-m);
        margin: var(--wa-space-m) 0 var(--wa-space-xs);
      }
    `,
  ]

  override connectedCallback(): void {
    super.connectedCallback()
    void this.load()
    void this.loadLog()
  }

  private get path(): string {
    return `/webhooks/${encodeURIComponent(this.webhookId)}`
  }

  private async load(): Promise<void> {
    try {
      this.webhook = await apiGet<Webhook>(this.path)
    } catch (error) {
      this.failure = t(messages).detail.loadFailed(problemText(error))
    }
  }

  private async loadLog(): Promise<void> {
    this.logLoading = true
    this.logFailure = ''
    try {
      const { items, meta } = await apiList<Delivery>(`${this.path}/deliveries`, {
        page: this.page,
        limit: PAGE_SIZE,
        status: this.status === ALL ? undefined : this.status,
      })
      this.deliveries = items
      this.total = meta.total
    } catch (error) {
      this.logFailure = t(messages).log.loadFailed(problemText(error))
    } finally {
      this.logLoading = false
    }
  }

  private async setEnabled(enabled: boolean): Promise<void> {
    const m = t(messages).detail
    this.busy = true
    try {
      this.webhook = await apiSend<Webhook>('PATCH', this.path, { enabled })
      notify(enabled ? m.enabledNotice : m.disabledNotice)
      if (!enabled) void this.loadLog()
    } catch (error) {
      notifyProblem(error)
    } finally {
      this.busy = false
    }
  }

  private async sendTest(): Promise<void> {
    this.busy = true
    try {
      await apiSend('POST', `${this.path}/test`)
      notify(t(messages).detail.testQueued)
      this.page = 1
      await this.loadLog()
    } catch (error) {
      notifyProblem(error)
    } finally {
      this.busy = false
    }
  }

  private async deleteWebhook(): Promise<void> {
    const hook = this.webhook
    if (!hook) return
    const m = t(messages).detail
    if (!(await confirmAction({ heading: m.deleteHeading(hook.url), message: m.deleteText, confirmLabel: m.delete }))) return
    try {
      await apiSend('DELETE', this.path)
      notify(m.deleted)
      navigate('/console/webhooks')
    } catch (error) {
      notifyProblem(error)
    }
  }

  private async openDelivery(id: string): Promise<void> {
    this.detail = undefined
    this.detailFailure = ''
    this.detailOpen = true
    try {
      this.detail = await apiGet<DeliveryDetail>(`${this.path}/deliveries/${encodeURIComponent(id)}`)
    } catch (error) {
      this.detailFailure = t(messages).delivery.loadFailed(problemText(error))
    }
  }

  private async retry(id: string): Promise<void> {
    try {
      await apiSend('POST', `${this.path}/deliveries/${encodeURIComponent(id)}/retry`)
      notify(t(messages).delivery.retried)
      await Promise.all([this.openDelivery(id), this.loadLog()])
    } catch (error) {
      notifyProblem(error)
    }
  }

  private renderLog() {
    const m = t(messages).log
    const c = m.columns
    return html`<section aria-labelledby="log-heading">
      <h2 id="log-heading">${m.heading}</h2>
      <div class="filters">
        <wa-select
          label=${m.status}
          .value=${this.status}
          @change=${(e: Event) => {
            this.status = String((e.target as HTMLSelectElement).value) as DeliveryStatus | typeof ALL
            this.page = 1
            void this.loadLog()
          }}
        >
          <wa-option value=${ALL}>${m.allStatuses}</wa-option>
          ${STATUSES.map((s) => html`<wa-option value=${s}>${m.statuses[s]}</wa-option>`)}
        </wa-select>
        <wa-button ?loading=${this.logLoading} @click=${() => void this.loadLog()}>${m.refresh}</wa-button>
      </div>
      ${listState({ failure: this.logFailure, loading: this.logLoading && this.deliveries.length === 0, labels: t(messages) }, () =>
        this.deliveries.length === 0
          ? emptyText(m.empty)
          : cardsTable(
              [c.type, c.status, c.attempts, c.code, c.error, c.created, c.last, html`<span class="visually-hidden">${m.view}</span>`],
              this.deliveries.map(
                (d) => html`<tr>
                      <td data-label=${c.type}><code>${d.type}</code></td>
                      <td data-label=${c.status}><wa-badge variant=${statusVariant(d.status)}>${m.statuses[d.status]}</wa-badge></td>
                      <td data-label=${c.attempts}>${d.attempts}</td>
                      <td data-label=${c.code}>${d.last_status_code ?? ''}</td>
                      <td data-label=${c.error}>${d.last_error ?? ''}</td>
                      <td data-label=${c.created}>${formatDateTime(d.created_at)}</td>
                      <td data-label=${c.last}>${formatDateTime(d.last_attempt_at)}</td>
                      <td>
                        <wa-button size="s" @click=${() => void this.openDelivery(d.id)}
                          >${m.view}<span class="visually-hidden">${m.viewLabel(d.type, formatDateTime(d.created_at))}</span></wa-button
                        >
                      </td>
                    </tr>`,
              ),
            ),
      )}
      ${pager({
        total: this.total,
        pageSize: PAGE_SIZE,
        page: this.page,
        onPage: (page) => {
          this.page = page
          void this.loadLog()
        },
      })}
    </section>`
  }

  private renderDetail() {
    const m = t(messages).delivery
    const d = this.detail
    const none = m.none
    const writable = canWrite(currentSession()?.user.role)
    return html`<wa-dialog
      label=${d ? m.heading(d.type) : m.heading('…')}
      ?open=${this.detailOpen}
      style="--width: 48rem"
      @wa-after-hide=${(e: Event) => {
        if (e.target === e.currentTarget) this.detailOpen = false
      }}
    >
      ${
        this.detailFailure
          ? failureCallout(this.detailFailure)
          : !d
            ? html`<wa-spinner></wa-spinner>`
            : html`<dl>
                <dt>${m.messageId}</dt>
                <dd><code>${d.message_id}</code></dd>
                <dt>${m.status}</dt>
                <dd><wa-badge variant=${statusVariant(d.status)}>${t(messages).log.statuses[d.status]}</wa-badge></dd>
                <dt>${m.attempts}</dt>
                <dd>${d.attempts}</dd>
                <dt>${m.code}</dt>
                <dd>${d.last_status_code ?? none}</dd>
                <dt>${m.error}</dt>
                <dd>${d.last_error ?? none}</dd>
                <dt>${m.created}</dt>
                <dd>${formatDateTime(d.created_at)}</dd>
                <dt>${m.lastAttempt}</dt>
                <dd>${formatDateTime(d.last_attempt_at) || none}</dd>
                ${d.next_attempt_at ? html`<dt>${m.nextAttempt}</dt><dd>${formatDateTime(d.next_attempt_at)}</dd>` : nothing}
                ${d.delivered_at ? html`<dt>${m.delivered}</dt><dd>${formatDateTime(d.delivered_at)}</dd>` : nothing}
              </dl>
              <h3 id="delivery-body">${m.body}</h3>
              <pre aria-labelledby="delivery-body" tabindex="0">${prettyJson(d.payload)}</pre>
              <h3 id="delivery-answer">${m.answer}</h3>
              <pre aria-labelledby="delivery-answer" tabindex="0">${d.last_response_body ?? none}</pre>`
      }
      ${
        d && writable
          ? this.webhook?.enabled
            ? html`<wa-button slot="footer" variant="brand" @click=${() => void this.retry(d.id)}>${m.retry}</wa-button>`
            : html`<span slot="footer" class="muted">${m.retryDisabled}</span>`
          : nothing
      }
      <wa-button slot="footer" appearance="plain" @click=${() => (this.detailOpen = false)}>${m.close}</wa-button>
    </wa-dialog>`
  }

  override render() {
    const m = t(messages)
    const back = html`<a slot="before" href="/console/webhooks">← ${m.detail.back}</a>`
    if (this.failure)
      return html`<console-page-header heading=${m.title}>${back}</console-page-header>
        ${failureCallout(this.failure)}`
    const hook = this.webhook
    if (!hook) return loadingLine(m.loading)
    const writable = canWrite(currentSession()?.user.role)
    return html`<console-page-header heading=${hook.url} subheading=${hook.description ?? ''}>
        ${back}
        <wa-badge variant=${hook.enabled ? 'success' : 'neutral'}>${hook.enabled ? m.enabled : m.disabled}</wa-badge>
        ${
          writable
            ? html`<wa-button ?disabled=${this.busy || !hook.enabled} @click=${() => void this.sendTest()}>${m.detail.sendTest}</wa-button>
              <wa-button ?disabled=${this.busy} @click=${() => void this.setEnabled(!hook.enabled)}
                >${hook.enabled ? m.detail.disable : m.detail.enable}</wa-button
              >
              <wa-button variant="danger" appearance="outlined" @click=${() => void this.deleteWebhook()}>${m.detail.delete}</wa-button>`
            : nothing
        }
      </console-page-header>
      ${hook.disabled_reason ? html`<wa-callout variant="warning">${m.detail.disabledReason(hook.disabled_reason)}</wa-callout>` : nothing}
      ${hook.failing_since ? html`<wa-callout variant="warning">${m.failingSince(formatDateTime(hook.failing_since))}</wa-callout>` : nothing}
      ${
        writable
          ? html`<section aria-labelledby="settings-heading">
            <h2 id="settings-heading">${m.detail.settings}</h2>
            <console-webhook-form
              .webhook=${hook}
              @webhook-saved=${(e: CustomEvent<Webhook>) => {
                this.webhook = e.detail
                notify(m.detail.saved)
              }}
            ></console-webhook-form>
          </section>`
          : nothing
      }
      ${this.renderLog()} ${this.renderDetail()}`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-webhook-page': ConsoleWebhookPage
  }
}
