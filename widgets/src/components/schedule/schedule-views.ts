import { html, nothing } from 'lit'
import { guard } from 'lit/directives/guard.js'
import { repeat } from 'lit/directives/repeat.js'
import type { Session } from '../../api/types.js'
import { chevronLeft, chevronRight, starIcon } from '../../base/icons.js'
import { sessionDetails } from '../../base/session-facts.js'
import { trackHue } from '../../base/templates.js'
import { formatLongDay, formatTime, formatTimeRange, timeZoneName } from '../../format/datetime.js'
import type { Messages } from '../../i18n/index.js'
import { type DayLayout, rowOfNow, type ScheduleItem } from './schedule-model.js'

/** What the day and agenda views need from the element. */
export interface DayContext {
  t: Messages
  lang: string
  timeZone: string
  groupBy: 'room' | 'track'
  list: boolean
  favourites: Set<string>
  /** Minutes since midnight now, when "now" falls on the shown day during the event. */
  nowMinutes: number | undefined
  now: number
  onOpen: (s: Session) => void
  onFavourite: (s: Session) => void
  /** How many of the day's cards to draw now (the element draws a long day in steps). */
  cardLimit: number
  /** Whether a live change just moved or cancelled the session (highlighted for a moment). */
  changed: (id: string) => boolean
  /** A day's grid placement (the element computes it once per day shown). */
  layout: (items: ScheduleItem[]) => DayLayout
}

/** A card's text, formatted once per session, language and zone rather than on every render. */
interface CardText {
  key: string
  messages: Messages
  start: number
  end: number
  time: string
  speakers: string
  meta: string
  kind: string
  hue: number
}
const texts = new WeakMap<ScheduleItem, CardText>()

function cardText(it: ScheduleItem, ctx: Pick<DayContext, 't' | 'lang' | 'timeZone'>): CardText {
  const key = `${ctx.lang}|${ctx.timeZone}`
  const known = texts.get(it)
  if (known?.key === key && known.messages === ctx.t) return known
  const s = it.session
  const text = {
    key,
    messages: ctx.t,
    start: Date.parse(s.starts_at),
    end: Date.parse(s.ends_at),
    time: formatTimeRange(s.starts_at, s.ends_at, ctx.lang, ctx.timeZone),
    speakers: s.speakers.map((p) => p.name).join(', '),
    meta: [s.room, s.track].filter(Boolean).join(' · '),
    kind: sessionDetails(s, ctx.t, ctx.lang)
      .map(([, v]) => v)
      .join(' · '),
    hue: trackHue(s.track),
  }
  texts.set(it, text)
  return text
}

/**
 * A click on a card's buttons, taken by the list that holds the cards: one listener for a day
 * rather than two per card, which hydration would otherwise attach one by one (and each render
 * give new closures). A click kept from the first screen and dispatched again comes here too.
 */
function onCardClick(e: Event, items: ScheduleItem[], ctx: DayContext): void {
  const button = (e.target as Element).closest('.session__open, .fav')
  const id = button?.closest('[data-id]')?.getAttribute('data-id')
  const session = id ? items.find((it) => it.session.id === id)?.session : undefined
  if (!session) return
  if (button!.classList.contains('fav')) ctx.onFavourite(session)
  else ctx.onOpen(session)
}

/**
 * What drawing a day computes without the DOM (its grid placement, its cards' texts, its time
 * labels), done ahead: the element does it in a task before the one that hydrates the day, so
 * that neither task is as long as both.
 */
export function prepareDay(items: ScheduleItem[], ctx: Pick<DayContext, 't' | 'lang' | 'timeZone' | 'layout'>): void {
  for (const it of items) cardText(it, ctx)
  for (const t of ctx.layout(items).times) formatTime(t.at, ctx.lang, ctx.timeZone)
}

/**
 * One session card; `area` places it in the grid (ignored by the list layout). Drawn again only
 * when what it shows changed (its text, place, state or star): the update after the first render
 * (the visitor's clock and favourites) and each minute's tick compare four values per card
 * instead of walking a hundred cards' templates.
 */
function card(it: ScheduleItem, ctx: DayContext, area = '') {
  const s = it.session
  const text = cardText(it, ctx)
  const fav = ctx.favourites.has(s.id)
  const live = ctx.now >= text.start && ctx.now < text.end
  const state =
    (s.cancelled ? ' is-cancelled' : live ? ' is-live' : ctx.now >= text.end ? ' is-past' : '') + (ctx.changed(s.id) ? ' is-changed' : '')
  // `text` stands for the session, language, zone and messages (clicks are the list's: `onCardClick`).
  return guard([text, area, state, fav], () => cardTemplate(s, text, ctx, area, state, fav, live))
}

function cardTemplate(s: Session, text: CardText, ctx: DayContext, area: string, state: string, fav: boolean, live: boolean) {
  return html`<div class="session${state}${fav ? ' is-fav' : ''}" part="session" data-id=${s.id}
    style="${area}--_hue:${text.hue}">
    <button class="session__open" aria-haspopup="dialog">
      <span class="session__time">${text.time}${
        s.cancelled
          ? html` <span class="badge badge--cancelled">${ctx.t.cancelled}</span>`
          : live
            ? html` <span class="badge">${ctx.t.liveNow}</span>`
            : nothing
      }</span>
      <span class="session__title">${s.title}</span>
      ${text.speakers ? html`<span class="session__speakers">${text.speakers}</span>` : nothing}
      <span class="session__meta">${text.meta}</span>
      ${text.kind ? html`<span class="session__kind">${text.kind}</span>` : nothing}
    </button>
    <button class="fav" part="button" aria-pressed=${fav ? 'true' : 'false'}
      aria-label=${fav ? ctx.t.removeFavourite(s.title) : ctx.t.addFavourite(s.title)}>
      ${starIcon(fav)}
    </button>
  </div>`
}

