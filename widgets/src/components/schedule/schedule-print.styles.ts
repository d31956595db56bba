import { css } from 'lit'

/**
 * Printed, the schedule is a list by day (every day, as filtered), and "my agenda" the favourites
 * by day: times, rooms, titles and speakers in rows, without controls, as pretalx prints.
 */
export const printStyles = css`
  @media print {
    :host {
      --_bg: #fff;
      --_surface: #fff;
      --_text: #000;
      --_muted: #333;
      --_border: #999;
      color: #000;
      font-size: 10pt;
    }
    .root {
      padding: 0;
      background: none;
    }
    .toolbar,
    .viewbar,
    .feed,
    .tabs-wrap,
    .fav,
    .agenda-actions,
    .now,
    .grid-hint,
    .state__actions,
    dialog {
      display: none !important;
    }
    .grid-scroll {
      max-height: none;
      overflow: visible;
    }
    .grid-frame::after,
    .grid__rail,
    .grid__corner,
    .col-head,
    .slot-time {
      display: none !important;
    }
    .grid {
      display: block;
    }
    .agenda-day {
      break-before: auto;
    }
    .agenda-day + .agenda-day {
      margin-top: 14pt;
    }
    .day-head {
      break-after: avoid;
      border-bottom: 1.5pt solid #000;
      padding-bottom: 2pt;
    }
    .day-title {
      font-size: 13pt;
    }
    .session {
      margin: 0;
      border: 0;
      border-bottom: 0.5pt solid #bbb;
      border-left: 3pt solid hsl(var(--_hue) 65% 42%);
      border-radius: 0;
      break-inside: avoid;
      box-shadow: none;
    }
    .session__open {
      display: grid;
      grid-template-columns: 7.5em 1fr 10em;
      grid-template-areas: 'time title meta' 'time speakers meta' 'time kind meta';
      column-gap: 10pt;
      row-gap: 0;
      padding: 4pt 6pt;
    }
    .session__time {
      grid-area: time;
      color: #000;
      font-size: 9pt;
      font-weight: 600;
    }
    .session__title {
      grid-area: title;
      font-size: 10.5pt;
    }
    .session__speakers {
      grid-area: speakers;
      color: #000;
      font-size: 9pt;
    }
    .session__meta {
      grid-area: meta;
      color: #000;
      font-size: 9pt;
      text-align: right;
    }
    .session__kind {
      grid-area: kind;
      font-size: 8pt;
    }
    .badge {
      display: none;
    }
    .is-past .session__title {
      color: #000;
    }
  }
`
