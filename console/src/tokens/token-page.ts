// /console/tokens/:tokenId: one token's settings (name, origins, expiry, calendar feed), enabling,
// disabling and revoking it, and its snippet builder.
import '@awesome.me/webawesome/dist/components/badge/badge.js'
import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/spinner/spinner.js'
import { css, html, LitElement, nothing } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import { apiGet, apiSend } from '../api/client.ts'
import { canWrite } from '../app/roles.ts'
import { currentRole } from '../app/session.ts'
import { formatDateTime, formatNumber, I18nController, t } from '../i18n/index.ts'
import { confirmAction } from '../ui/confirm.ts'
import { notify, notifyProblem, problemText } from '../ui/notify.ts'
import { failureCallout, loadingLine } from '../ui/list-state.ts'
import '../ui/page-header.ts'
import { pageStyles } from '../ui/styles.ts'
import { embedUrl } from './embed-url.ts'
import { messages } from './messages.ts'
import { withOrigin } from './origins.ts'
import './snippet-builder.ts'
import './token-form.ts'
import type { EmbedToken, TokenSavedEvent } from './token-form.ts'
import { stateVariant, tokenState } from './token-state.ts'

@customElement('console-token-page')
export class ConsoleTokenPage extends LitElement {
  protected readonly i18n = new I18nController(this)

  /** From the address. */
  @property() tokenId = ''

  @state() private token: EmbedToken | undefined
  @state() private eventName = ''
  @state() private embed = ''
  @state() private failure = ''
  @state() private busy = false

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
      dl {
        margin: 0 0 var(--wa-space-l);
      }
    `,
  ]

  override connectedCallback(): void {
    super.connectedCallback()
    void this.load()
  }

  private async load(): Promise<void> {
    this.failure = ''
    try {
      const [token, url] = await Promise.all([apiGet<EmbedToken>(`/embed-tokens/${encodeURIComponent(this.tokenId)}`), embedUrl()])
      this.token = token
      this.embed = url
      this.eventName = (await apiGet<{ name: string }>(`/events/${encodeURIComponent(token.event_id)}`).catch(() => undefined))?.name ?? ''
    } catch (error) {
      this.failure = t(messages).detail.loadFailed(problemText(error))
    }
  }

  private async patch(body: Record<string, unknown>, done: string): Promise<void> {
    if (!this.token || this.busy) return
    this.busy = true
    try {
      this.token = await apiSend<EmbedToken>('PATCH', `/embed-tokens/${encodeURIComponent(this.token.id)}`, body)
      notify(done)
    } catch (error) {
      notifyProblem(error)
    } finally {
      this.busy = false
    }
  }

  private async revoke(): Promise<void> {
    const token = this.token
    if (!token) return
    const m = t(messages).detail
    if (!(await confirmAction({ heading: m.revokeHeading(token.name), message: m.revokeText, confirmLabel: m.revoke }))) return
    this.busy = true
    try {
      this.token = await apiSend<EmbedToken>('DELETE', `/embed-tokens/${encodeURIComponent(token.id)}`)
      notify(m.revoked)
    } catch (error) {
      notifyProblem(error)
    } finally {
      this.busy = false
    }
  }

  private allowConsole(event: CustomEvent<string>): void {
    const token = this.token
    if (!token) return
    void this.patch({ allowedOrigins: withOrigin(token.allowed_origins, event.detail) }, t(messages).builder.allowed(event.detail))
  }

  override render() {
    const m = t(messages)
    const back = html`<a slot="before" href="/console/tokens">← ${m.detail.back}</a>`
    if (this.failure)
      return html`<console-page-header heading=${m.title}>${back}</console-page-header>
        ${failureCallout(this.failure)}`
    const token = this.token
    if (!token) return loadingLine(m.loading)
    const state = tokenState(token)
    const writable = canWrite(currentRole()) && state !== 'revoked'
    return html`<console-page-header heading=${token.name} subheading=${this.eventName}>
        ${back}
        <wa-badge variant=${stateVariant(state)}>${m.state[state]}</wa-badge>
        ${
          writable
            ? html`<wa-button
                ?disabled=${this.busy}
                @click=${() => void this.patch({ isActive: !token.is_active }, token.is_active ? m.detail.disabled : m.detail.enabled)}
                >${token.is_active ? m.detail.disable : m.detail.enable}</wa-button
              >
              <wa-button variant="danger" appearance="outlined" ?disabled=${this.busy} @click=${() => void this.revoke()}>${m.detail.revoke}</wa-button>`
            : nothing
        }
      </console-page-header>
      <dl>
        <dt>${m.columns.prefix}</dt>
        <dd><code>${token.prefix}…</code></dd>
        <dt>${m.detail.created}</dt>
        <dd>${formatDateTime(token.created_at)}</dd>
        <dt>${m.columns.expires}</dt>
        <dd>${token.expires_at ? formatDateTime(token.expires_at) : m.noExpiry}</dd>
        <dt>${m.detail.usage}</dt>
        <dd>${formatNumber(token.usage_count)}</dd>
        <dt>${m.detail.lastUsed}</dt>
        <dd>${token.last_used_at ? formatDateTime(token.last_used_at) : m.never}</dd>
      </dl>
      ${token.revoked_at ? html`<wa-callout variant="danger">${m.detail.revokedNote(formatDateTime(token.revoked_at))}</wa-callout>` : nothing}
      ${
        writable
          ? html`<section aria-labelledby="settings-heading">
            <h2 id="settings-heading">${m.detail.settings}</h2>
            <console-token-form
              .token=${token}
              @token-saved=${(e: TokenSavedEvent) => {
                this.token = e.detail
                notify(m.detail.saved)
              }}
            ></console-token-form>
          </section>`
          : nothing
      }
      ${
        token.revoked_at
          ? nothing
          : html`<section aria-labelledby="builder-heading">
            <h2 id="builder-heading">${m.builder.heading}</h2>
            <console-snippet-builder .token=${token} embedUrl=${this.embed} @allow-console-origin=${this.allowConsole}></console-snippet-builder>
          </section>`
      }`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-token-page': ConsoleTokenPage
  }
}
