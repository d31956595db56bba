import { Task, TaskStatus } from '@lit/task'
import { html, nothing, type PropertyValues } from 'lit'
import { property, query, state } from 'lit/decorators.js'
import type { EventInfo } from '../../api/types.js'
import { calendarsServed, calendarUrl } from '../../api/calendar-access.js'
import { DetailDialog, prefetchDetailViews } from '../../base/detail-dialog.js'
import { calendarIcon, filterIcon, searchIcon } from '../../base/icons.js'
import { memo } from '../../base/memo.js'
import { ServiceElement } from '../../base/service-element.js'
import { renderEmpty, renderError, renderSkeleton } from '../../base/templates.js'
import { ClockController } from '../../controllers/clock-controller.js'
import { FavouritesController } from '../../controllers/favourites-controller.js'
import { SessionChangesController } from '../../controllers/session-changes-controller.js'
import { describeSessionChanges } from '../../base/session-changes.js'
import { ScrollEdgesController } from './scroll-edges-controller.js'
import { scheduleManifest } from './schedule.manifest.js'
import { readPref, writePref } from '../../controllers/storage.js'
import { dayKey, formatDayName, formatDayTab, minutesOfDay, viewerTimeZone } from '../../format/datetime.js'
import { sessionStyles } from '../../styles/session.styles.js'
import { avatarStyles, dialogStyles, stateStyles } from '../../styles/theme.styles.js'
import { type PickedFilter, pickedCount, renderFilterFields, renderFilterSheet } from './schedule-filters.js'
import { type HashState, hashNamespace, readHash, writeHash } from './schedule-hash.js'
import { buildModel, countByDay, type Filters, filterItems, layoutDay, type ScheduleItem, type ScheduleModel } from './schedule-model.js'
import { scheduleStyles } from './schedule.styles.js'
import { printStyles } from './schedule-print.styles.js'
import { type DayContext, dayHead, prepareDay, renderAgenda, renderDay } from './schedule-views.js'

type View = 'grid' | 'list'

/**
 * A day of a hundred sessions is drawn in steps: enough cards for the first screen at once, then
 * `SECOND_STEP` more, then as many per task as the last step's pace says fit in `STEP_MS` of
 * script: a slow phone gets short tasks, a fast one few steps (each step is followed by a layout
 * of the whole grid, which costs about as much as the step). The first render is no measure of
 * the pace: it also builds the model and Lit's templates (docs: widgets/README.md, "Performance").
 */
const FIRST_CARDS = 16
const SECOND_STEP = 24
const STEP_MS = 30
const MIN_STEP = 8

/** What the schedule shows, derived from the data and the visitor's choices before each render. */
interface Shown {
  event: EventInfo
  model: ScheduleModel
  tz: string
  today: string
  day: string
  live: boolean
  filters: Filters
  filtered: boolean
  matches: ScheduleItem[]
  perDay: Map<string, number>
  dayItems: ScheduleItem[]
  agendaItems: ScheduleItem[]
  favourites: Set<string>
}

/**
 * The full schedule of an event: day tabs (with each day's matches while a filter is on), search
 * and filters by track, room, tag and language (a sheet on phones), a grid by room that scrolls
 * sideways with its times and rooms in view (a list on narrow screens), the viewer's own time
 * zone on request, a "now" line, favourites with a "my agenda" view, session and speaker dialogs,
 * calendar downloads and subscription, a link to the chosen day and open session in the page's
 * URL, and a print layout that lists every day.
 *
 * @summary Full event schedule with day tabs, filters, favourites and calendar export.
 *
 * @fires service-session-open - A session opened in the dialog (clicked, or from a link); `detail` is `{ sessionId }`.
 * @fires service-speaker-open - A speaker's profile opened in the dialog; `detail` is `{ speakerId }`.
 * @fires service-favourite-change - The visitor starred or unstarred a session; `detail` is `{ sessionId, favourite, favourites }` (the whole agenda after the change).
 *
 * @cssproperty --service-schedule-min-height - Height reserved for the schedule before it has drawn, so that the page does not move as it arrives (`0` for none).
 * @cssproperty --service-schedule-grid-height - Height of the box the grid of a day scrolls in, with its times and rooms in view (default: none, the grid grows with the day).
 * @csspart tabs - The day tab list.
 * @csspart tab - One day tab.
 * @csspart tab-count - A day tab's number of matches, while a search or filter is on.
 * @csspart toolbar - The search and filters.
 * @csspart viewbar - The time zone, "jump to now", calendar subscription and view switches.
 * @csspart feed - The calendar subscription panel.
 * @csspart grid - The grid (or list) of sessions of one day.
 * @csspart session - One session card.
 * @csspart now - The "now" line.
 * @csspart dialog - The session and speaker dialog.
 * @csspart filter-sheet - The filters' sheet on narrow screens.
 * @csspart button - Every button.
 * @csspart error - The error state: a short message for visitors, a retry when it may help, and the site owner's detail.
 * @csspart error-detail - The collapsed detail for the site owner (cause and fix) inside the error state.
 * @csspart retry - The error state's retry button.
 * @csspart empty - The empty state.
 * @csspart skeleton - The loading skeleton.
 */
