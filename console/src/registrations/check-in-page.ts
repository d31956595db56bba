// /console/events/:eventId/check-in: the door. One search box (focused), people as large rows
// with one button each, an undo, and the count of those in; built for a phone held in one hand.
import '@awesome.me/webawesome/dist/components/badge/badge.js'
import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/input/input.js'
import '@awesome.me/webawesome/dist/components/spinner/spinner.js'
import type WaInput from '@awesome.me/webawesome/dist/components/input/input.js'
import { css, html, LitElement, nothing } from 'lit'
import { customElement, property, query, state } from 'lit/decorators.js'
import type { components } from '../api/types.ts'
import { apiGet, apiList, apiSend } from '../api/client.ts'
import { canWrite } from '../app/roles.ts'
import { currentSession } from '../app/session.ts'
import { formatDateTime, formatNumber, I18nController, t } from '../i18n/index.ts'
import { notify, notifyProblem, problemText } from '../ui/notify.ts'
import '../ui/page-header.ts'
import { pageStyles } from '../ui/styles.ts'
import { type CheckInCount, countAfter } from './check-in-count.ts'
import { messages } from './messages.ts'
import { canCheckIn, STATUS_VARIANT } from './status-actions.ts'

type Registration = components['schemas']['Registration']
type EventRecord = components['schemas']['Event']

/** Rows shown at once: the door looks for one person, typing narrows the list. */
const RESULTS = 20
const MIN_QUERY = 2
const SEARCH_DELAY_MS = 250

@customElement('console-check-in-page')
export class ConsoleCheckInPage extends LitElement {
  protected readonly i18n = new I18nController(this)

  @property() eventId = ''

  @state() private event: EventRecord | undefined
  @state() private count: CheckInCount | undefined
  @state() private query = ''
  @state() private results: Registration[] = []
  @state() private total = 0
  @state() private searching = false
  @state() private failure = ''
  /** Ids being changed, so a double tap sends one request. */
  @state() private pending = new Set<string>()

  @query('wa-input') private searchInput!: WaInput

  private timer: ReturnType<typeof setTimeout> | undefined
  private request = 0

  static override styles = [
    pageStyles,
    css`
      :host {
        max-width: 48rem;
      }
      .counter {
        font-size: var(--wa-font-size-xl);
        font-weight: var(--wa-font-weight-semibold);
        margin: 0 0 var(--wa-space-m);
      }
      wa-input {
        margin-block-end: var(--wa-space-m);
      }
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
        display: flex;
        flex-direction: column;
        gap: var(--wa-space-s);
      }
      li {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: space-between;
        gap: var(--wa-space-s);
        padding: var(--wa-space-m);
        border: var(--wa-border-width-s) solid var(--wa-color-surface-border);
        border-radius: var(--wa-border-radius-l);
        background: var(--wa-color-surface-raised);
      }
      li.in {
        border-color: var(--wa-color-success-border-loud);
      }
      .who {
        min-width: 0;
        flex: 1 1 12rem;
      }
      .name {
        font-size: var(--wa-font-size-l);
        font-weight: var(--wa-font-weight-semibold);
        overflow-wrap: anywhere;
      }
      .meta {
        color: var(--wa-color-text-quiet);
        overflow-wrap: anywhere;
      }
      li wa-button {
        flex: 0 0 auto;
      }
      li wa-button::part(base) {
        min-height: 3rem;
        min-width: 8rem;
      }
    `,
  ]

  override connectedCallback(): void {
    super.connectedCallback()
    void apiGet<EventRecord>(`/events/${encodeURIComponent(this.eventId)}`)
      .then((event) => {
        this.event = event
      })
      .catch(() => undefined)
    void this.loadCount()
  }

  protected override firstUpdated(): void {
    // The door starts typing at once (autofocus alone is not applied to elements added later).
    void this.searchInput?.updateComplete.then(() => this.searchInput.focus())
  }

  /** Checked-in and expected totals, from the API's counts (one-row pages). */
  private async loadCount(): Promise<void> {
    const total = async (status: string) => (await apiList('/registrations', { event_id: this.eventId, status, limit: 1 })).meta.total
    try {
      const [registered, checkedIn] = await Promise.all([total('registered'), total('checked_in')])
      this.count = { checkedIn, expected: registered + checkedIn }
    } catch {
      // The counter is a help; the door still works without it.
    }
  }