function nowLine(ctx: DayContext, row?: number) {
  return html`<div class="now" part="now" style=${row ? `grid-row:${row}` : ''}>
    <span class="now__label">${ctx.t.now} ${formatTime(ctx.now, ctx.lang, ctx.timeZone)}</span>
  </div>`
}

/** "Times in CEST": every list of times says in which zone they are. */
export function zoneNote(ctx: Pick<DayContext, 't' | 'lang' | 'timeZone'>, day: string) {
  return html`<p class="zone-note">${ctx.t.timesIn(timeZoneName(ctx.timeZone, ctx.lang, `${day}T12:00:00Z`))}</p>`
}

/** A day's heading with the zone its times are in. */
export function dayHead(day: string, ctx: Pick<DayContext, 't' | 'lang' | 'timeZone'>) {
  return html`<div class="day-head">
    <h2 class="day-title">${formatLongDay(day, ctx.lang)}</h2>
    ${zoneNote(ctx, day)}
  </div>`
}

/**
 * One day as a grid (a column per room or track, a row per 5 minutes or per minute) that
 * container queries turn into a list on narrow screens: one DOM for both, in time order, so
 * screen readers and the list read the same sequence. The grid grows with the day (in a box of the site's
 * `--service-schedule-grid-height`, the time column and the room headings stay in view); when its
 * columns do not fit, edge shadows and a hint with buttons say that it scrolls sideways
 * (`ScrollEdgesController` keeps their state).
 */
export function renderDay(items: ScheduleItem[], ctx: DayContext) {
  const layout = ctx.layout(items)
  const nowRow = ctx.nowMinutes === undefined ? undefined : rowOfNow(layout, ctx.nowMinutes)
  let nowPlaced = nowRow === undefined
  // The grid's rows and columns come from every item, so cards drawn in a later step fill their
  // places without moving those already drawn.
  const shown = layout.placed.slice(0, ctx.cardLimit)
  // Drawn keyed by session: after a live change focus stays on the same session's card, not on
  // whichever card then takes its place.
  const cells = shown.map((p) => {
    const placeNow = !nowPlaced && p.item.start > ctx.nowMinutes!
    if (placeNow) nowPlaced = true
    const before = placeNow ? nowLine(ctx, nowRow) : nothing
    const col = p.column ? `${p.column}` : `2/-1`
    return { id: p.item.session.id, cell: html`${before}${card(p.item, ctx, `grid-row:${p.row}/span ${p.span};grid-column:${col};`)}` }
  })
  return html`<div class="grid-wrap${ctx.list ? ' grid-wrap--list' : ''}" data-scroll-edges>
    <p class="grid-hint">
      <span>${ctx.t.scrollHint}</span>
      <button class="btn grid-hint__btn" part="button" data-scroll-by="-1" aria-label=${ctx.t.scrollBack}>${chevronLeft()}</button>
      <button class="btn grid-hint__btn" part="button" data-scroll-by="1" aria-label=${ctx.t.scrollOn}>${chevronRight()}</button>
    </p>
    <div class="grid-frame"><div class="grid-scroll" data-scroll-area>
      <div class="grid${ctx.list ? ' grid--list' : ''}" part="grid" @click=${(e: Event) => onCardClick(e, items, ctx)}
        style="--_cols:${Math.max(1, layout.columns.length)};grid-template-rows:auto repeat(${layout.rows},minmax(calc(var(--_minute) * ${layout.slot}),auto))">
        <div class="grid__rail" aria-hidden="true"></div>
        <div class="grid__corner" aria-hidden="true"></div>
        ${layout.columns.map((c, i) => html`<div class="col-head" aria-hidden="true" style="grid-column:${i + 2}">${c}</div>`)}
        ${layout.times.map(
          (t) =>
            html`<div class="slot-time" aria-hidden="true" style="grid-row:${t.row}">${formatTime(t.at, ctx.lang, ctx.timeZone)}</div>`,
        )}
        ${repeat(
          cells,
          (c) => c.id,
          (c) => c.cell,
        )}${nowPlaced || shown.length < layout.placed.length ? nothing : nowLine(ctx, nowRow)}
      </div>
    </div></div>
  </div>`
}

/**
 * Sessions of several days as lists under day headings: "my agenda", and the whole schedule when
 * it is printed (a list by day, as pretalx prints).
 */
export function renderAgenda(items: ScheduleItem[], ctx: DayContext) {
  const days = [...new Set(items.map((i) => i.day))]
  return days.map(
    (d) => html`<section class="agenda-day">
      ${dayHead(d, ctx)}
      <div class="grid grid--list" part="grid" @click=${(e: Event) => onCardClick(e, items, ctx)}>${repeat(
        items.filter((i) => i.day === d),
        (i) => i.session.id,
        (i) => card(i, ctx),
      )}</div>
    </section>`,
  )
}
