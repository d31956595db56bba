/**
 * The schedule editor (`/console/events/:eventId/schedule`): day tabs, the rooms × time grid, the
 * sessions dated outside the event's days, and the side panel. It holds the event's sessions and
 * saves what the grid proposes: each move or resize is one PATCH, shown at once and undone when
 * the API refuses it.
 *
 * Conflicts are shown, not blocked: a schedule is built through intermediate states (swapping two
 * talks passes through an overlap), so a drop that clashes is saved and the clash stays marked on
 * both cards, in the panel and in the day's summary until it is resolved.
 */
import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/details/details.js'
import '@awesome.me/webawesome/dist/components/input/input.js'
import '@awesome.me/webawesome/dist/components/spinner/spinner.js'
import '../ui/page-header.ts'
import './schedule-grid.ts'
import './session-panel.ts'
import { css, html, LitElement, nothing, type PropertyValues } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import { canWrite } from '../app/roles.ts'
import { currentRole } from '../app/session.ts'
import { I18nController, locale, t } from '../i18n/index.ts'
import { problemText } from '../ui/notify.ts'
import { pageStyles } from '../ui/styles.ts'
import { conflictSentences } from './conflict-text.ts'
import { allConflicts, type Conflict, type Slot } from './conflicts.ts'
import { formatDayTab, formatLongDay } from './format.ts'
import { type DayGrid, dayGrid } from './grid.ts'
import { messages } from './messages.ts'
import { eventDays, knownTracks, roomColumns, sessionsByDay, slotOf, trackColours } from './model.ts'
import { placeBody } from './patch.ts'
import { loadSchedule, placeSession, type ScheduleEvent, type Session, type SpeakerOption, setEventRooms } from './schedule-api.ts'
import type { CreateDetail, PlaceDetail, ScheduleGrid } from './schedule-grid.ts'
import type { SessionPanel } from './session-panel.ts'
import { instantAt } from '../time/zoned-time.ts'

const DEFAULT_START_MINUTES = 9 * 60
const DEFAULT_LENGTH_MS = 30 * 60_000

@customElement('console-schedule-page')
export class SchedulePage extends LitElement {
  protected readonly i18n = new I18nController(this)

  /** From the route. */
  @property() eventId = ''

  @state() private event: ScheduleEvent | undefined
  @state() private sessions: Session[] = []
  @state() private speakers: SpeakerOption[] = []
  @state() private loadError = ''
  @state() private day = ''
  @state() private addingRoom = false
  @state() private roomError = ''
  @state() private selectedId: string | undefined
  @state() private draft: CreateDetail | undefined
  @state() private saving = new Set<string>()
  @state() private placeError = ''

  // Derived from the state above in willUpdate, once per change.
  private days: string[] = []
  private columns: (string | null)[] = []
  private byDay = new Map<string, Session[]>()
  private elsewhere: Session[] = []
  private slots: Slot[] = []
  private conflicts = new Map<string, Conflict[]>()
  private byId = new Map<string, Session>()
  private colours = new Map<string, number>()
  private tracks: string[] = []
  private grid: DayGrid | undefined

  override connectedCallback(): void {
    super.connectedCallback()
    void this.load()
  }

  private async load(): Promise<void> {
    this.loadError = ''
    try {
      const { event, sessions, speakers } = await loadSchedule(this.eventId)
      this.sessions = sessions
      this.speakers = speakers
      this.event = event
    } catch (error) {
      this.loadError = problemText(error)
    }
  }

  protected override willUpdate(changed: PropertyValues): void {
    const event = this.event
    if (!event) return
    if (changed.has('event') || changed.has('sessions') || changed.has('day')) {
      this.days = eventDays(event)
      if (!this.days.includes(this.day)) {
        const asked = new URLSearchParams(location.search).get('day') ?? ''
        this.day = this.days.includes(asked) ? asked : (this.days[0] ?? '')
      }
      const split = sessionsByDay(this.sessions, this.days, event.timezone)
      this.byDay = split.byDay
      this.elsewhere = split.elsewhere
      this.columns = roomColumns(event.rooms, this.sessions)
      this.tracks = knownTracks(event.tracks, this.sessions)
      this.slots = this.sessions.map(slotOf)
      this.conflicts = allConflicts(this.slots)
      this.byId = new Map(this.sessions.map((s) => [s.id, s]))
      this.colours = trackColours(this.tracks)
      const ofDay = this.byDay.get(this.day) ?? []
      this.grid = dayGrid(
        this.day,
        event.timezone,
        ofDay.map((s) => ({ startMs: Date.parse(s.starts_at), endMs: Date.parse(s.ends_at) })),
      )
    }
  }

