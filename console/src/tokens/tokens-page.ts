// /console/tokens: the account's embed tokens (revoked ones on demand), and creating one, whose
// value is shown once with a copy button.
import '@awesome.me/webawesome/dist/components/badge/badge.js'
import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/dialog/dialog.js'
import '@awesome.me/webawesome/dist/components/option/option.js'
import '@awesome.me/webawesome/dist/components/select/select.js'
import '@awesome.me/webawesome/dist/components/spinner/spinner.js'
import '@awesome.me/webawesome/dist/components/switch/switch.js'
import { css, html, LitElement } from 'lit'
import { customElement, state } from 'lit/decorators.js'
import { apiList } from '../api/client.ts'
import { everyItem } from '../api/every-item.ts'
import { navigate } from '../app/router.ts'
import { canWrite } from '../app/roles.ts'
import { currentRole } from '../app/session.ts'
import { formatDateTime, formatNumber, I18nController, t } from '../i18n/index.ts'
import { cardsTable } from '../ui/cards-table.ts'
import { emptyText } from '../ui/list-state.ts'
import '../ui/page-header.ts'
import { PagedList } from '../ui/paged-list.ts'
import { showSecretOnce } from '../ui/secret-dialog.ts'
import { pageStyles } from '../ui/styles.ts'
import { rememberToken } from './created-tokens.ts'
import { messages } from './messages.ts'
import './token-form.ts'
import type { CreatedEmbedToken, EmbedToken, EventOption, TokenSavedEvent } from './token-form.ts'
import { stateVariant, tokenState } from './token-state.ts'

const PAGE_SIZE = 50
const ALL = 'all'

@customElement('console-tokens-page')
export class ConsoleTokensPage extends LitElement {
  protected readonly i18n = new I18nController(this)

  @state() private events: EventOption[] = []
  /** Until the events are read, the create form waits rather than saying there are none. */
  @state() private eventsLoaded = false
  @state() private eventFilter = ALL
  @state() private includeRevoked = false
  @state() private creating = false

  static override styles = [
    pageStyles,
    css`
      .filters wa-select {
        min-width: 14rem;
      }
    `,
  ]

  private readonly list = new PagedList<EmbedToken>(this, {
    pageSize: PAGE_SIZE,
    read: (page, limit) =>
      apiList<EmbedToken>('/embed-tokens', {
        page,
        limit,
        sort: 'created_at',
        order: 'desc',
        event_id: this.eventFilter === ALL ? undefined : this.eventFilter,
        include_revoked: this.includeRevoked ? 'true' : undefined,
      }),
    failed: (problem) => t(messages).loadFailed(problem),
  })

  override connectedCallback(): void {
    super.connectedCallback()
    void this.loadEvents()
    void this.list.load()
  }

  private async loadEvents(): Promise<void> {
    try {
      this.events = (await everyItem<EventOption>('/events', { sort: 'starts_at' })).map((e) => ({ id: e.id, name: e.name }))
    } catch {
      // The list still works without names: it shows event ids.
    } finally {
      this.eventsLoaded = true
    }
  }

  private eventName(id: string): string {
    return this.events.find((e) => e.id === id)?.name ?? id
  }

  private onCreated(event: TokenSavedEvent): void {
    const token = event.detail as CreatedEmbedToken
    rememberToken(token.id, token.token)
    this.creating = false
    void this.list.load()
    const m = t(messages).created
    void showSecretOnce({
      heading: m.heading,
      secret: token.token,
      secretLabel: m.token,
      warning: m.once,
      copyLabel: m.copy,
      actions: [{ label: m.open, run: () => navigate(`/console/tokens/${token.id}`) }],
    })
  }

  private renderTable() {
    const m = t(messages)
    if (this.list.items.length === 0) return emptyText(m.empty)
    const c = m.columns
    return cardsTable(
      [c.name, c.prefix, c.event, c.state, c.expires, c.usage, c.lastUsed],
      this.list.items.map((token) => {
        const s = tokenState(token)
        return html`<tr>
              <td data-label=${c.name}><a href="/console/tokens/${token.id}">${token.name}</a></td>
              <td data-label=${c.prefix}><code>${token.prefix}…</code></td>
              <td data-label=${c.event}>${this.eventName(token.event_id)}</td>
              <td data-label=${c.state}><wa-badge variant=${stateVariant(s)}>${m.state[s]}</wa-badge></td>
              <td data-label=${c.expires}>${token.expires_at ? formatDateTime(token.expires_at) : m.noExpiry}</td>
              <td data-label=${c.usage}>${formatNumber(token.usage_count)}</td>
              <td data-label=${c.lastUsed}>${token.last_used_at ? formatDateTime(token.last_used_at) : m.never}</td>
            </tr>`
      }),
    )
  }

  override render() {
    const m = t(messages)
    const writable = canWrite(currentRole())
    return html`<console-page-header heading=${m.title}>
        ${writable ? html`<wa-button variant="brand" @click=${() => (this.creating = true)}>${m.create}</wa-button>` : null}
      </console-page-header>
      <p class="muted">${m.intro}</p>
      <div class="filters">
        <wa-select
          label=${m.event}
          size="s"
          .value=${this.eventFilter}
          @change=${(e: Event) => {
            this.eventFilter = String((e.target as HTMLSelectElement).value)
            void this.list.show(1)
          }}
        >
          <wa-option value=${ALL}>${m.allEvents}</wa-option>
          ${this.events.map((e) => html`<wa-option value=${e.id}>${e.name}</wa-option>`)}
        </wa-select>
        <wa-switch
          ?checked=${this.includeRevoked}
          @change=${(e: Event) => {
            this.includeRevoked = (e.target as HTMLInputElement).checked
            void this.list.show(1)
          }}
          >${m.showRevoked}</wa-switch
        >
      </div>
      ${this.list.render(m, () => this.renderTable())}
      <wa-dialog
        label=${m.create}
        ?open=${this.creating}
        @wa-after-hide=${(e: Event) => {
          if (e.target === e.currentTarget) this.creating = false
        }}
      >
        ${this.creating && !this.eventsLoaded ? html`<wa-spinner></wa-spinner>` : null}
        ${
          this.creating && this.eventsLoaded
            ? html`<console-token-form
              .events=${this.events}
              .eventId=${this.eventFilter === ALL ? '' : this.eventFilter}
              submitLabel=${m.form.createSubmit}
              @token-saved=${this.onCreated}
            ></console-token-form>`
            : null
        }
      </wa-dialog>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-tokens-page': ConsoleTokensPage
  }
}
