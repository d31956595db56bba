// /console/events/:eventId/registrations: the event's registrations, searched, filtered and paged
// by the API (one page at a time, so 10,000 cost what 50 do), the filters kept in the address;
// a registration's answers and times in a dialog with the status changes PATCH allows; CSV export.
import '@awesome.me/webawesome/dist/components/badge/badge.js'
import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/dialog/dialog.js'
import '@awesome.me/webawesome/dist/components/input/input.js'
import '@awesome.me/webawesome/dist/components/option/option.js'
import '@awesome.me/webawesome/dist/components/select/select.js'
import '@awesome.me/webawesome/dist/components/spinner/spinner.js'
import { REGISTRATION_STATUSES, type RegistrationStatus } from '@event-service/db/tables/registrations.ts'
import { css, html, LitElement, nothing } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import type { components } from '../api/types.ts'
import { apiGet, apiList, apiSend } from '../api/client.ts'
import { canWrite } from '../app/roles.ts'
import { currentSession } from '../app/session.ts'
import '../events/event-tabs.ts'
import { formatDateTime, formatNumber, I18nController, t } from '../i18n/index.ts'
import { BusyAction } from '../ui/busy-action.ts'
import { cardsTable } from '../ui/cards-table.ts'
import { confirmAction } from '../ui/confirm.ts'
import { notify, notifyProblem, problemText } from '../ui/notify.ts'
import { emptyText } from '../ui/list-state.ts'
import '../ui/page-header.ts'
import { PagedList } from '../ui/paged-list.ts'
import { pageStyles } from '../ui/styles.ts'
import { answerLines } from './answers.ts'
import { downloadRegistrationsCsv } from './csv-download.ts'
import { filterQuery, filtersFromSearch, PAGE_SIZE, pageQuery, type RegistrationFilters, searchFromFilters } from './filters.ts'
import { messages } from './messages.ts'
import { STATUS_VARIANT, type StatusAction, statusActions } from './status-actions.ts'

export type Registration = components['schemas']['Registration']
type RegistrationEmail = components['schemas']['RegistrationEmail']
type EventRecord = components['schemas']['Event']

/** The select value of "all" (ticket ids are slugs, which never hold an underscore). */
const ALL = '__all'
const SEARCH_DELAY_MS = 300

@customElement('console-registrations-page')
export class ConsoleRegistrationsPage extends LitElement {
  protected readonly i18n = new I18nController(this)

  @property() eventId = ''

  @state() private event: EventRecord | undefined
  @state() private filters: RegistrationFilters = filtersFromSearch(location.search)
  @state() private exporting = false
  @state() private open: Registration | undefined
  /** The emails of the open registration, from the mail outbox; undefined while they load. */
  @state() private emails: RegistrationEmail[] | undefined
  @state() private emailsFailure = ''
  private readonly action = new BusyAction(this)

  private searchTimer: ReturnType<typeof setTimeout> | undefined
  // The page is one of the filters, kept in the address with them.
  private readonly list = new PagedList<Registration>(this, {
    pageSize: PAGE_SIZE,
    read: (page) => apiList<Registration>('/registrations', pageQuery(this.eventId, { ...this.filters, page })),
    failed: (problem) => t(messages).loadFailed(problem),
    onPage: (page) => this.setFilters({ page }),
  })