  private onInput(event: Event): void {
    this.query = String((event.target as HTMLInputElement).value ?? '')
    clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.search(), SEARCH_DELAY_MS)
  }

  private async search(): Promise<void> {
    const text = this.query.trim()
    const request = ++this.request
    this.failure = ''
    if (text.length < MIN_QUERY) {
      this.results = []
      this.total = 0
      this.searching = false
      return
    }
    this.searching = true
    try {
      const { items, meta } = await apiList<Registration>('/registrations', {
        event_id: this.eventId,
        search: text,
        limit: RESULTS,
        sort: 'name',
      })
      if (request !== this.request) return
      this.results = items
      this.total = meta.total
    } catch (error) {
      if (request === this.request) this.failure = t(messages).door.failed(problemText(error))
    } finally {
      if (request === this.request) this.searching = false
    }
  }

  private async setStatus(registration: Registration, status: 'checked_in' | 'registered'): Promise<void> {
    if (this.pending.has(registration.id)) return
    const m = t(messages).door
    this.pending = new Set(this.pending).add(registration.id)
    try {
      const updated = await apiSend<Registration>('PATCH', `/registrations/${encodeURIComponent(registration.id)}`, { status })
      this.results = this.results.map((r) => (r.id === updated.id ? updated : r))
      if (this.count) this.count = countAfter(this.count, registration.status, updated.status)
      notify(status === 'checked_in' ? m.checkedIn(registration.name) : m.undone(registration.name))
      if (status === 'checked_in') {
        // Ready for the next person: the search text selected, so typing replaces it.
        this.searchInput.focus()
        this.searchInput.select()
      }
    } catch (error) {
      notifyProblem(error)
    } finally {
      const next = new Set(this.pending)
      next.delete(registration.id)
      this.pending = next
    }
  }

  private renderRow(r: Registration, writable: boolean) {
    const m = t(messages)
    const door = m.door
    const ticket = r.ticket_id ? (this.event?.tickets.find((x) => x.id === r.ticket_id)?.name ?? r.ticket_id) : ''
    const busy = this.pending.has(r.id)
    let note: unknown = nothing
    let button: unknown = nothing
    if (r.status === 'checked_in') {
      note = door.already(formatDateTime(r.checked_in_at, this.event?.timezone))
      if (writable)
        button = html`<wa-button size="l" appearance="outlined" ?loading=${busy} @click=${() => void this.setStatus(r, 'registered')}
          >${door.undo}<span class="visually-hidden">${door.undoLabel(r.name)}</span></wa-button
        >`
    } else if (canCheckIn(r.status)) {
      if (r.status === 'pending') note = door.pending
      if (writable)
        button = html`<wa-button size="l" variant="success" ?loading=${busy} @click=${() => void this.setStatus(r, 'checked_in')}
          >${door.checkIn}<span class="visually-hidden">${door.checkInLabel(r.name)}</span></wa-button
        >`
    } else {
      note = door.notComing
    }
    return html`<li class=${r.status === 'checked_in' ? 'in' : ''}>
      <div class="who">
        <div class="name">${r.name}</div>
        <div class="meta">${[r.email, ticket].filter(Boolean).join(' · ')}</div>
        <div><wa-badge variant=${STATUS_VARIANT[r.status]}>${m.statuses[r.status]}</wa-badge> ${note === nothing ? nothing : html`<span class="meta">${note}</span>`}</div>
      </div>
      ${button}
    </li>`
  }

  override render() {
    const m = t(messages)
    const door = m.door
    const writable = canWrite(currentSession()?.user.role)
    const text = this.query.trim()
    return html`<console-page-header heading=${door.title} subheading=${this.event?.name ?? ''}>
        <a slot="before" href="/console/events/${this.eventId}/registrations">← ${door.back}</a>
      </console-page-header>
      <p class="counter" role="status" aria-live="polite">
        ${this.count ? door.counter(formatNumber(this.count.checkedIn), formatNumber(this.count.expected)) : nothing}
      </p>
      <wa-input
        type="search"
        size="l"
        label=${door.search}
        placeholder=${door.searchHint}
        autofocus
        autocomplete="off"
        spellcheck="false"
        with-clear
        .value=${this.query}
        @input=${this.onInput}
      ></wa-input>
      ${this.failure ? html`<wa-callout variant="danger" role="alert">${this.failure}</wa-callout>` : nothing}
      ${
        text.length < MIN_QUERY
          ? html`<p class="muted">${door.prompt}</p>`
          : this.searching && this.results.length === 0
            ? html`<wa-spinner></wa-spinner>`
            : this.results.length === 0
              ? html`<p class="muted" role="status">${door.none}</p>`
              : html`<ul>
                  ${this.results.map((r) => this.renderRow(r, writable))}
                </ul>
                ${
                  this.total > this.results.length
                    ? html`<p class="muted" role="status">${door.more(this.results.length, formatNumber(this.total))}</p>`
                    : nothing
                }`
      }`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-check-in-page': ConsoleCheckInPage
  }
}
