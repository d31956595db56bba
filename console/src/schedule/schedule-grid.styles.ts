import { css } from 'lit'
import { visuallyHidden } from '../ui/styles.ts'

export const gridStyles = css`
  :host {
    display: block;
    --row-h: 0.75rem;
    --time-w: 3.75rem;
    --col-min: 9.5rem;
    --line: var(--wa-color-surface-border);
    --track-0: var(--wa-color-blue-50);
    --track-1: var(--wa-color-green-50);
    --track-2: var(--wa-color-orange-50);
    --track-3: var(--wa-color-purple-50);
    --track-4: var(--wa-color-cyan-50);
    --track-5: var(--wa-color-pink-50);
    --track-6: var(--wa-color-yellow-50);
    --track-7: var(--wa-color-indigo-50);
  }
  ${visuallyHidden}
  /* The grid scrolls inside its own box, both ways, so the room headings and times stay in view. */
  .scroller {
    position: relative;
    overflow: auto;
    max-height: max(24rem, calc(100vh - 14rem));
    border: var(--wa-border-width-s) solid var(--wa-color-surface-border);
    border-radius: var(--wa-border-radius-m);
    background: var(--wa-color-surface-default);
    overscroll-behavior: contain;
  }
  .table {
    display: grid;
    grid-template-columns: var(--time-w) repeat(var(--cols), minmax(var(--col-min), 1fr));
    grid-template-rows: auto repeat(var(--rows), var(--row-h));
    min-width: min-content;
  }
  .corner,
  .head {
    grid-row: 1;
    position: sticky;
    top: 0;
    z-index: 3;
    background: var(--wa-color-surface-raised);
    border-block-end: var(--wa-border-width-s) solid var(--wa-color-surface-border);
    padding: var(--wa-space-2xs) var(--wa-space-xs);
    font-size: var(--wa-font-size-s);
    font-weight: var(--wa-font-weight-semibold);
  }
  .corner {
    grid-column: 1;
    inset-inline-start: 0;
    z-index: 4;
    color: var(--wa-color-text-quiet);
  }
  .head {
    overflow-wrap: anywhere;
    border-inline-start: var(--wa-border-width-s) solid var(--wa-color-surface-border);
  }
  .head.no-room {
    font-weight: var(--wa-font-weight-normal);
    font-style: italic;
  }
  .times {
    grid-column: 1;
    grid-row: 2 / -1;
    display: grid;
    grid-template-rows: subgrid;
    position: sticky;
    inset-inline-start: 0;
    z-index: 2;
    background: var(--wa-color-surface-raised);
  }
  .time {
    font-size: var(--wa-font-size-xs);
    font-variant-numeric: tabular-nums;
    color: var(--wa-color-text-quiet);
    padding-inline: var(--wa-space-2xs);
    line-height: 1;
    white-space: nowrap;
  }
  .time.hour {
    color: var(--wa-color-text-normal);
    font-weight: var(--wa-font-weight-semibold);
  }
  .col {
    grid-row: 2 / -1;
    display: grid;
    grid-template-rows: subgrid;
    grid-template-columns: minmax(0, 1fr);
    position: relative;
    border-inline-start: var(--wa-border-width-s) solid var(--wa-color-surface-border);
    /* A line every half hour (the grid starts on the hour; six rows are 30 minutes). */
    background-image: linear-gradient(to bottom, var(--line) 1px, transparent 1px);
    background-size: 100% calc(var(--row-h) * 6);
    cursor: cell;
  }
  .col.readonly {
    cursor: default;
  }
  .col.no-room {
    background-color: var(--wa-color-surface-lowered);
  }
  .card,
  .ghost {
    grid-column: 1;
    box-sizing: border-box;
    justify-self: start;
    width: calc(100% / var(--lanes, 1) - 2px);
    margin-inline-start: calc(100% * var(--lane, 0) / var(--lanes, 1) + 1px);
    margin-block: 1px;
    border-radius: var(--wa-border-radius-s);
    padding: 0.125rem var(--wa-space-2xs);
    overflow: hidden;
    font-size: var(--wa-font-size-xs);
    line-height: 1.25;
    min-width: 0;
  }
  .card {
    display: flex;
    flex-direction: column;
    align-items: start;
    position: relative;
    background: var(--wa-color-surface-raised);
    color: var(--wa-color-text-normal);
    border: var(--wa-border-width-s) solid var(--wa-color-neutral-border-normal);
    border-inline-start: 0.3rem solid var(--track, var(--wa-color-neutral-border-loud));
    box-shadow: var(--wa-shadow-s);
    cursor: grab;
    touch-action: auto;
    user-select: none;
    -webkit-touch-callout: none;
    z-index: 1;
  }
  .card:focus-visible {
    outline: var(--wa-focus-ring);
    outline-offset: 1px;
    z-index: 2;
  }
  .card.selected {
    border-color: var(--wa-color-brand-border-loud);
    box-shadow: 0 0 0 2px var(--wa-color-brand-border-loud);
  }
  .card.conflict {
    border-color: var(--wa-color-danger-border-loud);
  }
  .card.clash {
    outline: 2px dashed var(--wa-color-danger-border-loud);
  }
  .card.carried {
    opacity: 0.45;
  }
  .card.saving {
    opacity: 0.7;
  }
  .card.cancelled .title {
    text-decoration: line-through;
  }
  .card.cancelled {
    background: var(--wa-color-surface-lowered);
    color: var(--wa-color-text-quiet);
  }
  .readonly .card {
    cursor: pointer;
  }
  .title {
    font-weight: var(--wa-font-weight-semibold);
    overflow-wrap: anywhere;
  }
  .when,
  .people {
    color: var(--wa-color-text-quiet);
  }
  /* After the title in the text (its name starts with the title), above it on screen. */
  .chips {
    order: -1;
  }
  .chip {
    display: inline-block;
    margin-inline-end: 0.25rem;
    padding: 0 0.25rem;
    border-radius: var(--wa-border-radius-s);
    font-weight: var(--wa-font-weight-semibold);
    background: var(--wa-color-neutral-fill-quiet);
    color: var(--wa-color-neutral-on-quiet);
  }
  .chip.danger {
    background: var(--wa-color-danger-fill-quiet);
    color: var(--wa-color-danger-on-quiet);
  }
  /* The bottom edge: drag it to change the length (touch too: it is the only drag a finger starts). */
  .resize {
    position: absolute;
    inset-inline: 0;
    bottom: 0;
    height: 0.5rem;
    cursor: ns-resize;
    touch-action: none;
  }
  .resize::after {
    content: '';
    position: absolute;
    left: 50%;
    bottom: 0.125rem;
    width: 1.5rem;
    margin-left: -0.75rem;
    border-block-end: 2px solid var(--wa-color-neutral-border-loud);
    opacity: 0.5;
  }
  .ghost {
    position: relative;
    z-index: 3;
    pointer-events: none;
    border: 2px dashed var(--wa-color-brand-border-loud);
    background: color-mix(in srgb, var(--wa-color-brand-fill-quiet) 85%, transparent);
    color: var(--wa-color-brand-on-quiet);
  }
  .ghost.conflict {
    border-color: var(--wa-color-danger-border-loud);
    background: color-mix(in srgb, var(--wa-color-danger-fill-quiet) 90%, transparent);
    color: var(--wa-color-danger-on-quiet);
  }
  .preview {
    position: sticky;
    bottom: 0;
    inset-inline-start: 0;
    z-index: 5;
    padding: var(--wa-space-2xs) var(--wa-space-s);
    background: var(--wa-color-surface-raised);
    border-block-start: var(--wa-border-width-s) solid var(--wa-color-surface-border);
    font-size: var(--wa-font-size-s);
  }
  .preview.conflict {
    background: var(--wa-color-danger-fill-quiet);
    color: var(--wa-color-danger-on-quiet);
  }
  .elsewhere {
    margin-block-end: var(--wa-space-m);
  }
  .elsewhere h2 {
    font-size: var(--wa-font-size-m);
    margin: 0 0 var(--wa-space-2xs);
  }
  .elsewhere p {
    margin: 0 0 var(--wa-space-xs);
    color: var(--wa-color-text-quiet);
    font-size: var(--wa-font-size-s);
  }
  .elsewhere ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: var(--wa-space-xs);
  }
  .elsewhere .card {
    width: 14rem;
    margin: 0;
    font-size: var(--wa-font-size-s);
  }
  @media (max-width: 40rem) {
    :host {
      --col-min: 8rem;
      --time-w: 3.25rem;
    }
    .elsewhere .card {
      width: 100%;
    }
    .elsewhere li {
      flex: 1 1 100%;
    }
  }
  @media (forced-colors: active) {
    .card {
      border: 1px solid CanvasText;
    }
    .card.conflict,
    .ghost {
      border: 2px dashed CanvasText;
    }
  }
`
