// /console/tokens/:tokenId: one token's settings (name, origins, expiry, calendar feed), enabling,
// disabling and revoking it, and its snippet builder.
import '@awesome.me/webawesome/dist/components/badge/badge.js'
import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/spinner/spinner.js'
import { css, html, LitElement, nothing, type TemplateResult } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import { apiGet, apiSend } from '../api/client.ts'
import { canWrite } from '../app/roles.ts'
import { currentRole } from '../app/session.ts'
import { formatDateTime, formatNumber, I18nController, t } from '../i18n/index.ts'
import { confirmAction } from '../ui/confirm.ts'
import { BusyAction } from '../ui/busy-action.ts'
import { detailPage } from '../ui/detail-page.ts'
import { Loaded } from '../ui/loaded.ts'
import { notify } from '../ui/notify.ts'
import '../ui/page-header.ts'
import { pageStyles, sectionStyles } from '../ui/styles.ts'
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

  @state() private eventName = ''
  @state() private embed = ''
  private readonly token = new Loaded<EmbedToken>(this, {
    read: async () => {
      const [token, url] = await Promise.all([apiGet<EmbedToken>(`/embed-tokens/${encodeURIComponent(this.tokenId)}`), embedUrl()])
      this.embed = url
      this.eventName = (await apiGet<{ name: string }>(`/events/${encodeURIComponent(token.event_id)}`).catch(() => undefined))?.name ?? ''
      return token
    },
    failed: (problem) => t(messages).detail.loadFailed(problem),
  })
  private readonly action = new BusyAction(this)

  static override styles = [
    pageStyles,
    sectionStyles,
    css`
      dl {
        margin: 0 0 var(--wa-space-l);
      }
    `,
  ]

  override connectedCallback(): void {
    super.connectedCallback()
    void this.token.load()
  }

  /** Sends `method` to the token's address and shows the token as answered, with `done` in a notice. */
  private change(method: 'PATCH' | 'DELETE', body: Record<string, unknown> | undefined, done: string): Promise<void> {
    const token = this.token.value
    if (!token) return Promise.resolve()
    return this.action.run(async () => {
      this.token.set(await apiSend<EmbedToken>(method, `/embed-tokens/${encodeURIComponent(token.id)}`, body))
      notify(done)
    })
  }

  private async revoke(): Promise<void> {
    const token = this.token.value
    if (!token) return
    const m = t(messages).detail
    if (!(await confirmAction({ heading: m.revokeHeading(token.name), message: m.revokeText, confirmLabel: m.revoke }))) return
    await this.change('DELETE', undefined, m.revoked)
  }

  private allowConsole(event: CustomEvent<string>): void {
    const token = this.token.value
    if (!token) return
    void this.change(
      'PATCH',
      { allowedOrigins: withOrigin(token.allowed_origins, event.detail) },
      t(messages).builder.allowed(event.detail),
    )
  }

  override render() {
    const m = t(messages)
    return detailPage(this.token, { title: m.title, backHref: '/console/tokens', back: m.detail.back, loading: m.loading }, (token, back) =>
      this.renderToken(token, back),
    )
  }

  private renderToken(token: EmbedToken, back: TemplateResult) {
    const m = t(messages)
    const state = tokenState(token)
    const writable = canWrite(currentRole()) && state !== 'revoked'
    return html`<console-page-header heading=${token.name} subheading=${this.eventName}>
        ${back}
        <wa-badge variant=${stateVariant(state)}>${m.state[state]}</wa-badge>
        ${
          writable
            ? html`<wa-button
                ?disabled=${this.action.busy}
                @click=${() => void this.change('PATCH', { isActive: !token.is_active }, token.is_active ? m.detail.disabled : m.detail.enabled)}
                >${token.is_active ? m.detail.disable : m.detail.enable}</wa-button
              >
              <wa-button variant="danger" appearance="outlined" ?disabled=${this.action.busy} @click=${() => void this.revoke()}>${m.detail.revoke}</wa-button>`
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
                this.token.set(e.detail)
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