  private get gridElement(): ScheduleGrid | null {
    return this.renderRoot.querySelector('console-schedule-grid')
  }

  private get readonly(): boolean {
    return !canWrite(currentRole())
  }

  private replace(session: Session): void {
    const exists = this.sessions.some((s) => s.id === session.id)
    this.sessions = exists ? this.sessions.map((s) => (s.id === session.id ? session : s)) : [...this.sessions, session]
  }

  // ——— grid events ———

  private async onPlace(event: CustomEvent<PlaceDetail>): Promise<void> {
    const { id, startMs, endMs, room, keyboard } = event.detail
    const before = this.byId.get(id)
    if (!before) return
    const body = placeBody(before, { startMs, endMs, room })
    if (!body) return
    const m = t(messages)
    // Shown at once; the API's answer replaces it, or the card goes back.
    this.replace({ ...before, ...body })
    // The card is drawn anew in its new column (once this page has passed the grid the moved
    // session): the keyboard's focus goes with it.
    if (keyboard) void this.updateComplete.then(() => this.gridElement?.focusCard(id))
    this.saving = new Set([...this.saving, id])
    try {
      const saved = await placeSession(id, body)
      this.replace(saved)
      this.placeError = ''
      // Said after the drop's own announcement, so it repeats the conflicts the session now has.
      await this.updateComplete
      const conflicts = conflictSentences(this.conflicts.get(id) ?? [], saved.room, saved, this.byId, m)
      this.gridElement?.announce([m.saved(saved.title), ...conflicts].join(' '))
    } catch (error) {
      this.replace(before)
      const text = m.saveFailed(before.title, problemText(error))
      // Beside the grid rather than in a toast: it stays until read, and covers no button.
      this.placeError = text
      this.gridElement?.announce(text)
      if (keyboard) void this.updateComplete.then(() => this.gridElement?.focusCard(id))
    } finally {
      this.saving = new Set([...this.saving].filter((s) => s !== id))
    }
  }

  private onSelect(event: CustomEvent<{ id: string }>): void {
    this.selectedId = event.detail.id
    this.draft = undefined
    void this.focusPanel()
  }

  private onCreate(event: CustomEvent<CreateDetail>): void {
    this.selectedId = undefined
    this.draft = event.detail
    void this.focusPanel()
  }

  /** Focuses the panel's first field once it is drawn (it may be opening with this update). */
  private async focusPanel(): Promise<void> {
    await this.updateComplete
    await this.renderRoot.querySelector<SessionPanel>('console-session-panel')?.focusFirst()
  }

  /** "New session": the first room at 09:00 (or the grid's start), 30 minutes. */
  private newSession(): void {
    const grid = this.grid
    const event = this.event
    if (!grid || !event) return
    const nine = instantAt(grid.day, DEFAULT_START_MINUTES, event.timezone)
    const startMs = nine >= grid.startMs && nine < grid.endMs ? nine : grid.startMs
    this.selectedId = undefined
    this.draft = { room: this.columns[0] ?? null, startMs, endMs: Math.min(startMs + DEFAULT_LENGTH_MS, grid.endMs) }
    void this.focusPanel()
  }

  // ——— panel events ———

  private onSaved(event: CustomEvent<{ session: Session; created: boolean }>): void {
    this.replace(event.detail.session)
    if (event.detail.created) {
      this.draft = undefined
      this.selectedId = event.detail.session.id
    }
  }

  private onDeleted(event: CustomEvent<{ id: string }>): void {
    this.sessions = this.sessions.filter((s) => s.id !== event.detail.id)
    this.selectedId = undefined
  }

  private onPanelClose(): void {
    const id = this.selectedId
    this.selectedId = undefined
    this.draft = undefined
    if (id) this.gridElement?.focusCard(id)
  }

  // ——— toolbar ———

