/**
 * One day of the schedule as rooms × time, with drag and drop by pointer and by keyboard. The
 * grid only proposes: it fires `schedule-place` (a card dropped somewhere new), `schedule-select`
 * (a card clicked or E pressed) and `schedule-create` (an empty slot clicked); the page saves.
 *
 * A carried card stays where it is (dimmed) while a ghost shows where it would go: the focused
 * element never moves under the keyboard, and pointer capture stays on the element that took it.
 */
import { html, LitElement, nothing } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import { classMap } from 'lit/directives/class-map.js'
import { repeat } from 'lit/directives/repeat.js'
import { styleMap } from 'lit/directives/style-map.js'
import { I18nController, locale, t } from '../i18n/index.ts'
import { conflictSentences } from './conflict-text.ts'
import { type Conflict, conflictsOf, type Slot } from './conflicts.ts'
import { dragMove, dragResize, slotAt } from './drag.ts'
import { formatClock, formatClockRange, formatWhen } from './format.ts'
import { cardRows, type DayGrid, SLOT_MS, timeLabels } from './grid.ts'
import { applyStep, keyIntent, type Position } from './keyboard.ts'
import { type Lane, placeInLanes } from './lanes.ts'
import { messages } from './messages.ts'
import { slotOf } from './model.ts'
import type { Session } from './schedule-api.ts'
import { gridStyles } from './schedule-grid.styles.ts'
import { instantAt, wallTime } from '../time/zoned-time.ts'

export interface PlaceDetail {
  id: string
  startMs: number
  endMs: number
  room: string | null
  /** Dropped by keyboard: focus follows the card to its new place (and back, when refused). */
  keyboard: boolean
}

export interface CreateDetail {
  room: string | null
  startMs: number
  endMs: number
}

/** A card being carried, by pointer or keyboard. */
interface Carry {
  session: Session
  mode: 'move' | 'resize'
  via: 'pointer' | 'keyboard'
  origin: Position
  at: Position
  /** Pointer only: until the pointer has moved a few pixels, a press is a click. */
  active: boolean
  pointerId?: number
  startX?: number
  startY?: number
  /** Rows between the card's top and where the pointer took it. */
  grabRows?: number
  /** A finger's press that becomes a drag only when held still for LONG_PRESS_MS. */
  longPress?: boolean
}

/** Pixels a pointer must travel before a press becomes a drag. */
const DRAG_THRESHOLD = 4
/** How long a finger holds a card still before it carries it. */
const LONG_PRESS_MS = 400
/** Pixels from the scroller's edge within which a drag scrolls it. */
const EDGE = 32

@customElement('console-schedule-grid')
export class ScheduleGrid extends LitElement {
  static override styles = gridStyles

  protected readonly i18n = new I18nController(this)

  @property({ attribute: false }) grid: DayGrid | undefined
  /** Room names, then null: the column of sessions without a room. */
  @property({ attribute: false }) columns: (string | null)[] = []
  /** The day's sessions. */
  @property({ attribute: false }) sessions: Session[] = []
  /** Sessions dated outside the event's days, listed above the grid. */
  @property({ attribute: false }) elsewhere: Session[] = []
  /** Every session of the event as conflict detection sees it. */
  @property({ attribute: false }) slots: Slot[] = []
  @property({ attribute: false }) conflicts = new Map<string, Conflict[]>()
  @property({ attribute: false }) byId = new Map<string, Session>()
  @property({ attribute: false }) trackColours = new Map<string, number>()
  @property({ attribute: false }) selectedId: string | undefined
  @property({ attribute: false }) saving = new Set<string>()
  @property({ type: Boolean }) readonly = false
  /** The grid region's accessible name ("Schedule of Wednesday, 10 June 2026"). */
  @property() label = ''

  @state() private carry: Carry | undefined
  @state() private announcement = ''
  private refocusId: string | undefined
  /** Row labels per grid: a drag draws the grid at every pointer move, and the grid stays the same. */
  private readonly labels = new WeakMap<DayGrid, ReturnType<typeof timeLabels>>()
  private suppressClick = false

