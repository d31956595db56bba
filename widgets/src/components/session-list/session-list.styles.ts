import { css } from 'lit'
import { reservedSize } from '../../styles/theme.styles.js'

export const sessionListStyles = css`
  ${reservedSize('service-session-list')}
  .root {
    padding: 0.5rem clamp(0.75rem, 3vw, 1.25rem);
  }
  .list {
    display: grid;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .zone {
    margin-bottom: 0.35rem;
    font-size: 0.75rem;
    color: var(--_muted);
  }
  .item {
    border-bottom: 1px solid var(--_border);
  }
  .item:last-child {
    border-bottom: 0;
  }
  .item__open {
    display: grid;
    gap: 0.2rem;
    width: 100%;
    padding: 0.75rem 0.35rem;
    border: 0;
    border-radius: calc(var(--_radius) * 0.6);
    background: none;
    text-align: left;
    cursor: pointer;
  }
  .item__open:hover {
    background: var(--_surface);
  }
  .item__open:hover .item__title {
    color: var(--_accent);
  }
  .item__when {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.4rem;
    font-size: 0.8125rem;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
    color: var(--_accent);
  }
  .item__title {
    font-size: 1rem;
    font-weight: 650;
    line-height: 1.35;
    overflow-wrap: anywhere;
  }
  .item__people,
  .item__meta {
    font-size: 0.875rem;
    color: var(--_muted);
  }
  .item__meta {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
    margin-top: 0.15rem;
  }
  .is-past .item__when,
  .is-past .item__title {
    color: var(--_muted);
  }
  .badge {
    padding: 0 0.4rem;
    border-radius: 999px;
    background: var(--_danger);
    color: var(--_bg);
    font-size: 0.6875rem;
    font-weight: 700;
    text-transform: uppercase;
  }
  @media print {
    .item {
      break-inside: avoid;
    }
  }
`