export class ServiceSchedule extends ServiceElement {
  static override styles = [...ServiceElement.styles, stateStyles, avatarStyles, dialogStyles, sessionStyles, scheduleStyles, printStyles]

  private readonly clock = new ClockController(this)
  private readonly favourites = new FavouritesController(this, () => this.eventId)
  private readonly edges = new ScrollEdgesController(this)
  private readonly changes = new SessionChangesController(this)

  private readonly data = this.dataTask(scheduleManifest, (before, { event, sessions }) =>
    this.changes.note(before?.sessions, sessions, (c) => describeSessionChanges(c, this.t, this.intlLocale, this.timeZone(event))),
  )

  /**
   * The calendar feed's code, when the token serves the feed: asked (and loaded) once the
   * schedule is shown, off the first screen's path.
   */
  private readonly feed = new Task(this, {
    task: async ([, , , , shown]) => {
      if (!shown) return undefined
      const [feed, served] = await Promise.all([import('./schedule-feed.js'), calendarsServed(this.api)])
      return served ? feed : undefined
    },
    // Shown data, not a complete task: a live change's read keeps the feed's links where they are.
    args: () => [...this.source, this.data.value !== undefined] as const,
  })

  private readonly details = new DetailDialog(this, {
    api: () => this.api,
    eventId: () => this.eventId,
    session: (id) => this.data.value?.sessions.find((s) => s.id === id),
    revision: () => this.liveRevision,
    onChange: (view) =>
      this.keepInUrl({ session: view?.kind === 'session' ? view.id : undefined, speaker: view?.kind === 'speaker' ? view.id : undefined }),
  })

  @state() private day?: string
  @state() private track = ''
  @state() private room = ''
  @state() private tag = ''
  @state() private language = ''
  @state() private query = ''
  @state() private agenda = false
  @state() private useLocalTime = false
  @state() private sheetOpen = false
  @state() private feedOpen = false
  @state() private printing = false

  /** Initial layout: `grid` (rooms side by side; a list on narrow screens anyway) or `list`. */
  @property({ reflect: true }) view: View = 'grid'

  /** What the grid's columns are: `room` (default) or `track`. */
  @property({ attribute: 'group-by' }) groupBy: 'room' | 'track' = 'room'

  @query('dialog.sheet') private sheet?: HTMLDialogElement

  // Derived data, each computed again only when its inputs change (not on every render or step).
  private readonly modelOf = memo(buildModel)
  private readonly matchesOf = memo((items: ScheduleItem[], track: string, room: string, tag: string, language: string, query: string) =>
    filterItems(items, { track, room, tag, language, query }),
  )
  private readonly perDayOf = memo(countByDay)
  private readonly dayItemsOf = memo((matches: ScheduleItem[], day: string) => matches.filter((it) => it.day === day))
  private readonly layoutOf = memo(layoutDay)

  /** What this render shows: set in `willUpdate`, read by `render` and `updated`. */
  private shown?: Shown

  /**
   * Cards of the shown day (`view` names it) of `total`: `limit` to draw, which grows after each
   * update until all are, and `drawn`. `pace` is the last step's script time per card, in ms.
   */
  private cards = { view: '', limit: FIRST_CARDS, total: 0, drawn: 0, pace: 0 }
  private growing?: ReturnType<typeof setTimeout>