  static override styles = [
    pageStyles,
    css`
      .filters wa-select {
        flex: 0 1 12rem;
      }
      .name-button {
        all: unset;
        cursor: pointer;
        color: var(--wa-color-text-link);
        text-decoration: underline;
        overflow-wrap: anywhere;
      }
      .name-button:focus-visible {
        outline: var(--wa-focus-ring);
        outline-offset: var(--wa-focus-ring-offset);
      }
      dd {
        white-space: pre-wrap;
      }
      h3 {
        font-size: var(--wa-font-size-m);
        margin: var(--wa-space-m) 0 var(--wa-space-xs);
      }
      .actions {
        display: flex;
        flex-wrap: wrap;
        gap: var(--wa-space-s);
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
    void this.list.show(this.filters.page)
  }

  /** New filters: kept in the address (without a new history entry per keystroke) and read. */
  private setFilters(changes: Partial<RegistrationFilters>, { delay = 0 } = {}): void {
    this.filters = { ...this.filters, page: 1, ...changes }
    history.replaceState(history.state, '', `${location.pathname}${searchFromFilters(this.filters)}`)
    clearTimeout(this.searchTimer)
    if (delay) this.searchTimer = setTimeout(() => void this.list.show(this.filters.page), delay)
    else void this.list.show(this.filters.page)
  }

  private ticketName(id: string | null): string {
    if (!id) return t(messages).noTicket
    return this.event?.tickets.find((ticket) => ticket.id === id)?.name ?? id
  }

  private async exportCsv(): Promise<void> {
    this.exporting = true
    try {
      await downloadRegistrationsCsv(filterQuery(this.eventId, this.filters))
      notify(t(messages).exported)
    } catch (error) {
      notifyProblem(error)
    } finally {
      this.exporting = false
    }
  }

  private async act(registration: Registration, action: StatusAction): Promise<void> {
    const m = t(messages)
    if (
      action.confirm &&
      !(await confirmAction({ heading: m.cancelHeading(registration.name), message: m.cancelText, confirmLabel: m.actions.cancel }))
    )
      return
    await this.action.run(async () => {
      const updated = await apiSend<Registration>('PATCH', `/registrations/${encodeURIComponent(registration.id)}`, {
        status: action.status,
      })
      this.list.replace(updated, (a, b) => a.id === b.id)
      if (this.open?.id === updated.id) this.open = updated
      notify(m.done[action.action](registration.name))
    })
  }

  private async openDetail(registration: Registration): Promise<void> {
    this.open = registration
    this.emails = undefined
    this.emailsFailure = ''
    try {
      const emails = await apiGet<RegistrationEmail[]>(`/registrations/${encodeURIComponent(registration.id)}/emails`)
      if (this.open?.id === registration.id) this.emails = emails
    } catch (error) {
      if (this.open?.id === registration.id) this.emailsFailure = problemText(error)
    }
  }

  private renderEmails() {
    const d = t(messages).detail
    if (this.emailsFailure) return html`<p class="muted">${this.emailsFailure}</p>`
    if (!this.emails) return html`<wa-spinner aria-label=${t(messages).loading}></wa-spinner>`
    if (this.emails.length === 0) return html`<p class="muted">${d.noEmails}</p>`
    const zone = this.event?.timezone
    return html`<ul class="emails">
      ${this.emails.map(
        (e) =>
          html`<li>
            <strong>${e.subject}</strong><br />
            <span class="muted">${d.emailTo(e.to)} · ${formatDateTime(e.created_at, zone)} · ${d.emailStatus[e.status]}${
              e.last_error ? ` · ${e.last_error}` : ''
            }</span>
          </li>`,
      )}
    </ul>`
  }

  private renderDetail() {
    const m = t(messages)
    const d = m.detail
    const r = this.open
    const writable = canWrite(currentSession()?.user.role)
    const zone = this.event?.timezone
    const time = (label: string, iso: string | null) => (iso ? html`<dt>${label}</dt><dd>${formatDateTime(iso, zone)}</dd>` : nothing)
    const answers = r ? answerLines(this.event?.questions ?? [], r.answers, { yes: d.yes, no: d.no }) : []
    return html`<wa-dialog
      label=${r ? d.heading(r.name) : ''}
      ?open=${r !== undefined}
      style="--width: 40rem"
      @wa-after-hide=${(e: Event) => {
        if (e.target === e.currentTarget) this.open = undefined
      }}
    >
      ${
        r
          ? html`<dl>
              <dt>${d.email}</dt>
              <dd>${r.email}</dd>
              <dt>${d.ticket}</dt>
              <dd>${this.ticketName(r.ticket_id)}</dd>
              <dt>${d.status}</dt>
              <dd><wa-badge variant=${STATUS_VARIANT[r.status]}>${m.statuses[r.status]}</wa-badge></dd>
              ${time(d.created, r.created_at)} ${time(d.holdExpires, r.hold_expires_at)} ${time(d.confirmed, r.confirmed_at)}
              ${time(d.consent, r.consent_at)} ${time(d.checkedIn, r.checked_in_at)} ${time(d.cancelled, r.cancelled_at)}
            </dl>
            <h3>${d.answers}</h3>
            ${
              answers.length
                ? html`<dl>
                  ${answers.map(
                    (a) =>
                      html`<dt>${a.label}${a.removed ? html` <span class="muted">(${d.removedQuestion})</span>` : nothing}</dt>
                        <dd>${a.text}</dd>`,
                  )}
                </dl>`
                : html`<p class="muted">${d.noAnswers}</p>`
            }
            <h3>${d.emails}</h3>
            ${this.renderEmails()}
            ${
              writable
                ? html`<div class="actions">
                  ${statusActions(r.status).map(
                    (action) =>
                      html`<wa-button
                        variant=${action.confirm ? 'danger' : 'brand'}
                        appearance=${action.confirm ? 'outlined' : 'accent'}
                        ?disabled=${this.action.busy}
                        @click=${() => void this.act(r, action)}
                        >${m.actions[action.action]}</wa-button
                      >`,
                  )}
                </div>`
                : nothing
            }`
          : nothing
      }
      <wa-button slot="footer" appearance="plain" @click=${() => (this.open = undefined)}>${d.close}</wa-button>
    </wa-dialog>`
  }

  private renderTable() {
    const m = t(messages)
    const f = this.filters
    if (this.list.items.length === 0) return emptyText(f.search || f.ticket || f.status ? m.noMatch : m.empty)
    const c = m.columns
    return html`<p class="muted" role="status">${m.count(formatNumber(this.list.total))}</p>
      ${cardsTable(
        [c.name, c.email, c.ticket, c.status, c.created],
        this.list.items.map(
          (r) => html`<tr>
                <td data-label=${c.name}>
                  <button class="name-button" type="button" @click=${() => this.openDetail(r)}>
                    ${r.name}<span class="visually-hidden">, ${m.open}</span>
                  </button>
                </td>
                <td data-label=${c.email}>${r.email}</td>
                <td data-label=${c.ticket}>${this.ticketName(r.ticket_id)}</td>
                <td data-label=${c.status}><wa-badge variant=${STATUS_VARIANT[r.status]}>${m.statuses[r.status]}</wa-badge></td>
                <td data-label=${c.created}>${formatDateTime(r.created_at, this.event?.timezone)}</td>
              </tr>`,
        ),
      )}`
  }

  override render() {
    const m = t(messages)
    const f = this.filters
    return html`<console-page-header heading=${m.title} subheading=${this.event?.name ?? ''}>
        <wa-button href="/console/events/${this.eventId}/check-in">${m.checkIn}</wa-button>
        <wa-button ?loading=${this.exporting} @click=${() => void this.exportCsv()}>${m.exportCsv}</wa-button>
      </console-page-header>
      <console-event-tabs event-id=${this.eventId} current="registrations"></console-event-tabs>
      <div class="filters" role="search">
        <wa-input
          type="search"
          label=${m.search}
          placeholder=${m.searchHint}
          with-clear
          .value=${f.search}
          @input=${(e: Event) => this.setFilters({ search: String((e.target as HTMLInputElement).value ?? '') }, { delay: SEARCH_DELAY_MS })}
        ></wa-input>
        <wa-select label=${m.ticket} .value=${f.ticket || ALL} @change=${(e: Event) => this.setFilters({ ticket: pick(e) })}>
          <wa-option value=${ALL}>${m.allTickets}</wa-option>
          ${(this.event?.tickets ?? []).map((ticket) => html`<wa-option value=${ticket.id}>${ticket.name}</wa-option>`)}
        </wa-select>
        <wa-select label=${m.status} .value=${f.status || ALL} @change=${(e: Event) => this.setFilters({ status: pick(e) as RegistrationStatus | '' })}>
          <wa-option value=${ALL}>${m.allStatuses}</wa-option>
          ${REGISTRATION_STATUSES.map((s) => html`<wa-option value=${s}>${m.statuses[s]}</wa-option>`)}
        </wa-select>
      </div>
      ${this.list.render(m, () => this.renderTable())}
      ${this.renderDetail()}`
  }
}

/** A filter select's value, '' for "all". */
function pick(event: Event): string {
  const value = String((event.target as HTMLSelectElement).value ?? '')
  return value === ALL ? '' : value
}

declare global {
  interface HTMLElementTagNameMap {
    'console-registrations-page': ConsoleRegistrationsPage
  }
}
