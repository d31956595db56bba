// /console/events/:eventId/speakers: the event's speakers, searched and filtered by the API and
// paged by it, with whether the widgets show each one.
import '@awesome.me/webawesome/dist/components/badge/badge.js'
import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/input/input.js'
import '@awesome.me/webawesome/dist/components/option/option.js'
import '@awesome.me/webawesome/dist/components/select/select.js'
import '@awesome.me/webawesome/dist/components/spinner/spinner.js'
import { SPEAKER_STATUSES, type SpeakerStatus } from '@event-service/db/tables/speakers.ts'
import { css, html, LitElement } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import type { components } from '../api/types.ts'
import { apiGet, apiList } from '../api/client.ts'
import { canWrite } from '../app/roles.ts'
import { currentSession } from '../app/session.ts'
import '../events/event-tabs.ts'
import { I18nController, t } from '../i18n/index.ts'
import { sourceBadge } from '../imports/source-badge.ts'
import { cardsTable } from '../ui/cards-table.ts'
import { emptyText } from '../ui/list-state.ts'
import '../ui/page-header.ts'
import { PagedList } from '../ui/paged-list.ts'
import { pageStyles } from '../ui/styles.ts'
import { messages } from './messages.ts'
import { isPublicStatus } from './speaker-form.ts'

export type Speaker = components['schemas']['Speaker']

const PAGE_SIZE = 25
const ALL = 'all'
/** Typing settles before the API is asked. */
const SEARCH_DELAY_MS = 300

@customElement('console-speakers-page')
export class ConsoleSpeakersPage extends LitElement {
  protected readonly i18n = new I18nController(this)

  @property() eventId = ''

  @state() private eventName = ''
  @state() private search = ''
  @state() private status: SpeakerStatus | typeof ALL = ALL

  private searchTimer: ReturnType<typeof setTimeout> | undefined
  private readonly list = new PagedList<Speaker>(this, {
    pageSize: PAGE_SIZE,
    read: (page, limit) =>
      apiList<Speaker>('/speakers', {
        event_id: this.eventId,
        page,
        limit,
        sort: 'name',
        search: this.search.trim() || undefined,
        status: this.status === ALL ? undefined : this.status,
      }),
    failed: (problem) => t(messages).loadFailed(problem),
  })

  static override styles = [
    pageStyles,
    css`
      .filters wa-select {
        flex: 0 1 14rem;
      }
      .tags {
        display: flex;
        flex-wrap: wrap;
        gap: var(--wa-space-3xs);
      }
    `,
  ]

  override connectedCallback(): void {
    super.connectedCallback()
    void apiGet<{ name: string }>(`/events/${encodeURIComponent(this.eventId)}`)
      .then((e) => {
        this.eventName = e.name
      })
      .catch(() => undefined)
    void this.list.load()
  }

  private onSearch(event: Event): void {
    this.search = String((event.target as HTMLInputElement).value ?? '')
    clearTimeout(this.searchTimer)
    this.searchTimer = setTimeout(() => void this.list.show(1), SEARCH_DELAY_MS)
  }

  private renderTable() {
    const m = t(messages)
    if (this.list.items.length === 0) return emptyText(this.search || this.status !== ALL ? m.noMatch : m.empty)
    const c = m.columns
    return html`<p class="muted" role="status">${m.count(this.list.total)}</p>
      ${cardsTable(
        [c.name, c.email, c.company, c.status, c.tags],
        this.list.items.map(
          (s) =>
            html`<tr>
                  <td data-label=${c.name}><a href="/console/events/${this.eventId}/speakers/${s.id}">${s.name}</a> ${sourceBadge(s.source)}</td>
                  <td data-label=${c.email}>${s.email}</td>
                  <td data-label=${c.company}>${s.company ?? ''}</td>
                  <td data-label=${c.status}>
                    <wa-badge variant=${isPublicStatus(s.status) ? 'success' : 'neutral'} title=${isPublicStatus(s.status) ? m.shown : m.hidden}
                      >${m.statuses[s.status]}</wa-badge
                    >
                  </td>
                  <td data-label=${c.tags}><span class="tags">${s.tags.map((tag) => html`<wa-badge appearance="outlined" variant="neutral">${tag}</wa-badge>`)}</span></td>
                </tr>`,
        ),
      )}`
  }

  override render() {
    const m = t(messages)
    const writable = canWrite(currentSession()?.user.role)
    return html`<console-page-header heading=${m.title} subheading=${this.eventName}>
        ${writable ? html`<wa-button variant="brand" href="/console/events/${this.eventId}/speakers/new">${m.newSpeaker}</wa-button>` : null}
      </console-page-header>
      <console-event-tabs event-id=${this.eventId} current="speakers"></console-event-tabs>
      <div class="filters" role="search">
        <wa-input type="search" label=${m.search} placeholder=${m.searchHint} with-clear .value=${this.search} @input=${this.onSearch}></wa-input>
        <wa-select
          label=${m.status}
          .value=${this.status}
          @change=${(e: Event) => {
            this.status = String((e.target as HTMLSelectElement).value) as SpeakerStatus | typeof ALL
            void this.list.show(1)
          }}
        >
          <wa-option value=${ALL}>${m.allStatuses}</wa-option>
          ${SPEAKER_STATUSES.map((s) => html`<wa-option value=${s}>${m.statuses[s]}</wa-option>`)}
        </wa-select>
      </div>
      ${this.list.render(m, () => this.renderTable())}`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-speakers-page': ConsoleSpeakersPage
  }
}