  /** This schedule's keys in the URL hash, and what they asked for that is not shown yet. */
  private hashKey = 'schedule'
  private restore?: HashState

  private readonly onHashChange = () => this.applyHash(readHash(this.hashKey))
  private readonly onBeforePrint = () => {
    this.printing = true
    // Printing lays out the page right after this event: draw every day now, not in a microtask.
    this.performUpdate()
  }
  private readonly onAfterPrint = () => {
    this.printing = false
  }

  override connectedCallback(): void {
    super.connectedCallback()
    this.hashKey = hashNamespace(this)
    // The address is the visitor's: read after the first render (`afterFirstRender`), and again
    // when the schedule comes back into the page.
    if (this.hasUpdated) this.applyHash(readHash(this.hashKey))
    addEventListener('hashchange', this.onHashChange)
    addEventListener('beforeprint', this.onBeforePrint)
    addEventListener('afterprint', this.onAfterPrint)
    // Moved in the page while steps were due: carry on drawing.
    if (this.cards.limit < this.cards.total) this.requestUpdate()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    removeEventListener('hashchange', this.onHashChange)
    removeEventListener('beforeprint', this.onBeforePrint)
    removeEventListener('afterprint', this.onAfterPrint)
    clearTimeout(this.growing)
    this.growing = undefined
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed)
    // The update after the first render: the visitor's choices come in.
    const visitorKnown = this.afterFirstRender && changed.has('afterFirstRender' as keyof ServiceSchedule)
    if (this.afterFirstRender && (visitorKnown || changed.has('eventId'))) this.useLocalTime = readPref(`local-time:${this.eventId}`, false)
    if (visitorKnown) this.applyHash(readHash(this.hashKey))
    const shown = this.derive()
    this.shown = shown
    if (!shown) return
    // A different day or view starts over with the first screen's cards.
    const view = this.agenda ? 'agenda' : `${shown.day}|${shown.tz}|${this.view}|${this.groupBy}`
    if (this.cards.view !== view) this.cards = { view, limit: FIRST_CARDS, total: 0, drawn: 0, pace: this.cards.pace }
    this.cards.total = shown.dayItems.length
    // The first render draws the whole day (the server draws it so, and hydration adopts it).
    if (!this.afterFirstRender) this.cards.limit = Math.max(this.cards.limit, this.cards.total)
  }

  /**
   * The model, the day's placement and its cards' texts, computed (and memoised) in a task before
   * the one that hydrates the server's day: on a hundred sessions each is a long task of its own.
   */
  protected override prepareFirstRender(): boolean {
    const shown = this.derive()
    if (!shown) return false
    prepareDay(shown.dayItems, {
      t: this.t,
      lang: this.intlLocale,
      timeZone: shown.tz,
      layout: (items) => this.layoutOf(items, this.groupBy),
    })
    return true
  }

  /** Times each step's render, so that the next step draws as many cards as fit in `STEP_MS`. */
  protected override update(changed: PropertyValues<this>): void {
    const started = performance.now()
    const before = this.cards.drawn
    super.update(changed)
    const cards = this.cards
    cards.drawn = this.shown ? Math.min(cards.limit, cards.total) : 0
    if (before > 0 && cards.drawn > before) cards.pace = (performance.now() - started) / (cards.drawn - before)
  }

  protected override updated(changed: PropertyValues<this>): void {
    // The schedule is there: the dialog's code may come now, off the first screen's path.
    if (this.data.value) prefetchDetailViews()
    this.openRestored()
    // After the frame's layout, not forcing one inside the render.
    if (changed.has('day' as keyof ServiceSchedule)) requestAnimationFrame(() => this.revealTab())
    if (this.printing || this.cards.limit >= this.cards.total || this.growing) return
    // A macrotask, not a microtask: the browser may paint and handle input between the steps.
    this.growing = setTimeout(() => {
      this.growing = undefined
      const { pace } = this.cards
      this.cards.limit += pace > 0 ? Math.max(MIN_STEP, Math.floor(STEP_MS / pace)) : SECOND_STEP
      this.requestUpdate()
    })
  }

  /** Scrolls the day tabs (not the page) so that the chosen day's tab is in view. */
  private revealTab(): void {
    const tab = this.renderRoot.querySelector<HTMLElement>('[role=tab][aria-selected=true]')
    const list = tab?.parentElement
    if (!tab || !list || list.scrollWidth <= list.clientWidth) return
    const left = tab.offsetLeft - list.offsetLeft
    if (left < list.scrollLeft || left + tab.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollTo({ left: left - (list.clientWidth - tab.offsetWidth) / 2 })
    }
  }

  /** A day or session asked for by the URL (on load, or a link followed within the page). */
  private applyHash(want: HashState): void {
    if (want.day) this.day = want.day
    this.restore = want
    this.openRestored()
  }

  /** Opens the session or speaker the URL names, once the data is there. */
  private openRestored(): void {
    const want = this.restore
    const data = this.data.value
    if (!want || !data || !this.isConnected) return
    this.restore = undefined
    const current = this.details.current
    if (want.session && !(current?.kind === 'session' && current.id === want.session)) {
      const session = data.sessions.find((s) => s.id === want.session)
      if (!session) return
      this.agenda = false
      if (!want.day) this.day = dayKey(session.starts_at, this.timeZone(data.event))
      this.details.openSession(session.id)
    } else if (want.speaker && !(current?.kind === 'speaker' && current.id === want.speaker)) {
      this.details.openSpeaker(want.speaker)
    } else if (!want.session && !want.speaker && current) {
      this.details.close()
    }
  }

  /** Writes the schedule's part of the URL: the day a visitor chose and what they opened. */
  private keepInUrl(change: HashState): void {
    const view = this.details.current
    writeHash(this.hashKey, {
      day: this.day,
      session: view?.kind === 'session' ? view.id : undefined,
      speaker: view?.kind === 'speaker' ? view.id : undefined,
      ...change,
    })
  }

  private timeZone(event: EventInfo): string {
    return this.useLocalTime ? viewerTimeZone() : event.timezone
  }

  /** What to show of the loaded data; derived data comes from the memos above. */
  private derive(): Shown | undefined {
    const data = this.data.value
    // While a live change is read again the data shown stays, and with it the open dialog, the
    // focus and the scroll (a pending task with a value is not a new schedule).
    if (this.data.status === TaskStatus.ERROR || !data?.sessions.length) return undefined
    const { event, sessions } = data
    const tz = this.timeZone(event)
    const model = this.modelOf(sessions, tz)
    // The first render knows no clock: the first day, no now line, nothing past or live.
    const today = this.afterFirstRender ? dayKey(this.clock.now, tz) : ''
    const day = this.day && model.days.includes(this.day) ? this.day : model.days.includes(today) ? today : model.days[0]!
    const favourites = this.afterFirstRender ? this.favourites.ids : new Set<string>()
    const filters = this.filters
    const filtered = Boolean(pickedCount(filters) || filters.query.trim())
    // Every day's matches: the tabs count them, and an empty day points to the others.
    const matches = filtered ? this.matchesOf(model.items, this.track, this.room, this.tag, this.language, this.query) : model.items
    return {
      event,
      model,
      tz,
      today,
      day,
      live: this.isLive(event),
      filters,
      filtered,
      matches,
      perDay: this.perDayOf(matches),
      dayItems: this.agenda || this.printing ? [] : this.dayItemsOf(matches, day),
      agendaItems: this.agenda ? matches.filter((it) => favourites.has(it.session.id)) : [],
      favourites,
    }
  }

  /** Whether the event is running now (the "now" line and "jump to now" only make sense then). */
  private isLive(event: EventInfo): boolean {
    if (!this.afterFirstRender) return false
    const now = this.clock.now
    return now >= Date.parse(event.starts_at) && now <= Date.parse(event.ends_at)
  }

  private get filters(): Filters {
    return { track: this.track, room: this.room, tag: this.tag, language: this.language, query: this.query }
  }

  private selectDay(day: string, focus = false): void {
    this.day = day
    this.agenda = false
    this.keepInUrl({ day })
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

  private showView(view: View): void {
    this.agenda = false
    this.view = view
  }

  private setFilter(name: PickedFilter, value: string): void {
    this[name] = value
  }

  private clearFilters(): void {
    this.track = this.room = this.tag = this.language = this.query = ''
  }

  private openSheet(): void {
    this.sheetOpen = true
    void this.updateComplete.then(() => this.sheet?.showModal())
  }

  private closeSheet(): void {
    this.sheet?.close()
  }

  /** The sheet closed (its buttons, Escape): its fields go. A late event of an earlier close is ignored. */
  private onSheetClosed(): void {
    if (!this.sheet?.open) this.sheetOpen = false
  }

  protected override render() {
    return html`<div class="root">
      ${this.renderData(this.data, {
        pending: () => renderSkeleton(this.t, 1, 4),
        error: (err) => renderError(err, this.t, () => void this.data.run(), { fallback: true }),
        complete: ({ sessions }) =>
          this.shown ? this.renderSchedule(this.shown) : sessions.length ? nothing : renderEmpty(this.t.noSessions),
      })}
    </div>`
  }

  private renderSchedule(shown: Shown) {
    const { t } = this
    const { event, model, tz, today, day, live, filters, filtered, matches, perDay, dayItems, agendaItems, favourites } = shown
    const ctx: DayContext = {
      t,
      lang: this.intlLocale,
      timeZone: tz,
      groupBy: this.groupBy,
      list: this.view === 'list',
      favourites,
      nowMinutes: live && day === today ? minutesOfDay(this.clock.now, tz) : undefined,
      now: this.afterFirstRender ? this.clock.now : Number.NEGATIVE_INFINITY,
      onOpen: (s) => this.details.openSession(s.id),
      onFavourite: (s) => this.favourites.toggle(s.id),
      changed: (id) => this.changes.has(id),
      cardLimit: this.printing ? dayItems.length : this.cards.limit,
      layout: (items) => this.layoutOf(items, this.groupBy),
    }
    const count = this.agenda ? agendaItems.length : dayItems.length
    const elsewhere = this.agenda ? 0 : matches.length - dayItems.length
    const filterCtx = { t, lang: this.intlLocale, model, filters, set: (n: PickedFilter, v: string) => this.setFilter(n, v) }
    const picked = pickedCount(filters)
    const feedCode = this.api.token ? this.feed.value : undefined
    const feed = feedCode?.feedUrls(this.api)

    return html`
      <div class="toolbar" part="toolbar" role="group" aria-label=${t.filters}>
        <label class="field field--search">
          <span class="field__label">${t.search}</span>
          <span class="field__control">${searchIcon()}<input type="search" .value=${this.query} placeholder=${t.searchPlaceholder}
            @input=${(e: Event) => (this.query = (e.target as HTMLInputElement).value)} /></span>
        </label>
        <div class="filters">${renderFilterFields(filterCtx)}</div>
        <button class="btn filters-open" part="button" aria-haspopup="dialog" @click=${this.openSheet}>
          ${filterIcon()} ${t.filtersButton(picked)}
        </button>
      </div>
      ${this.renderViewBar(event, live, feed)}
      ${feed && this.feedOpen ? feedCode!.renderFeedPanel(feed, t) : nothing}
      <p class="sr-only" role="status">${elsewhere ? t.resultsElsewhere(count, elsewhere) : t.results(count)}</p>
      <p class="sr-only" role="status" data-live-announcement>${this.changes.announcement}</p>
      ${
        this.printing && !this.agenda
          ? html`<div class="print-days">${renderAgenda(matches, ctx)}</div>`
          : this.agenda
            ? this.renderAgendaView(agendaItems, ctx, favourites.size > 0 && filtered)
            : this.renderDays(model.days, day, dayItems, ctx, filtered ? perDay : undefined)
      }
      ${renderFilterSheet({ ...filterCtx, open: this.sheetOpen, count, onClear: () => this.clearPicked(), onClose: () => this.closeSheet(), onClosed: () => this.onSheetClosed() })}
      ${this.details.render({ t, lang: this.intlLocale, timeZone: tz, event })}
    `
  }

  private clearPicked(): void {
    this.track = this.room = this.tag = this.language = ''
  }

  private renderViewBar(event: EventInfo, live: boolean, feed: { https: string; webcal: string } | undefined) {
    const { t } = this
    // The choice of zone appears once the visitor's is known (after the first render).
    const localZone = this.afterFirstRender ? viewerTimeZone() : event.timezone
    return html`<div class="viewbar" part="viewbar">
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
      <div class="viewbar__end">
        ${live ? html`<button class="btn btn--now" part="button" @click=${() => this.jumpToNow(event)}>${t.jumpToNow}</button>` : nothing}
        ${
          feed
            ? html`<button class="btn" part="button" aria-expanded=${this.feedOpen ? 'true' : 'false'} aria-controls="feed-panel"
              @click=${() => (this.feedOpen = !this.feedOpen)}>${calendarIcon()} ${t.subscribe}</button>`
            : nothing
        }
        <div class="segmented" role="group" aria-label=${t.view}>
          ${this.segment(t.grid, !this.agenda && this.view === 'grid', () => this.showView('grid'))}
          ${this.segment(t.list, !this.agenda && this.view === 'list', () => this.showView('list'))}
          ${this.segment(`★ ${t.myAgenda}`, this.agenda, () => (this.agenda = true))}
        </div>
      </div>
    </div>`
  }

  private segment(label: string, pressed: boolean, onClick: () => void) {
    return html`<button class="segmented__btn" part="button" aria-pressed=${pressed ? 'true' : 'false'} @click=${onClick}>${label}</button>`
  }

  private renderDays(days: string[], day: string, items: ScheduleItem[], ctx: DayContext, perDay: Map<string, number> | undefined) {
    const { t } = this
    const id = (d: string) => `tab-${d}`
    return html`
      <div class="tabs-wrap" data-scroll-edges ?hidden=${days.length < 2}><div class="tabs" role="tablist" aria-label=${t.days} part="tabs" data-scroll-area>
        ${days.map((d) => {
          const label = formatDayTab(d, this.intlLocale)
          const selected = d === day
          const n = perDay?.get(d) ?? 0
          return html`<button role="tab" id=${id(d)} class="tab ${perDay && !n ? 'tab--none' : ''}" part="tab"
            aria-selected=${selected ? 'true' : 'false'} aria-controls="panel" tabindex=${selected ? 0 : -1}
            @click=${() => this.selectDay(d)} @keydown=${(e: KeyboardEvent) => this.onTabKey(e, days)}>
            <span class="tab__weekday">${label.weekday}</span> <span class="tab__date">${label.date}</span>
            ${perDay ? html`<span class="tab__count" part="tab-count"><span aria-hidden="true">${n}</span><span class="sr-only">, ${t.matchesOnDay(n)}</span></span>` : nothing}
          </button>`
        })}
      </div></div>
      <section id="panel" role="tabpanel" aria-labelledby=${id(day)} class="panel">
        ${dayHead(day, ctx)}
        ${items.length ? renderDay(items, ctx) : this.renderNoMatches(days, day, perDay)}
      </section>
    `
  }

  /** A day without matches says so, and where the matches are: "Also on Wednesday (2)". */
  private renderNoMatches(days: string[], day: string, perDay: Map<string, number> | undefined) {
    const { t } = this
    const long = days.length > 7
    const name = (d: string) => formatDayName(d, this.intlLocale, long)
    const others = days.filter((d) => d !== day && (perDay?.get(d) ?? 0) > 0)
    const actions = html`<div class="state__actions">
      ${others.map(
        (d) => html`<button class="btn" part="button" @click=${() => this.selectDay(d)}>${t.alsoOn(name(d), perDay!.get(d)!)}</button>`,
      )}
      <button class="btn" part="button" @click=${this.clearFilters}>${t.clearFilters}</button>
    </div>`
    return renderEmpty(others.length ? t.noMatchesOnDay(name(day)) : t.noMatchesAnyDay, actions)
  }

  private renderAgendaView(items: ScheduleItem[], ctx: DayContext, hiddenByFilters: boolean) {
    const { t } = this
    if (!items.length) {
      return hiddenByFilters
        ? renderEmpty(t.noFavouritesMatch, html`<button class="btn" part="button" @click=${this.clearFilters}>${t.clearFilters}</button>`)
        : renderEmpty(t.noFavourites)
    }
    // The server writes the file (as it writes the feed), and the browser downloads it: offered
    // when the token serves calendar files, as the subscription is.
    const download = this.api.token ? this.feed.value : undefined
    return html`<div class="agenda-actions">
        ${
          download
            ? html`<a class="btn" part="button" href=${calendarUrl(this.api, { agenda: items.map((i) => i.session.id) })}>${t.downloadAgenda}</a>`
            : nothing
        }
      </div>
      ${renderAgenda(items, ctx)}`
  }
}