  /** Says something in the grid's live region (a save's outcome, from the page). */
  announce(text: string): void {
    // The same sentence twice in a row is still read: clear, then set on the next frame.
    this.announcement = ''
    requestAnimationFrame(() => {
      this.announcement = text
    })
  }

  /** Puts focus on a session's card after the next render (a drop re-renders it in its new column). */
  focusCard(id: string): void {
    this.refocusId = id
    this.requestUpdate()
  }

  override connectedCallback(): void {
    super.connectedCallback()
    window.addEventListener('keydown', this.onWindowKeydown, true)
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    window.removeEventListener('keydown', this.onWindowKeydown, true)
  }

  protected override updated(): void {
    if (this.refocusId) {
      const card = this.cardElement(this.refocusId)
      if (card) {
        this.refocusId = undefined
        card.focus()
      }
    }
    if (this.carry?.via === 'keyboard') this.renderRoot.querySelector('.ghost')?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }

  private labelsOf(grid: DayGrid): ReturnType<typeof timeLabels> {
    let labels = this.labels.get(grid)
    if (!labels) {
      labels = timeLabels(grid)
      this.labels.set(grid, labels)
    }
    return labels
  }

  private cardElement(id: string): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>(`.card[data-id="${CSS.escape(id)}"]`)
  }

  // ——— places ———

  private columnOf(room: string | null): number {
    const i = this.columns.indexOf(room)
    return i === -1 ? this.columns.length - 1 : i
  }

  private positionOf(s: Session): Position {
    return { startMs: Date.parse(s.starts_at), endMs: Date.parse(s.ends_at), column: this.columnOf(s.room) }
  }

  /** Where a session from another day lands when picked up: the same clock time and room, on this day. */
  private arrivalOf(s: Session): Position {
    const grid = this.grid as DayGrid
    const start = Date.parse(s.starts_at)
    const length = Math.max(Date.parse(s.ends_at) - start, SLOT_MS)
    const startMs = instantAt(grid.day, wallTime(start, grid.timeZone).minutes, grid.timeZone)
    const column = s.room && this.columns.includes(s.room) ? this.columns.indexOf(s.room) : 0
    return applyStep(grid, this.columns.length, { startMs, endMs: startMs + length, column }, { type: 'move', minutes: 0, columns: 0 })
  }

  private roomName(column: number): string {
    return this.columns[column] ?? t(messages).noRoom
  }

  private where(at: Position): string {
    const zone = (this.grid as DayGrid).timeZone
    return t(messages).at(formatClockRange(at.startMs, at.endMs, zone, locale()), this.roomName(at.column))
  }

  private carriedConflicts(carry: Carry): Conflict[] {
    const room = this.columns[carry.at.column] ?? null
    return conflictsOf({ ...slotOf(carry.session), startMs: carry.at.startMs, endMs: carry.at.endMs, room }, this.slots)
  }

  private sentences(conflicts: Conflict[], room: string | null, session: Session): string[] {
    return conflictSentences(conflicts, room, session, this.byId, t(messages))
  }

  // ——— keyboard ———

  private onCardKeydown(event: KeyboardEvent, session: Session, fromElsewhere: boolean): void {
    const plain = !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey
    const carrying = this.carry?.via === 'keyboard' && this.carry.session.id === session.id
    if (this.readonly) {
      if (plain && (event.key === 'Enter' || event.key === ' ' || event.key.toLowerCase() === 'e')) {
        event.preventDefault()
        this.select(session.id)
      }
      return
    }
    if (!carrying && plain && event.key.toLowerCase() === 'e') {
      event.preventDefault()
      this.select(session.id)
      return
    }
    if (this.carry && !carrying) return
    const intent = keyIntent(event, carrying)
    if (!intent) return
    event.preventDefault()
    event.stopPropagation()
    const m = t(messages)
    if (intent.type === 'pickup') {
      const origin = fromElsewhere ? this.arrivalOf(session) : this.positionOf(session)
      this.carry = { session, mode: 'move', via: 'keyboard', origin, at: origin, active: true }
      this.announce(m.pickedUp(session.title, this.describe(this.carry)))
    } else if (intent.type === 'drop') {
      this.drop()
    } else if (intent.type === 'cancel') {
      this.cancelCarry()
    } else if (this.carry) {
      const at = applyStep(this.grid as DayGrid, this.columns.length, this.carry.at, intent)
      this.carry = { ...this.carry, at, mode: intent.type }
      this.announce(this.describe(this.carry))
    }
  }

  /** "09:05–09:50, Hall B" and the conflicts there, for the live region. */
  private describe(carry: Carry): string {
    const room = this.columns[carry.at.column] ?? null
    return [this.where(carry.at), ...this.sentences(this.carriedConflicts(carry), room, carry.session)].join('. ')
  }

  private onCardBlur(session: Session): void {
    // Tabbing away (or a click elsewhere) while carrying puts the card back, as Escape does.
    if (this.carry?.via === 'keyboard' && this.carry.session.id === session.id) this.cancelCarry()
  }

  private readonly onWindowKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || this.carry?.via !== 'pointer') return
    event.preventDefault()
    event.stopPropagation()
    const id = this.carry.session.id
    const pointerId = this.carry.pointerId
    this.cancelCarry()
    if (pointerId !== undefined) this.cardElement(id)?.releasePointerCapture(pointerId)
  }

  // ——— pointer ———

  private onPointerDown(event: PointerEvent, session: Session, fromElsewhere: boolean, mode: 'move' | 'resize'): void {
    if (this.readonly || event.button !== 0 || this.carry) return
    if (mode === 'resize') event.stopPropagation()
    // A finger scrolls the grid: it moves a card only after holding it still (the resize edge
    // takes a finger at once, as it scrolls nothing).
    const longPress = event.pointerType === 'touch' && mode === 'move'
    const card = (event.currentTarget as HTMLElement).closest<HTMLElement>('.card')
    if (!card) return
    const origin = fromElsewhere ? this.arrivalOf(session) : this.positionOf(session)
    const grabRows = fromElsewhere ? 0 : Math.floor((event.clientY - card.getBoundingClientRect().top) / this.rowPixels())
    this.carry = {
      session,
      mode,
      via: 'pointer',
      origin,
      at: origin,
      active: false,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      grabRows,
      longPress,
    }
    card.setPointerCapture(event.pointerId)
    if (longPress) {
      const pointerId = event.pointerId
      setTimeout(() => {
        if (this.carry?.pointerId !== pointerId || this.carry.active) return
        this.carry = { ...this.carry, active: true, longPress: false }
        navigator.vibrate?.(10)
      }, LONG_PRESS_MS)
    }
  }

  /** While a finger carries a card, its moves drag the card instead of scrolling the page. */
  private readonly onTouchMove = {
    handleEvent: (event: TouchEvent): void => {
      if (this.carry?.via === 'pointer' && this.carry.active) event.preventDefault()
    },
    passive: false,
  }

  private rowPixels(): number {
    const column = this.renderRoot.querySelector('.col')
    const grid = this.grid as DayGrid
    return column ? column.getBoundingClientRect().height / grid.rows : 12
  }

  /** The column nearest the pointer and the row (fractional) under it. */
  private hit(clientX: number, clientY: number): { column: number; row: number } {
    const columns = [...this.renderRoot.querySelectorAll<HTMLElement>('.col')]
    const rects = columns.map((c) => c.getBoundingClientRect())
    let column = 0
    let best = Number.POSITIVE_INFINITY
    rects.forEach((r, i) => {
      const distance = clientX < r.left ? r.left - clientX : clientX > r.right ? clientX - r.right : 0
      if (distance < best) {
        best = distance
        column = i
      }
    })
    const first = rects[0]
    const row = first ? ((clientY - first.top) / first.height) * (this.grid as DayGrid).rows : 0
    return { column, row }
  }

  private readonly onPointerMove = (event: PointerEvent): void => {
    const carry = this.carry
    if (carry?.via !== 'pointer' || carry.pointerId !== event.pointerId) return
    const moved = Math.hypot(event.clientX - (carry.startX ?? 0), event.clientY - (carry.startY ?? 0)) >= DRAG_THRESHOLD
    if (!carry.active && moved && carry.longPress) {
      // The finger moved before the hold: it is scrolling, not carrying.
      this.carry = undefined
      return
    }
    if (!carry.active && !moved) return
    const grid = this.grid as DayGrid
    const { column, row } = this.hit(event.clientX, event.clientY)
    const at =
      carry.mode === 'resize'
        ? dragResize(grid, carry.origin, row)
        : dragMove(grid, this.columns.length, carry.origin, carry.grabRows ?? 0, { column, row })
    this.carry = { ...carry, at, active: true }
    this.scrollNearEdge(event.clientX, event.clientY)
  }

  /** Dragging near the scroller's edge scrolls it, so a card can travel the whole day. */
  private scrollNearEdge(x: number, y: number): void {
    const scroller = this.renderRoot.querySelector<HTMLElement>('.scroller')
    if (!scroller) return
    const r = scroller.getBoundingClientRect()
    const dy = y < r.top + EDGE ? -12 : y > r.bottom - EDGE ? 12 : 0
    const dx = x < r.left + EDGE ? -12 : x > r.right - EDGE ? 12 : 0
    if (dx || dy) scroller.scrollBy(dx, dy)
  }

  private readonly onPointerUp = (event: PointerEvent): void => {
    const carry = this.carry
    if (carry?.via !== 'pointer' || carry.pointerId !== event.pointerId) return
    if (!carry.active) {
      // A press without a drag: the click that follows selects the card.
      this.carry = undefined
      return
    }
    this.suppressClick = true
    setTimeout(() => {
      this.suppressClick = false
    })
    this.drop()
  }

  private readonly onPointerCancel = (event: PointerEvent): void => {
    if (this.carry?.via === 'pointer' && this.carry.pointerId === event.pointerId) this.cancelCarry()
  }

  // ——— outcomes ———

  private drop(): void {
    const carry = this.carry
    if (!carry) return
    this.carry = undefined
    const m = t(messages)
    const room = this.columns[carry.at.column] ?? null
    const before = this.positionOf(carry.session)
    const unchanged = before.startMs === carry.at.startMs && before.endMs === carry.at.endMs && carry.session.room === room
    if (unchanged) {
      this.announce(m.notMoved(carry.session.title))
      return
    }
    const conflicts = this.sentences(this.carriedConflicts(carry), room, carry.session)
    this.announce([m.dropped(carry.session.title, this.where(carry.at)), ...conflicts].join(' '))
    this.dispatchEvent(
      new CustomEvent<PlaceDetail>('schedule-place', {
        detail: { id: carry.session.id, startMs: carry.at.startMs, endMs: carry.at.endMs, room, keyboard: carry.via === 'keyboard' },
        bubbles: true,
        composed: true,
      }),
    )
  }

  private cancelCarry(): void {
    const carry = this.carry
    if (!carry) return
    this.carry = undefined
    if (carry.active) this.announce(t(messages).dragCancelled(carry.session.title))
  }

  private select(id: string): void {
    this.dispatchEvent(new CustomEvent<{ id: string }>('schedule-select', { detail: { id }, bubbles: true, composed: true }))
  }

  private onCardClick(session: Session): void {
    if (this.suppressClick) return
    this.select(session.id)
  }

  private onColumnClick(event: MouseEvent, column: number): void {
    if (this.readonly || this.carry || (event.target as HTMLElement).closest('.card')) return
    const grid = this.grid as DayGrid
    const { row } = this.hit(event.clientX, event.clientY)
    const { startMs, endMs } = slotAt(grid, row)
    this.dispatchEvent(
      new CustomEvent<CreateDetail>('schedule-create', {
        detail: { room: this.columns[column] ?? null, startMs, endMs },
        bubbles: true,
        composed: true,
      }),
    )
  }

  // ——— drawing ———

  override render() {
    const grid = this.grid
    if (!grid) return nothing
    const m = t(messages)
    const carry = this.carry?.active ? this.carry : undefined
    const clashing = new Set(carry ? this.carriedConflicts(carry).map((c) => c.with) : [])
    const lanes = new Map<string, Lane>()
    for (let i = 0; i < this.columns.length; i++) {
      const inColumn = this.sessions.filter((s) => this.columnOf(s.room) === i)
      for (const [id, lane] of placeInLanes(
        inColumn.map((s) => ({ id: s.id, startMs: Date.parse(s.starts_at), endMs: Date.parse(s.ends_at) })),
      )) {
        lanes.set(id, lane)
      }
    }
    return html`
      ${this.elsewhere.length ? this.renderElsewhere(clashing) : nothing}
      <div class="scroller">
        <div
          class=${classMap({ table: true, readonly: this.readonly })}
          role="region"
          aria-label=${this.label}
          style=${styleMap({ '--cols': String(this.columns.length), '--rows': String(grid.rows) })}
        >
          <div class="corner" aria-hidden="true">${m.time}</div>
          ${this.columns.map((room, i) => html`<div class=${classMap({ head: true, 'no-room': room === null })} id="head-${i}">${room ?? m.noRoom}</div>`)}
          <div class="times" aria-hidden="true">
            ${this.labelsOf(grid).map(
              (l) =>
                html`<div class=${classMap({ time: true, hour: l.hour })} style="grid-row: ${l.row + 1} / span 6">
                  ${formatClock(l.ms, grid.timeZone, locale())}
                </div>`,
            )}
          </div>
          ${this.columns.map(
            (room, i) => html`<div
              class=${classMap({ col: true, 'no-room': room === null, readonly: this.readonly })}
              role="group"
              aria-labelledby="head-${i}"
              @click=${(e: MouseEvent) => this.onColumnClick(e, i)}
            >
              ${repeat(
                this.sessions.filter((s) => this.columnOf(s.room) === i),
                (s) => s.id,
                (s) => this.renderCard(s, lanes.get(s.id), false, clashing),
              )}
              ${carry && carry.at.column === i ? this.renderGhost(carry) : nothing}
            </div>`,
          )}
        </div>
        ${carry ? this.renderPreview(carry) : nothing}
      </div>
      <div class="visually-hidden" role="status" aria-live="assertive" aria-atomic="true">${this.announcement}</div>
      <span id="card-hint" hidden>${this.readonly ? '' : m.cardHint}</span>
    `
  }

  private renderElsewhere(clashing: Set<string>) {
    const m = t(messages)
    return html`<section class="elsewhere" aria-labelledby="elsewhere-heading">
      <h2 id="elsewhere-heading">${m.elsewhere}</h2>
      <p>${m.elsewhereHint}</p>
      <ul>
        ${repeat(
          this.elsewhere,
          (s) => s.id,
          (s) => html`<li>${this.renderCard(s, undefined, true, clashing)}</li>`,
        )}
      </ul>
    </section>`
  }

  private renderCard(s: Session, lane: Lane | undefined, fromElsewhere: boolean, clashing: Set<string>) {
    const grid = this.grid as DayGrid
    const m = t(messages)
    const startMs = Date.parse(s.starts_at)
    const endMs = Date.parse(s.ends_at)
    const rows = fromElsewhere ? undefined : cardRows(grid, { startMs, endMs })
    const conflicts = this.conflicts.get(s.id) ?? []
    const sentences = this.sentences(conflicts, s.room, s)
    const colour = s.track ? this.trackColours.get(s.track) : undefined
    const when = fromElsewhere
      ? formatWhen(startMs, endMs, grid.timeZone, locale())
      : formatClockRange(startMs, endMs, grid.timeZone, locale())
    const speakers = s.speakers.map((p) => p.name).join(', ')
    const carried = this.carry?.active === true && this.carry.session.id === s.id
    return html`<div
      class=${classMap({
        card: true,
        selected: this.selectedId === s.id,
        conflict: conflicts.length > 0,
        clash: clashing.has(s.id),
        carried,
        saving: this.saving.has(s.id),
        cancelled: s.cancelled,
      })}
      role="button"
      tabindex="0"
      data-id=${s.id}
      aria-describedby=${conflicts.length ? `card-hint conflicts-${s.id}` : 'card-hint'}
      aria-current=${this.selectedId === s.id ? 'true' : nothing}
      title=${sentences.join('\n') || nothing}
      style=${styleMap({
        'grid-row': rows ? `${rows.row + 1} / span ${rows.span}` : undefined,
        '--lane': lane ? String(lane.lane) : undefined,
        '--lanes': lane ? String(lane.lanes) : undefined,
        '--track': colour === undefined ? undefined : `var(--track-${colour})`,
      })}
      @pointerdown=${(e: PointerEvent) => this.onPointerDown(e, s, fromElsewhere, 'move')}
      @pointermove=${this.onPointerMove}
      @pointerup=${this.onPointerUp}
      @pointercancel=${this.onPointerCancel}
      @touchmove=${this.onTouchMove}
      @contextmenu=${(e: Event) => {
        if (this.carry) e.preventDefault()
      }}
      @click=${() => this.onCardClick(s)}
      @keydown=${(e: KeyboardEvent) => this.onCardKeydown(e, s, fromElsewhere)}
      @blur=${() => this.onCardBlur(s)}
    >
      <div class="title">${s.title}</div>
      ${
        s.cancelled || conflicts.length
          ? html`<div class="chips">
            ${s.cancelled ? html`<span class="chip">${m.cancelledTag}</span>` : nothing}
            ${conflicts.length ? html`<span class="chip danger">${m.conflictTag}</span>` : nothing}
          </div>`
          : nothing
      }
      <div class="when">${when}<span class="visually-hidden">, ${s.room ?? m.noRoom}</span></div>
      ${speakers ? html`<div class="people">${speakers}</div>` : nothing}
      ${conflicts.length ? html`<span id="conflicts-${s.id}" hidden>${sentences.join('. ')}</span>` : nothing}
      ${
        this.readonly || fromElsewhere
          ? nothing
          : html`<div class="resize" aria-hidden="true" @pointerdown=${(e: PointerEvent) => this.onPointerDown(e, s, false, 'resize')}></div>`
      }
    </div>`
  }

  private renderGhost(carry: Carry) {
    const grid = this.grid as DayGrid
    const rows = cardRows(grid, carry.at)
    const conflicts = this.carriedConflicts(carry)
    return html`<div
      class=${classMap({ ghost: true, conflict: conflicts.length > 0 })}
      aria-hidden="true"
      style="grid-row: ${rows.row + 1} / span ${rows.span}"
    >
      <div class="title">${carry.session.title}</div>
      <div>${formatClockRange(carry.at.startMs, carry.at.endMs, grid.timeZone, locale())}</div>
    </div>`
  }

  /** A line under the grid while carrying: where the card would go, and its conflicts there. */
  private renderPreview(carry: Carry) {
    const room = this.columns[carry.at.column] ?? null
    const sentences = this.sentences(this.carriedConflicts(carry), room, carry.session)
    return html`<div class=${classMap({ preview: true, conflict: sentences.length > 0 })} aria-hidden="true">
      <strong>${carry.session.title}</strong>: ${this.where(carry.at)}${sentences.map((s) => html`<div>${s}</div>`)}
    </div>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-schedule-grid': ScheduleGrid
  }
}
