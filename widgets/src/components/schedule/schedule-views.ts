import { html, nothing } from 'lit'
import type { Session } from '../../api/types.js'
import { starIcon } from '../../base/icons.js'
import { trackHue } from '../../base/templates.js'
import { formatLongDay, formatTime, formatTimeRange } from '../../format/datetime.js'
import type { Messages } from '../../i18n/index.js'
import { layoutDay, rowOfNow, type ScheduleItem } from './schedule-model.js'

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
}

/** One session card; `area` places it in the grid (ignored by the list layout). */
function card(it: ScheduleItem, ctx: DayContext, area = '') {
  const s = it.session
  const fav = ctx.favourites.has(s.id)
  const start = Date.parse(s.starts_at)
  const end = Date.parse(s.ends_at)
  const live = ctx.now >= start && ctx.now < end
  const state = live ? ' is-live' : ctx.now >= end ? ' is-past' : ''
  return html`<div class="session${state}${fav ? ' is-fav' : ''}" part="session" data-id=${s.id}
    style="${area}--_hue:${trackHue(s.track)}">
    <button class="session__open" aria-haspopup="dialog" @click=${() => ctx.onOpen(s)}>
      <span class="session__time">${formatTimeRange(s.starts_at, s.ends_at, ctx.lang, ctx.timeZone)}${
        live ? html` <span class="badge">${ctx.t.liveNow}</span>` : nothing
      }</span>
      <span class="session__title">${s.title}</span>
      ${s.speakers.length ? html`<span class="session__speakers">${s.speakers.map((p) => p.name).join(', ')}</span>` : nothing}
      <span class="session__meta">${[s.room, s.track].filter(Boolean).join(' · ')}</span>
    </button>
    <button class="fav" part="button" aria-pressed=${fav ? 'true' : 'false'}
      aria-label=${fav ? ctx.t.removeFavourite(s.title) : ctx.t.addFavourite(s.title)} @click=${() => ctx.onFavourite(s)}>
      ${starIcon(fav)}
    </button>
  </div>`
}

function nowLine(ctx: DayContext, row?: number) {
  return html`<div class="now" part="now" style=${row ? `grid-row:${row}` : ''}>
    <span class="now__label">${ctx.t.now} ${formatTime(ctx.now, ctx.lang, ctx.timeZone)}</span>
  </div>`
}

/**
 * One day as a grid (a column per room or track, a row per 5 minutes) that container queries
 * turn into a list on narrow screens: one DOM for both, in time order, so screen readers and
 * the list read the same sequence.
 */
export function renderDay(items: ScheduleItem[], ctx: DayContext) {
  const layout = layoutDay(items, ctx.groupBy)
  const nowRow = ctx.nowMinutes === undefined ? undefined : rowOfNow(layout, ctx.nowMinutes)
  let nowPlaced = nowRow === undefined
  // The grid's rows and columns come from every item, so cards drawn in a later step fill their
  // places without moving those already drawn.
  const shown = layout.placed.slice(0, ctx.cardLimit)
  const cells = shown.map((p) => {
    const placeNow = !nowPlaced && p.item.start > ctx.nowMinutes!
    if (placeNow) nowPlaced = true
    const before = placeNow ? nowLine(ctx, nowRow) : nothing
    const col = p.column ? `${p.column}` : `2/-1`
    return html`${before}${card(p.item, ctx, `grid-row:${p.row}/span ${p.span};grid-column:${col};`)}`
  })
  return html`<div class="grid${ctx.list ? ' grid--list' : ''}" part="grid"
    style="--_cols:${Math.max(1, layout.columns.length)};grid-template-rows:auto repeat(${layout.rows},minmax(var(--_row),auto))">
    ${layout.columns.map((c, i) => html`<div class="col-head" aria-hidden="true" style="grid-column:${i + 2}">${c}</div>`)}
    ${layout.times.map(
      (t) => html`<div class="slot-time" aria-hidden="true" style="grid-row:${t.row}">${formatTime(t.iso, ctx.lang, ctx.timeZone)}</div>`,
    )}
    ${cells}${nowPlaced || shown.length < layout.placed.length ? nothing : nowLine(ctx, nowRow)}
  </div>`
}

/** Favourites of every day, as lists under day headings. */
export function renderAgenda(items: ScheduleItem[], ctx: DayContext) {
  const days = [...new Set(items.map((i) => i.day))]
  return days.map(
    (d) => html`<section class="agenda-day">
      <h2 class="day-title">${formatLongDay(d, ctx.lang)}</h2>
      <div class="grid grid--list" part="grid">${items.filter((i) => i.day === d).map((i) => card(i, ctx))}</div>
    </section>`,
  )
}
