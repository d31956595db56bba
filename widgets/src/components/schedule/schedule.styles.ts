import { css } from 'lit'
import { reservedSize } from '../../styles/theme.styles.js'

export const scheduleStyles = css`
  ${reservedSize('service-schedule')}
  .root {
    container: schedule / inline-size;
    display: grid;
    /* minmax(0, …): a grid of many rooms scrolls in its box instead of widening the element. */
    grid-template-columns: minmax(0, 1fr);
    gap: 1rem;
    padding: clamp(0.75rem, 2.5vw, 1.5rem);
  }
  .toolbar,
  .viewbar {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: 0.75rem;
  }
  /* The lists take part in the toolbar's rows; on narrow screens a button opens them as a sheet. */
  .filters {
    display: contents;
  }
  .filters-open {
    display: none;
  }
  .viewbar__end {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
    margin-left: auto;
  }
  /* As high as a field with its label: the time zone field, which comes once the visitor's zone
     is known (after the first render), then moves nothing. */
  .viewbar {
    min-height: calc(0.75rem * 1.5 + 0.25rem + 2.25rem);
  }
  @container schedule (max-width: 40rem) {
    /* Here the field takes a row of its own, and the bar only the space it needs. */
    .viewbar {
      min-height: 0;
    }
    .filters {
      display: none;
    }
    .filters-open {
      display: inline-flex;
      flex: none;
    }
    .toolbar {
      flex-wrap: nowrap;
    }
    .field--search {
      flex: 1 1 auto;
      min-width: 0;
    }
    .viewbar__end {
      flex: 1 1 100%;
      margin-left: 0;
    }
    .segmented {
      flex: 1 1 auto;
    }
    /* The calendar button (it comes once the token's verdict is in) shows its icon only, beside
       the view switches: in a row of its own it would move the day down as it came. Its text
       stays its accessible name. */
    .viewbar__end > .btn:has(> svg) {
      flex: none;
      gap: 0;
      padding: 0 0.6rem;
      font-size: 0;
    }
    .segmented__btn {
      flex: 1 1 auto;
    }
    .tabs > .tab {
      padding: 0.45rem 0.7rem 0.55rem;
    }
  }
  .field {
    display: grid;
    /* The control may be narrower than its content (a search box beside "Filters" on a phone). */
    grid-template-columns: minmax(0, 1fr);
    gap: 0.25rem;
    flex: 1 1 9rem;
    min-width: 9rem;
  }
  .field--search {
    flex: 1 1 14rem;
  }
  /* As wide as its longest option ("My time (America/Argentina/Buenos_Aires)"): zone names must
     not be cut off; the bar wraps instead. */
  .field--zone {
    flex: 0 0 auto;
    max-width: 100%;
  }
  .field__label {
    font-size: 0.75rem;
    font-weight: 600;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: var(--_muted);
  }
  .field__control {
    display: flex;
    align-items: center;
    gap: 0.4rem;
    height: 2.25rem;
    padding: 0 0.6rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.8);
    background: var(--_surface);
    font-size: 0.875rem;
    color: var(--_muted);
  }
  .field__control:focus-within {
    box-shadow: var(--_focus);
  }
  select.field__control {
    color: var(--_text);
  }
  .field__control input {
    flex: 1;
    min-width: 0;
    border: 0;
    background: none;
    outline: none;
    color: var(--_text);
  }
  .field__control :focus-visible {
    box-shadow: none;
  }
  .segmented {
    display: inline-flex;
    padding: 0.2rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.8);
    background: var(--_surface);
  }
  .segmented__btn {
    padding: 0.3rem 0.75rem;
    white-space: nowrap;
    border: 0;
    border-radius: calc(var(--_radius) * 0.6);
    background: none;
    font-size: 0.875rem;
    font-weight: 500;
    cursor: pointer;
  }
  .segmented__btn[aria-pressed='true'] {
    background: var(--_bg);
    box-shadow: var(--_shadow);
    font-weight: 650;
  }
  .btn--now {
    border-color: var(--_danger);
    color: var(--_danger);
  }
  .tabs {
    display: flex;
    gap: 0.25rem;
    overflow-x: auto;
    border-bottom: 1px solid var(--_border);
    scrollbar-width: thin;
  }
  .tabs-wrap {
    position: relative;
  }
  .tabs-wrap[hidden] {
    display: none;
  }
  /* More days than fit: the tabs scroll, and fade out at the side where more are. */
  .tabs-wrap::before,
  .tabs-wrap::after {
    content: '';
    position: absolute;
    top: 0;
    bottom: 1px;
    z-index: 1;
    width: 2.5rem;
    opacity: 0;
    pointer-events: none;
    transition: opacity 0.2s;
  }
  .tabs-wrap::before {
    left: 0;
    background: linear-gradient(to right, var(--_bg), transparent);
  }
  .tabs-wrap::after {
    right: 0;
    background: linear-gradient(to left, var(--_bg), transparent);
  }
  .tabs-wrap[data-overflow]:not([data-at-start])::before,
  .tabs-wrap[data-overflow]:not([data-at-end])::after {
    opacity: 1;
  }
  .tab {
    display: grid;
    justify-items: start;
    padding: 0.5rem 1rem 0.6rem;
    border: 0;
    border-bottom: 3px solid transparent;
    border-radius: calc(var(--_radius) * 0.6) calc(var(--_radius) * 0.6) 0 0;
    background: none;
    cursor: pointer;
    white-space: nowrap;
  }
  .tab:hover {
    background: var(--_surface);
  }
  .tab[aria-selected='true'] {
    border-bottom-color: var(--_accent);
  }
  .tab__weekday {
    font-size: 0.75rem;
    font-weight: 600;
    text-transform: uppercase;
    letter-spacing: 0.05em;
    color: var(--_muted);
  }
  .tab__date {
    font-weight: 650;
  }
  .tab__count {
    justify-self: start;
    min-width: 1.5rem;
    margin-top: 0.15rem;
    padding: 0 0.4rem;
    border-radius: 999px;
    background: var(--_accent-soft);
    color: var(--_text);
    font-size: 0.75rem;
    font-weight: 650;
    text-align: center;
  }
  .tab--none .tab__date,
  .tab--none .tab__count {
    color: var(--_muted);
  }
  .tab--none .tab__count {
    background: var(--_surface);
  }
  .panel {
    container: day / inline-size;
  }
  .day-head {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: space-between;
    gap: 0.25rem 1rem;
    margin-bottom: 0.75rem;
  }
  .zone-note {
    font-size: 0.8125rem;
    color: var(--_muted);
  }
  .day-title {
    font-size: 1.125rem;
    font-weight: 700;
    letter-spacing: -0.01em;
  }
  .agenda-day + .agenda-day {
    margin-top: 1.5rem;
  }
  .agenda-actions {
    display: flex;
    justify-content: end;
  }
  /* The grid grows with the day, so that no session is out of sight in a box of its own, unless
     the site sets a height (--service-schedule-grid-height): then it scrolls in that box, with the
     time column and the room headings in view on both axes. With more rooms than fit, it scrolls
     sideways and says so (edge shadows and a hint with buttons, set by ScrollEdgesController). */
  .grid-wrap {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 0.5rem;
  }
  /* The hint's row is kept while it is hidden: whether the columns overflow is known only once
     they are laid out, and a row coming then would move the day down. */
  .grid-hint {
    display: flex;
    visibility: hidden;
    align-items: center;
    justify-content: end;
    gap: 0.5rem;
    font-size: 0.8125rem;
    color: var(--_muted);
  }
  .grid-wrap[data-overflow] .grid-hint {
    visibility: visible;
  }
  .grid-wrap--list .grid-hint {
    display: none;
  }
  .grid-hint__btn {
    width: 2rem;
    min-height: 2rem;
    justify-content: center;
    padding: 0;
    border-radius: 50%;
  }
  .grid-frame {
    position: relative;
  }
  .grid-frame::after {
    content: '';
    position: absolute;
    top: 0;
    right: 0;
    bottom: 0;
    z-index: 5;
    width: 3rem;
    /* The columns fade out where more of them are, in either theme. */
    background: linear-gradient(to right, transparent, var(--_bg) 85%);
    opacity: 0;
    pointer-events: none;
    transition: opacity 0.2s;
  }
  .grid-wrap[data-overflow]:not([data-at-end]) .grid-frame::after {
    opacity: 1;
  }
  .grid-scroll {
    max-height: var(--service-schedule-grid-height, none);
    overflow: auto;
    overscroll-behavior-x: contain;
    scrollbar-width: thin;
  }
  .grid-wrap--list .grid-scroll {
    max-height: none;
    overflow: visible;
  }
  .grid {
    /* Least height of a minute of the day: a 5-minute row 0.6rem, a label's 15 minutes 1.8rem. */
    --_minute: 0.12rem;
    position: relative;
    display: grid;
    grid-template-columns: minmax(3.75rem, max-content) repeat(var(--_cols), minmax(14rem, 1fr));
    column-gap: 0.5rem;
  }
  /* Sticky layers: the heading band and the time rail over the cards, the corner over both. */
  .grid__rail,
  .grid__corner {
    position: sticky;
    left: 0;
    grid-column: 1;
    background: var(--_bg);
  }
  .grid__rail {
    z-index: 1;
    grid-row: 1 / -1;
    margin-right: -0.5rem;
    transition: box-shadow 0.2s;
  }
  .grid-wrap[data-overflow]:not([data-at-start]) .grid__rail {
    box-shadow: 8px 0 8px -8px color-mix(in srgb, var(--_text) 40%, transparent);
  }
  .grid__corner {
    z-index: 4;
    top: 0;
    grid-row: 1;
    margin-right: -0.5rem;
  }
  .col-head {
    position: sticky;
    top: 0;
    z-index: 3;
    grid-row: 1;
    margin-bottom: 0.5rem;
    padding: 0.4rem 0.6rem;
    border-radius: calc(var(--_radius) * 0.6);
    background: var(--_surface-2);
    box-shadow: 0 -0.5rem 0 var(--_bg), 0 0.5rem 0 var(--_bg), 0.5rem 0 0 var(--_bg);
    font-size: 0.8125rem;
    font-weight: 650;
    text-align: center;
  }
  .slot-time {
    position: sticky;
    left: 0;
    z-index: 2;
    grid-column: 1;
    padding-top: 0.45rem;
    white-space: nowrap;
    font-size: 0.75rem;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
    color: var(--_muted);
    text-align: right;
  }
  .session {
    position: relative;
    display: flex;
    min-width: 0;
    margin-bottom: 0.4rem;
    border: 1px solid var(--_border);
    border-left: 4px solid hsl(var(--_hue) 65% var(--_l));
    border-radius: calc(var(--_radius) * 0.7);
    background: var(--_surface);
    transition: border-color 0.15s, box-shadow 0.15s;
  }
  /* Laying out a day's grid measured every card to size its rows: the longest task of a page with
     a long day. Cards out of sight are laid out when they come near the viewport, at about a
     card's height until then (auto: then at the height they had), so the grid is about as high
     from the start. Only in the time grid (a list's cards are as high as their content) and not
     in print, which lays out every card. Find-in-page, focus and the accessibility tree still
     reach them. */
  @media screen {
    @container day (width > 40rem) {
      .grid:not(.grid--list) > .session {
        content-visibility: auto;
        contain-intrinsic-size: auto 14rem auto 9rem;
      }
    }
  }
  .session:hover {
    box-shadow: var(--_shadow);
    border-color: color-mix(in srgb, var(--_accent) 45%, var(--_border));
    border-left-color: hsl(var(--_hue) 65% var(--_l));
  }
  .session__open {
    flex: 1;
    display: grid;
    align-content: start;
    gap: 0.15rem;
    min-width: 0;
    /* Only the first line (the time) runs under the star: titles use the card's whole width. */
    padding: 0.5rem 0.65rem 0.55rem;
    border: 0;
    border-radius: inherit;
    background: none;
    text-align: left;
    cursor: pointer;
  }
  .session__time {
    padding-right: 1.75rem;
    font-size: 0.75rem;
    font-variant-numeric: tabular-nums;
    color: var(--_muted);
  }
  .session__title {
    font-size: 0.9375rem;
    font-weight: 650;
    line-height: 1.3;
    overflow-wrap: anywhere;
  }
  .session__speakers,
  .session__meta,
  .session__kind {
    font-size: 0.8125rem;
    color: var(--_muted);
  }
  .session__kind {
    font-size: 0.75rem;
  }
  .session__meta:empty {
    display: none;
  }
  .is-past .session__title {
    color: var(--_muted);
  }
  .is-live {
    border-color: var(--_danger);
  }
  .badge {
    margin-left: 0.25rem;
  }
  .fav {
    position: absolute;
    top: 0.3rem;
    right: 0.3rem;
    display: grid;
    place-items: center;
    width: 1.9rem;
    height: 1.9rem;
    border: 0;
    border-radius: 50%;
    background: none;
    color: var(--_muted);
    cursor: pointer;
  }
  .fav:hover {
    background: var(--_surface-2);
  }
  .fav[aria-pressed='true'] {
    color: var(--service-color-favourite, #d97706);
  }
  .now {
    grid-column: 2 / -1;
    align-self: start;
    position: relative;
    z-index: 3;
    height: 0;
    border-top: 2px solid var(--_danger);
    pointer-events: none;
  }
  .now__label {
    position: absolute;
    top: -0.7rem;
    left: 0;
    padding: 0 0.45rem;
    border-radius: 999px;
    background: var(--_danger);
    color: var(--_bg);
    font-size: 0.6875rem;
    font-weight: 700;
    line-height: 1.3rem;
  }
  .grid--list {
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
  }
  .grid--list > .col-head,
  .grid--list > .slot-time,
  .grid--list > .grid__rail,
  .grid--list > .grid__corner {
    display: none;
  }
  .grid--list > .session {
    margin: 0;
  }
  .grid--list > .now {
    margin: 0.75rem 0;
  }
  @container day (max-width: 40rem) {
    .grid {
      display: flex;
      flex-direction: column;
      gap: 0.5rem;
    }
    .grid > .col-head,
    .grid > .slot-time,
    .grid > .grid__rail,
    .grid > .grid__corner,
    .grid-hint {
      display: none !important;
    }
    .grid-scroll {
      max-height: none;
      overflow: visible;
    }
    .grid-frame::after {
      display: none;
    }
    .grid > .session {
      margin: 0;
    }
    .grid > .now {
      margin: 0.75rem 0;
    }
  }
  .state__actions {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: 0.5rem;
  }
  /* The calendar subscription. */
  .feed {
    display: grid;
    gap: 0.75rem;
    padding: 1rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
  }
  .feed__hint {
    font-size: 0.875rem;
  }
  .feed__field {
    display: grid;
    gap: 0.25rem;
  }
  .feed__copy {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
  }
  .feed__copy input {
    flex: 1 1 16rem;
    min-width: 0;
    color: var(--_text);
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.8125rem;
  }
  .feed__status {
    font-size: 0.8125rem;
    color: var(--_success);
  }
  /* The filters as a sheet from the bottom of the screen (narrow screens only open it). */
  dialog.sheet {
    width: min(32rem, 100vw);
    max-width: 100vw;
    margin: auto auto 0;
    border-radius: calc(var(--_radius) * 1.4) calc(var(--_radius) * 1.4) 0 0;
  }
  .sheet__body {
    display: grid;
    gap: 1rem;
    padding: 1.25rem;
  }
  .sheet__head {
    display: flex;
    align-items: center;
    justify-content: space-between;
  }
  .sheet__title {
    font-size: 1.125rem;
    font-weight: 700;
  }
  .sheet__fields {
    display: grid;
    gap: 0.75rem;
  }
  .sheet__fields .field {
    min-width: 0;
  }
  .sheet__foot {
    display: flex;
    justify-content: space-between;
    gap: 0.5rem;
  }
`
