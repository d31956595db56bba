import { Task } from '@lit/task'
import { html, nothing, type PropertyValues } from 'lit'
import { property, query, state } from 'lit/decorators.js'
import type { EventInfo, Session } from '../../api/types.js'
import { renderSessionBody } from '../../base/session-templates.js'
import { ServiceElement } from '../../base/service-element.js'
import { closeIcon, searchIcon } from '../../base/icons.js'
import { renderEmpty, renderError, renderSkeleton } from '../../base/templates.js'
import { ClockController } from '../../controllers/clock-controller.js'
import { FavouritesController } from '../../controllers/favourites-controller.js'
import { readPref, writePref } from '../../controllers/storage.js'
import { dayKey, formatDayTab, formatLongDay, minutesOfDay, viewerTimeZone } from '../../format/datetime.js'
import { dialogStyles, avatarStyles, stateStyles } from '../../styles/theme.styles.js'
import { sessionStyles } from '../../styles/session.styles.js'
import { buildModel, filterItems, type ScheduleModel } from './schedule-model.js'
import { scheduleStyles } from './schedule.styles.js'
import { renderDay, renderAgenda, type DayContext } from './schedule-views.js'
import { downloadSessions } from '../../base/session-templates.js'

type View = 'grid' | 'list'

/**
 * A day of a hundred sessions is drawn in steps: enough cards for the first screen at once, then
 * more in later tasks, so that no single script run blocks the page for long on a slow phone
 * (docs: widgets/README.md, "Performance").
 */
const FIRST_CARDS = 16
const MORE_CARDS = 24

/**
 * The full schedule of an event: day tabs, track and room filters, search, a grid by room (a
 * list on narrow screens), the viewer's own time zone on request, a "now" line, favourites with
 * a "my agenda" view, a session dialog and calendar downloads.
 *
 * @summary Full event schedule with day tabs, filters, favourites and calendar export.
 *
 * @csspart tabs - The day tab list.
 * @csspart tab - One day tab.
 * @csspart toolbar - The row of filters and view switches.
 * @csspart grid - The grid (or list) of sessions of one day.
 * @csspart session - One session card.
 * @csspart now - The "now" line.
 * @csspart dialog - The session dialog.
 * @csspart button - Every button.
 * @csspart error - The error state.
 * @csspart empty - The empty state.
 * @csspart skeleton - The loading skeleton.
 */
export class ServiceSchedule extends ServiceElement {
  static override styles = [...ServiceElement.styles, stateStyles, avatarStyles, dialogStyles, sessionStyles, scheduleStyles]

  private readonly clock = new ClockController(this)
  private readonly favourites = new FavouritesController(this, () => this.eventId)

  private readonly data = new Task(this, {
    task: async (_args, { signal }) => {
      const api = this.api
      const [event, sessions] = await Promise.all([api.event(signal), api.sessions(signal)])
      return { event, sessions }
    },
    args: () => this.source,
  })

  @state() private day?: string
  @state() private track = ''
  @state() private room = ''
  @state() private query = ''
  @state() private agenda = false
  @state() private useLocalTime = false
  @state() private selected?: Session

  /** Initial layout: `grid` (rooms side by side; a list on narrow screens anyway) or `list`. */
  @property({ reflect: true }) view: View = 'grid'

  /** What the grid's columns are: `room` (default) or `track`. */
  @property({ attribute: 'group-by' }) groupBy: 'room' | 'track' = 'room'

  @query('dialog') private dialog?: HTMLDialogElement

  private model?: { key: unknown[]; value: ScheduleModel }

