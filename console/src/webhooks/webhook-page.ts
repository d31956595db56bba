// /console/webhooks/:webhookId: one endpoint's settings, enabling and disabling it, a test event,
// deleting it, and its delivery log with each delivery's body and the answer kept, and a retry.
import '@awesome.me/webawesome/dist/components/badge/badge.js'
import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/dialog/dialog.js'
import '@awesome.me/webawesome/dist/components/option/option.js'
import '@awesome.me/webawesome/dist/components/select/select.js'
import '@awesome.me/webawesome/dist/components/spinner/spinner.js'
import { css, html, LitElement, nothing, type TemplateResult } from 'lit'
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
import { BusyAction } from '../ui/busy-action.ts'
import { emptyText, failureCallout } from '../ui/list-state.ts'
import { detailPage } from '../ui/detail-page.ts'
import { Loaded } from '../ui/loaded.ts'
import '../ui/page-header.ts'
import { PagedList } from '../ui/paged-list.ts'
import { pageStyles, sectionStyles } from '../ui/styles.ts'
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

  @state() private status: DeliveryStatus | typeof ALL = ALL
  @state() private detail: DeliveryDetail | undefined
  @state() private detailOpen = false
  @state() private detailFailure = ''

  static override styles = [
    pageStyles,
    sectionStyles,
    css`
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

  private readonly webhook = new Loaded<Webhook>(this, {
    read: () => apiGet<Webhook>(this.path),
    failed: (problem) => t(messages).detail.loadFailed(problem),
  })
  private readonly action = new BusyAction(this)
  private readonly log = new PagedList<Delivery>(this, {
    pageSize: PAGE_SIZE,
    read: (page, limit) =>
      apiList<Delivery>(`${this.path}/deliveries`, { page, limit, status: this.status === ALL ? undefined : this.status }),
    failed: (problem) => t(messages).log.loadFailed(problem),
    retry: false,
  })

  override connectedCallback(): void {
    super.connectedCallback()
    void this.webhook.load()
    void this.log.load()
  }

  private get path(): string {
    return `/webhooks/${encodeURIComponent(this.webhookId)}`
  }

  private setEnabled(enabled: boolean): Promise<void> {
    const m = t(messages).detail
    return this.action.run(async () => {
      this.webhook.set(await apiSend<Webhook>('PATCH', this.path, { enabled }))
      notify(enabled ? m.enabledNotice : m.disabledNotice)
      if (!enabled) void this.log.load()
    })
  }

  private sendTest(): Promise<void> {
    return this.action.run(async () => {
      await apiSend('POST', `${this.path}/test`)
      notify(t(messages).detail.testQueued)
      await this.log.show(1)
    })
  }

  private async deleteWebhook(): Promise<void> {
    const hook = this.webhook.value
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
      await Promise.all([this.openDelivery(id), this.log.load()])
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
            void this.log.show(1)
          }}
        >
          <wa-option value=${ALL}>${m.allStatuses}</wa-option>
          ${STATUSES.map((s) => html`<wa-option value=${s}>${m.statuses[s]}</wa-option>`)}
        </wa-select>
        <wa-button ?loading=${this.log.loading} @click=${() => void this.log.load()}>${m.refresh}</wa-button>
      </div>
      ${this.log.render(t(messages), () =>
        this.log.items.length === 0
          ? emptyText(m.empty)
          : cardsTable(
              [c.type, c.status, c.attempts, c.code, c.error, c.created, c.last, html`<span class="visually-hidden">${m.view}</span>`],
              this.log.items.map(
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
          ? this.webhook.value?.enabled
            ? html`<wa-button slot="footer" variant="brand" @click=${() => void this.retry(d.id)}>${m.retry}</wa-button>`
            : html`<span slot="footer" class="muted">${m.retryDisabled}</span>`
          : nothing
      }
      <wa-button slot="footer" appearance="plain" @click=${() => (this.detailOpen = false)}>${m.close}</wa-button>
    </wa-dialog>`
  }

  override render() {
    const m = t(messages)
    return detailPage(
      this.webhook,
      { title: m.title, backHref: '/console/webhooks', back: m.detail.back, loading: m.loading },
      (hook, back) => this.renderWebhook(hook, back),
    )
  }

  private renderWebhook(hook: Webhook, back: TemplateResult) {
    const m = t(messages)
    const writable = canWrite(currentSession()?.user.role)
    return html`<console-page-header heading=${hook.url} subheading=${hook.description ?? ''}>
        ${back}
        <wa-badge variant=${hook.enabled ? 'success' : 'neutral'}>${hook.enabled ? m.enabled : m.disabled}</wa-badge>
        ${
          writable
            ? html`<wa-button ?disabled=${this.action.busy || !hook.enabled} @click=${() => void this.sendTest()}>${m.detail.sendTest}</wa-button>
              <wa-button ?disabled=${this.action.busy} @click=${() => void this.setEnabled(!hook.enabled)}
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
                this.webhook.set(e.detail)
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