  private chooseDay(day: string, focus = false): void {
    this.day = day
    const url = new URL(location.href)
    url.searchParams.set('day', day)
    // Not a navigation: the shell would draw the page anew; the address only remembers the day.
    history.replaceState(history.state, '', url.pathname + url.search + url.hash)
    if (focus) void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`[role="tab"][data-day="${day}"]`)?.focus())
  }

  private onTabKeydown(event: KeyboardEvent): void {
    const i = this.days.indexOf(this.day)
    const next =
      event.key === 'ArrowRight'
        ? i + 1
        : event.key === 'ArrowLeft'
          ? i - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? this.days.length - 1
              : -2
    if (next === -2) return
    event.preventDefault()
    const day = this.days[Math.min(Math.max(next, 0), this.days.length - 1)]
    if (day) this.chooseDay(day, true)
  }

  /** Adds a room to the event's list (PATCH of its rooms): a column here and in the widgets' filters. */
  private async addRoom(event: SubmitEvent): Promise<void> {
    event.preventDefault()
    const input = this.renderRoot.querySelector<HTMLInputElement>('[name="new-room"]')
    const name = input?.value.trim() ?? ''
    const current = this.event
    if (!name || !input || !current || this.addingRoom) return
    // The API refuses a name its list has in any case. The list becomes the columns as shown
    // (rooms only sessions named join it) and the new room, so the new column comes last.
    const rooms = this.columns.filter((c): c is string => c !== null)
    if (rooms.some((r) => r.toLowerCase() === name.toLowerCase())) {
      this.roomError = t(messages).addRoomExists
      return
    }
    this.roomError = ''
    this.addingRoom = true
    try {
      this.event = await setEventRooms(current.id, [...rooms, name])
      input.value = ''
    } catch (error) {
      this.roomError = problemText(error)
    } finally {
      this.addingRoom = false
    }
  }

  // ——— drawing ———

  static override styles = [
    pageStyles,
    css`
      .toolbar {
        display: flex;
        flex-wrap: wrap;
        align-items: end;
        gap: var(--wa-space-s);
        margin-block-end: var(--wa-space-s);
      }
      [role='tablist'] {
        display: flex;
        flex-wrap: wrap;
        gap: var(--wa-space-2xs);
        margin-inline-end: auto;
      }
      [role='tab'] {
        font: inherit;
        padding: var(--wa-space-2xs) var(--wa-space-s);
        border: var(--wa-border-width-s) solid var(--wa-color-neutral-border-normal);
        border-radius: var(--wa-border-radius-m);
        background: var(--wa-color-surface-raised);
        color: var(--wa-color-text-normal);
        cursor: pointer;
      }
      [role='tab'][aria-selected='true'] {
        background: var(--wa-color-brand-fill-loud);
        color: var(--wa-color-brand-on-loud);
        border-color: var(--wa-color-brand-border-loud);
      }
      [role='tab']:focus-visible {
        outline: var(--wa-focus-ring);
        outline-offset: 2px;
      }
      .extras {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
        gap: var(--wa-space-s);
        margin-block-end: var(--wa-space-s);
      }
      .extras p {
        margin: 0 0 var(--wa-space-xs);
      }
      .add-room {
        display: flex;
        flex-wrap: wrap;
        gap: var(--wa-space-xs);
        align-items: end;
      }
      .add-room wa-input {
        flex: 1 1 10rem;
      }
      .workspace {
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: var(--wa-space-m);
        align-items: start;
      }
      @media (min-width: 75rem) {
        .workspace.with-panel {
          grid-template-columns: minmax(0, 1fr) 24rem;
        }
        .workspace.with-panel console-session-panel {
          position: sticky;
          top: var(--wa-space-m);
        }
      }
      .summary summary {
        cursor: pointer;
        font-weight: var(--wa-font-weight-semibold);
      }
      .summary ul {
        margin: var(--wa-space-2xs) 0 0;
        padding-inline-start: 1.2rem;
      }
      .place-error::part(message) {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: space-between;
        gap: var(--wa-space-s);
      }
      .place-error {
        margin-block-end: var(--wa-space-s);
      }
      .loading {
        display: flex;
        gap: var(--wa-space-s);
        align-items: center;
      }
      .back {
        color: inherit;
      }
    `,
  ]

  override render() {
    const m = t(messages)
    const header = html`<console-page-header heading=${m.title} subheading=${this.event?.name ?? ''}>
      <a slot="before" class="back" href="/console/events/${encodeURIComponent(this.eventId)}">← ${m.back}</a>
      ${this.event && !this.readonly ? html`<wa-button variant="brand" @click=${this.newSession}>${m.newSession}</wa-button>` : nothing}
    </console-page-header>`
    if (this.loadError) {
      return html`${header}<wa-callout variant="danger"
          >${m.loadFailed(this.loadError)} <wa-button size="s" @click=${() => void this.load()}>${m.retry}</wa-button></wa-callout
        >`
    }
    const event = this.event
    if (!event || !this.grid) return html`${header}<p class="loading" role="status"><wa-spinner></wa-spinner>${m.loading}</p>`
    const ofDay = this.byDay.get(this.day) ?? []
    const selected = this.selectedId ? this.byId.get(this.selectedId) : undefined
    const panelOpen = !!selected || !!this.draft
    return html`${header}
      <p class="muted">${m.timeZoneNote(event.timezone)}</p>
      ${this.readonly ? html`<wa-callout variant="neutral" size="s">${m.readOnly}</wa-callout>` : nothing}
      <div class="toolbar">
        <div role="tablist" aria-label=${m.days}>
          ${this.days.map(
            (day) => html`<button
              role="tab"
              type="button"
              data-day=${day}
              id="tab-${day}"
              aria-selected=${day === this.day ? 'true' : 'false'}
              aria-controls="day-panel"
              tabindex=${day === this.day ? '0' : '-1'}
              @click=${() => this.chooseDay(day)}
              @keydown=${this.onTabKeydown}
            >
              ${formatDayTab(day, locale())}
            </button>`,
          )}
        </div>
      </div>
      <div class="extras">
        <wa-details summary=${m.keyboardHelpTitle}>${m.keyboardHelp.map((p) => html`<p>${p}</p>`)}</wa-details>
        ${
          this.readonly
            ? nothing
            : html`<wa-details summary=${m.addRoom}>
              <p class="muted">${m.addRoomHint}</p>
              <form class="add-room" @submit=${this.addRoom}>
                <wa-input name="new-room" label=${m.addRoomName} maxlength="200" size="s"></wa-input>
                <wa-button type="submit" size="s" ?loading=${this.addingRoom}>${m.addRoom}</wa-button>
              </form>
              ${this.roomError ? html`<p class="field-error" role="alert">${this.roomError}</p>` : nothing}
            </wa-details>`
        }
      </div>
      ${this.renderSummary(ofDay)}
      ${ofDay.length ? nothing : html`<p class="muted">${m.emptyDay}</p>`}
      ${
        this.placeError
          ? html`<wa-callout variant="danger" size="s" class="place-error">
            <span>${this.placeError}</span>
            <wa-button
              size="s"
              appearance="plain"
              @click=${() => {
                this.placeError = ''
              }}
              >${m.dismiss}</wa-button
            >
          </wa-callout>`
          : nothing
      }
      <div class=${panelOpen ? 'workspace with-panel' : 'workspace'}>
        <div id="day-panel" role="tabpanel" aria-labelledby="tab-${this.day}">
          <console-schedule-grid
            .grid=${this.grid}
            .columns=${this.columns}
            .sessions=${ofDay}
            .elsewhere=${this.elsewhere}
            .slots=${this.slots}
            .conflicts=${this.conflicts}
            .byId=${this.byId}
            .trackColours=${this.colours}
            .selectedId=${this.selectedId}
            .saving=${this.saving}
            ?readonly=${this.readonly}
            label=${m.gridLabel(formatLongDay(this.day, locale()))}
            @schedule-place=${this.onPlace}
            @schedule-select=${this.onSelect}
            @schedule-create=${this.onCreate}
          ></console-schedule-grid>
        </div>
        ${
          panelOpen
            ? html`<console-session-panel
              .eventId=${this.eventId}
              .timeZone=${event.timezone}
              .session=${selected}
              .draft=${selected ? undefined : this.draft}
              .columns=${this.columns}
              .tracks=${this.tracks}
              .speakers=${this.speakers}
              .conflicts=${selected ? conflictSentences(this.conflicts.get(selected.id) ?? [], selected.room, selected, this.byId, m) : []}
              ?readonly=${this.readonly}
              @session-saved=${this.onSaved}
              @session-deleted=${this.onDeleted}
              @panel-close=${this.onPanelClose}
            ></console-session-panel>`
            : nothing
        }
      </div>`
  }

  /** The day's conflicts in one place: how many sessions, and what each clashes with. */
  private renderSummary(ofDay: Session[]) {
    const m = t(messages)
    const clashing = ofDay.filter((s) => this.conflicts.has(s.id))
    if (!clashing.length) return nothing
    // The count is always in view; the list folds away, since on a phone it would push the grid
    // off the screen.
    return html`<wa-callout class="summary" variant="danger" size="s">
      <details>
        <summary>${m.conflictsOnDay(clashing.length)}</summary>
        <ul>
          ${clashing.map(
            (s) => html`<li>${s.title}: ${conflictSentences(this.conflicts.get(s.id) ?? [], s.room, s, this.byId, m).join('; ')}</li>`,
          )}
        </ul>
      </details>
    </wa-callout>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-schedule-page': SchedulePage
  }
}
