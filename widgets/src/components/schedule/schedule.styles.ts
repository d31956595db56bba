import { css } from 'lit'

export const scheduleStyles = css`
  .root {
    display: grid;
    gap: 1rem;
    padding: clamp(0.75rem, 2.5vw, 1.5rem);
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: 0.75rem;
  }
  .toolbar__end {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    margin-left: auto;
  }
  .field {
    display: grid;
    gap: 0.25rem;
    flex: 1 1 9rem;
    min-width: 9rem;
  }
  .field--search {
    flex: 1 1 14rem;
  }
  /* As wide as its longest option ("My time (America/Argentina/Buenos_Aires)"): zone names must
     not be cut off; the toolbar wraps instead. */
  .field--zone {
    flex: 1 0 auto;
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
  .tabs[hidden] {
    display: none;
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
  .panel {
    container: day / inline-size;
  }
  .day-title {
    margin-bottom: 0.75rem;
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
  .grid {
    --_row: 0.6rem;
    position: relative;
    display: grid;
    grid-template-columns: minmax(3.75rem, max-content) repeat(var(--_cols), minmax(10.5rem, 1fr));
    column-gap: 0.5rem;
    overflow-x: auto;
  }
  .col-head {
    position: sticky;
    top: 0;
    z-index: 2;
    grid-row: 1;
    margin-bottom: 0.5rem;
    padding: 0.4rem 0.6rem;
    border-radius: calc(var(--_radius) * 0.6);
    background: var(--_surface-2);
    font-size: 0.8125rem;
    font-weight: 650;
    text-align: center;
  }
  .slot-time {
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
    padding: 0.5rem 2.25rem 0.55rem 0.65rem;
    border: 0;
    border-radius: inherit;
    background: none;
    text-align: left;
    cursor: pointer;
  }
  .session__time {
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
  .session__meta {
    font-size: 0.8125rem;
    color: var(--_muted);
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
    padding: 0 0.4rem;
    border-radius: 999px;
    background: var(--_danger);
    color: var(--_bg);
    font-size: 0.6875rem;
    font-weight: 700;
    text-transform: uppercase;
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
  .grid--list > .slot-time {
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
    .grid > .slot-time {
      display: none;
    }
    .grid > .session {
      margin: 0;
    }
    .grid > .now {
      margin: 0.75rem 0;
    }
  }
  @media print {
    .root {
      padding: 0;
      background: none;
    }
    .toolbar,
    .tabs,
    .fav,
    .agenda-actions,
    .now {
      display: none !important;
    }
    .grid {
      display: block;
    }
    .col-head,
    .slot-time {
      display: none;
    }
    .session {
      margin: 0 0 6pt;
      break-inside: avoid;
      box-shadow: none;
    }
  }
`
