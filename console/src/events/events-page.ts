import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/spinner/spinner.js'
import { html, LitElement } from 'lit'
import { customElement, state } from 'lit/decorators.js'
import { apiList, type PageMeta } from '../api/client.ts'
import type { Event } from '../api/types.ts'
import { canWrite } from '../app/roles.ts'
import { currentRole } from '../app/session.ts'
import { formatDateRange, I18nController, t } from '../i18n/index.ts'
import { cardsTable } from '../ui/cards-table.ts'
import { problemText } from '../ui/notify.ts'
import '../ui/page-header.ts'
import { failureCallout, loadingLine } from '../ui/list-state.ts'
import { pageStyles } from '../ui/styles.ts'
import { eventSectionUrl } from './event-tabs.ts'
import { messages } from './messages.ts'

const PAGE_SIZE = 50

/** The console's home: the account's events, soonest first, with "New event". */
@customElement('console-events-page')
export class ConsoleEventsPage extends LitElement {
  protected readonly i18n = new I18nController(this)

  @state() private events: Event[] | undefined
  @state() private meta: PageMeta | undefined
  @state() private sessionCounts = new Map<string, number>()
  @state() private error = ''
  @state() private page = 1

  static override styles = pageStyles

  override connectedCallback(): void {
    super.connectedCallback()
    void this.load()
  }

  private async load(): Promise<void> {
    this.error = ''
    try {
      const { items, meta } = await apiList<Event>('/events', { page: this.page, limit: PAGE_SIZE, sort: 'starts_at', order: 'asc' })
      this.events = items
      this.meta = meta
      void this.loadSessionCounts(items)
    } catch (error) {
      this.error = problemText(error)
    }
  }

  /** One small request per event shown (limit 1: only the total is read); a failure leaves the column empty. */
  private async loadSessionCounts(events: Event[]): Promise<void> {
    const counts = await Promise.all(
      events.map((event) =>
        apiList('/sessions', { event_id: event.id, limit: 1 }).then(
          ({ meta }) => [event.id, meta.total] as const,
          () => undefined,
        ),
      ),
    )
    this.sessionCounts = new Map(counts.filter((entry) => entry !== undefined))
  }

  private goTo(page: number): void {
    this.page = page
    void this.load()
  }

  override render() {
    const m = t(messages)
    const writable = canWrite(currentRole())
    return html`<console-page-header heading=${m.eventsHeading}>
        ${writable ? html`<wa-button variant="brand" href="/console/events/new">${m.newEvent}</wa-button>` : null}
      </console-page-header>
      ${this.renderBody(writable)}`
  }

  private renderBody(writable: boolean) {
    const m = t(messages)
    if (this.error) return failureCallout(this.error, { label: m.retry, run: () => void this.load() })
    const events = this.events
    if (!events) return loadingLine(m.loading)
    if (!events.length) return html`<p>${m.noEvents}</p>${writable ? html`<p class="muted">${m.noEventsWrite}</p>` : null}`
    const meta = this.meta
    return html`${cardsTable(
      [m.columns.name, m.columns.dates, m.columns.venue, m.columns.sessions],
      events.map(
        (event) => html`<tr>
                <td><a href=${eventSectionUrl(event.id, 'details')}>${event.name}</a></td>
                <td data-label=${m.columns.dates}>${formatDateRange(event.starts_at, event.ends_at, event.timezone)}</td>
                <td data-label=${m.columns.venue}>${event.venue ?? ''}</td>
                <td data-label=${m.columns.sessions}>
                  <a href=${eventSectionUrl(event.id, 'schedule')}>${this.sessionCounts.get(event.id) ?? '–'}</a>
                </td>
              </tr>`,
      ),
    )}
      ${
        meta && meta.totalPages > 1
          ? html`<nav class="row" aria-label=${m.pageOf(meta.page, meta.totalPages)} style="margin-top: var(--wa-space-m)">
              <wa-button size="s" ?disabled=${meta.page <= 1} @click=${() => this.goTo(meta.page - 1)}>${m.previous}</wa-button>
              <span>${m.pageOf(meta.page, meta.totalPages)}</span>
              <wa-button size="s" ?disabled=${meta.page >= meta.totalPages} @click=${() => this.goTo(meta.page + 1)}>${m.next}</wa-button>
            </nav>`
          : null
      }`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-events-page': ConsoleEventsPage
  }
}