  /** Cards drawn of the shown day (`view` names it); grows after each update until all are. */
  private cards = { view: '', limit: FIRST_CARDS, more: false }
  private growing?: ReturnType<typeof setTimeout>

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('eventId')) this.useLocalTime = readPref(`local-time:${this.eventId}`, false)
  }

  protected override updated(): void {
    if (!this.cards.more || this.growing) return
    // A macrotask, not a microtask: the browser may paint and handle input between the steps.
    this.growing = setTimeout(() => {
      this.growing = undefined
      this.cards.limit += MORE_CARDS
      this.requestUpdate()
    })
  }

  override connectedCallback(): void {
    super.connectedCallback()
    // Moved in the page while steps were due: carry on drawing.
    if (this.cards.more) this.requestUpdate()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    clearTimeout(this.growing)
    this.growing = undefined
  }

  /** Cards to draw of a day view with `total` of them; a different day or view starts over. */
  private cardLimit(view: string, total: number): number {
    if (this.cards.view !== view) this.cards = { view, limit: FIRST_CARDS, more: false }
    this.cards.more = this.cards.limit < total
    return this.cards.limit
  }

  private timeZone(event: EventInfo): string {
    return this.useLocalTime ? viewerTimeZone() : event.timezone
  }

  /** Model memoised on the data and the zone: rebuilding it on each keystroke would be waste. */
  private getModel(sessions: Session[], timeZone: string): ScheduleModel {
    const key = [sessions, timeZone]
    if (!this.model || this.model.key.some((k, i) => k !== key[i])) {
      this.model = { key, value: buildModel(sessions, timeZone) }
    }
    return this.model.value
  }

  /** Whether the event is running now (the "now" line and "jump to now" only make sense then). */
  private isLive(event: EventInfo): boolean {
    const now = this.clock.now
    return now >= Date.parse(event.starts_at) && now <= Date.parse(event.ends_at)
  }

  private selectDay(day: string, focus = false): void {
    this.day = day
    if (focus) {
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('[role=tab][aria-selected=true]')?.focus())
    }
  }

  private onTabKey(e: KeyboardEvent, days: string[]): void {
    const i = days.indexOf(this.day ?? days[0]!)
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: days.length - 1 }[e.key]
    if (next === undefined) return
    e.preventDefault()
    this.selectDay(days[(next + days.length) % days.length]!, true)
  }

  private jumpToNow(event: EventInfo): void {
    this.agenda = false
    this.selectDay(dayKey(this.clock.now, this.timeZone(event)))
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector('[part~=now]')?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
    )
  }

  private setLocalTime(on: boolean): void {
    this.useLocalTime = on
    this.day = undefined
    writePref(`local-time:${this.eventId}`, on)
  }

  private open(session: Session): void {
    this.selected = session
    void this.updateComplete.then(() => this.dialog?.showModal())
  }

  private showView(view: View): void {
    this.agenda = false
    this.view = view
  }

  private clearFilters(): void {
    this.track = this.room = this.query = ''
  }

  private onDialogClick(e: MouseEvent): void {
    // A click on the backdrop lands on the <dialog> itself.
    if (e.target === this.dialog) this.dialog?.close()
  }

  protected override render() {
    return html`<div class="root">
      ${this.data.render({
        pending: () => renderSkeleton(this.t, 1, 4),
        error: (err) => renderError(err, this.t, () => void this.data.run()),
        complete: ({ event, sessions }) => this.renderSchedule(event, sessions),
      })}
    </div>`
  }

  private renderSchedule(event: EventInfo, sessions: Session[]) {
    const { t } = this
    if (!sessions.length) return renderEmpty(t.noSessions)
    const tz = this.timeZone(event)
    const model = this.getModel(sessions, tz)
    const live = this.isLive(event)
    const today = dayKey(this.clock.now, tz)
    const day = this.day && model.days.includes(this.day) ? this.day : model.days.includes(today) ? today : model.days[0]!
    const favourites = this.favourites.ids
    const filters = { track: this.track, room: this.room, query: this.query }
    const agendaItems = this.agenda ? filterItems(model.items, { ...filters, only: favourites }) : []
    const dayItems = this.agenda ? [] : filterItems(model.items, { ...filters, day })
    const ctx: DayContext = {
      t,
      lang: this.intlLocale,
      timeZone: tz,
      groupBy: this.groupBy,
      list: this.view === 'list',
      favourites,
      nowMinutes: live && day === today ? minutesOfDay(this.clock.now, tz) : undefined,
      now: this.clock.now,
      onOpen: (s) => this.open(s),
      onFavourite: (s) => this.favourites.toggle(s.id),
      cardLimit: this.cardLimit(this.agenda ? 'agenda' : `${day}|${tz}|${this.view}|${this.groupBy}`, dayItems.length),
    }
    const count = this.agenda ? agendaItems.length : dayItems.length
    const filtered = Boolean(this.track || this.room || this.query)
    const localZone = viewerTimeZone()

    return html`
      <div class="toolbar" part="toolbar" role="group" aria-label=${t.filters}>
        <label class="field field--search">
          <span class="field__label">${t.search}</span>
          <span class="field__control">${searchIcon()}<input type="search" .value=${this.query} placeholder=${t.searchPlaceholder}
            @input=${(e: Event) => (this.query = (e.target as HTMLInputElement).value)} /></span>
        </label>
        ${model.tracks.length > 1 ? this.renderSelect(t.track, t.allTracks, model.tracks, this.track, (v) => (this.track = v)) : nothing}
        ${model.rooms.length > 1 ? this.renderSelect(t.room, t.allRooms, model.rooms, this.room, (v) => (this.room = v)) : nothing}
        ${
          localZone !== event.timezone
            ? html`<label class="field field--zone">
              <span class="field__label">${t.timezone}</span>
              <select class="field__control" @change=${(e: Event) => this.setLocalTime((e.target as HTMLSelectElement).value === 'local')}>
                <option value="event" ?selected=${!this.useLocalTime}>${t.eventTime(event.timezone)}</option>
                <option value="local" ?selected=${this.useLocalTime}>${t.localTime(localZone)}</option>
              </select>
            </label>`
            : nothing
        }
        <div class="toolbar__end">
          ${live ? html`<button class="btn btn--now" part="button" @click=${() => this.jumpToNow(event)}>${t.jumpToNow}</button>` : nothing}
          <div class="segmented" role="group" aria-label=${t.view}>
            ${this.segment(t.grid, !this.agenda && this.view === 'grid', () => this.showView('grid'))}
            ${this.segment(t.list, !this.agenda && this.view === 'list', () => this.showView('list'))}
            ${this.segment(`★ ${t.myAgenda}`, this.agenda, () => (this.agenda = true))}
          </div>
        </div>
      </div>
      <p class="sr-only" role="status">${t.results(count)}</p>
      ${this.agenda ? this.renderAgendaView(event, agendaItems, ctx) : this.renderDays(model.days, day, dayItems, ctx, filtered)}
      ${this.renderDialog(event, tz)}
    `
  }

  private renderSelect(label: string, all: string, values: string[], value: string, set: (v: string) => void) {
    return html`<label class="field">
      <span class="field__label">${label}</span>
      <select class="field__control" @change=${(e: Event) => set((e.target as HTMLSelectElement).value)}>
        <option value="" ?selected=${!value}>${all}</option>
        ${values.map((v) => html`<option .value=${v} ?selected=${v === value}>${v}</option>`)}
      </select>
    </label>`
  }

  private segment(label: string, pressed: boolean, onClick: () => void) {
    return html`<button class="segmented__btn" part="button" aria-pressed=${pressed ? 'true' : 'false'} @click=${onClick}>${label}</button>`
  }

  private renderDays(days: string[], day: string, items: ReturnType<typeof filterItems>, ctx: DayContext, filtered: boolean) {
    const id = (d: string) => `tab-${d}`
    return html`
      <div class="tabs" role="tablist" aria-label=${this.t.days} part="tabs" ?hidden=${days.length < 2}>
        ${days.map((d) => {
          const label = formatDayTab(d, this.intlLocale)
          const selected = d === day
          return html`<button role="tab" id=${id(d)} class="tab" part="tab" aria-selected=${selected ? 'true' : 'false'}
            aria-controls="panel" tabindex=${selected ? 0 : -1} @click=${() => this.selectDay(d)} @keydown=${(e: KeyboardEvent) => this.onTabKey(e, days)}>
            <span class="tab__weekday">${label.weekday}</span><span class="tab__date">${label.date}</span>
          </button>`
        })}
      </div>
      <section id="panel" role="tabpanel" aria-labelledby=${id(day)} class="panel">
        <h2 class="day-title">${formatLongDay(day, this.intlLocale)}</h2>
        ${
          items.length
            ? renderDay(items, ctx)
            : renderEmpty(
                this.t.noMatches,
                filtered ? html`<button class="btn" part="button" @click=${this.clearFilters}>${this.t.clearFilters}</button>` : undefined,
              )
        }
      </section>
    `
  }

  private renderAgendaView(event: EventInfo, items: ReturnType<typeof filterItems>, ctx: DayContext) {
    const { t } = this
    if (!items.length) return renderEmpty(t.noFavourites)
    return html`<div class="agenda-actions">
        <button class="btn" part="button" @click=${() =>
          downloadSessions(
            items.map((i) => i.session),
            event.name,
            `${event.name} ${t.myAgenda}`,
          )}>
          ${t.downloadAgenda}
        </button>
      </div>
      ${renderAgenda(items, ctx)}`
  }

  private renderDialog(event: EventInfo, timeZone: string) {
    const s = this.selected
    return html`<dialog part="dialog" aria-labelledby="dialog-title" @click=${this.onDialogClick} @close=${() => (this.selected = undefined)}>
      ${
        s
          ? html`<div class="dialog__body">
            <div class="dialog__head">
              <h2 class="dialog__title" id="dialog-title">${s.title}</h2>
              <button class="btn dialog__close" part="button" aria-label=${this.t.close} @click=${() => this.dialog?.close()}>${closeIcon()}</button>
            </div>
            ${renderSessionBody(s, {
              t: this.t,
              lang: this.intlLocale,
              timeZone,
              favourite: this.favourites.has(s.id),
              onFavourite: () => this.favourites.toggle(s.id),
              onCalendar: () => downloadSessions([s], event.name, s.title),
            })}
          </div>`
          : nothing
      }
    </dialog>`
  }
}
