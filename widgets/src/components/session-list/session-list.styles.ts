import { css } from 'lit'

export const sessionListStyles = css`
  .root {
    padding: 0.5rem clamp(0.75rem, 3vw, 1.25rem);
  }
  .list {
    display: grid;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .item {
    display: grid;
    gap: 0.2rem;
    padding: 0.85rem 0.25rem;
    border-bottom: 1px solid var(--_border);
  }
  .item:first-child {
    padding-top: 0.25rem;
  }
  .item:last-child {
    border-bottom: 0;
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
