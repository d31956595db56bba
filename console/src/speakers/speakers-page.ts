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
import { cardsTable } from '../ui/cards-table.ts'
import { problemText } from '../ui/notify.ts'
import { emptyText, listState } from '../ui/list-state.ts'
import '../ui/page-header.ts'
import { pager } from '../ui/pager.ts'
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
  @state() private speakers: Speaker[] = []
  @state() private total = 0
  @state() private page = 1
  @state() private search = ''
  @state() private status: SpeakerStatus | typeof ALL = ALL
  @state() private loading = true
  @state() private failure = ''

  private searchTimer: ReturnType<typeof setTimeout> | undefined
  /** Which request is the latest: an older answer arriving late is dropped. */
  private request = 0

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
    void this.load()
  }

  private async load(): Promise<void> {
    const request = ++this.request
    this.loading = true
    this.failure = ''
    try {
      const { items, meta } = await apiList<Speaker>('/speakers', {
        event_id: this.eventId,
        page: this.page,
        limit: PAGE_SIZE,
        sort: 'name',
        search: this.search.trim() || undefined,
        status: this.status === ALL ? undefined : this.status,
      })
      if (request !== this.request) return
      this.speakers = items
      this.total = meta.total
    } catch (error) {
      if (request === this.request) this.failure = t(messages).loadFailed(problemText(error))
    } finally {
      if (request === this.request) this.loading = false
    }
  }

  private onSearch(event: Event): void {
    this.search = String((event.target as HTMLInputElement).value ?? '')
    clearTimeout(this.searchTimer)
    this.searchTimer = setTimeout(() => {
      this.page = 1
      void this.load()
    }, SEARCH_DELAY_MS)
  }

  private renderTable() {
    const m = t(messages)
    if (this.speakers.length === 0) return emptyText(this.search || this.status !== ALL ? m.noMatch : m.empty)
    const c = m.columns
    return html`<p class="muted" role="status">${m.count(this.total)}</p>
      ${cardsTable(
        [c.name, c.email, c.company, c.status, c.tags],
        this.speakers.map(
          (s) =>
            html`<tr>
                  <td data-label=${c.name}><a href="/console/events/${this.eventId}/speakers/${s.id}">${s.name}</a></td>
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
            this.page = 1
            void this.load()
          }}
        >
          <wa-option value=${ALL}>${m.allStatuses}</wa-option>
          ${SPEAKER_STATUSES.map((s) => html`<wa-option value=${s}>${m.statuses[s]}</wa-option>`)}
        </wa-select>
      </div>
      ${listState(
        { failure: this.failure, loading: this.loading && this.speakers.length === 0, retry: () => void this.load(), labels: m },
        () => this.renderTable(),
      )}
      ${pager({
        total: this.total,
        pageSize: PAGE_SIZE,
        page: this.page,
        onPage: (page) => {
          this.page = page
          void this.load()
        },
      })}`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-speakers-page': ConsoleSpeakersPage
  }
}
