import { css } from 'lit'

/** Session facts, track tags and speaker rows, shared by the schedule dialog and session detail. */
export const sessionStyles = css`
  /* A cancelled session stays in place, struck through and labelled, rather than vanishing. */
  .is-cancelled .session__title,
  .is-cancelled .item__title,
  .sv__title--cancelled {
    text-decoration: line-through;
  }
  /* A short label by a title: "Live now" in the schedule, "Cancelled" wherever a session shows. */
  .badge {
    display: inline-block;
    padding: 0 0.4rem;
    border-radius: 999px;
    background: var(--_danger);
    color: var(--_bg);
    font-size: 0.6875rem;
    font-weight: 700;
    text-transform: uppercase;
  }
  .badge--cancelled {
    background: var(--_muted);
  }
  /* Just moved or cancelled by a live change: highlighted for a few seconds. */
  .is-changed {
    outline: 2px solid var(--_accent);
    outline-offset: 1px;
    animation: service-changed 1s ease-out 2;
  }
  @keyframes service-changed {
    from {
      background-color: var(--_accent-soft);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .is-changed {
      animation: none;
    }
  }
  .sv__facts {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem 1.25rem;
    color: var(--_muted);
    font-size: 0.9375rem;
  }
  .sv__fact {
    display: inline-flex;
    align-items: center;
    gap: 0.4rem;
  }
  .sv__fact .muted {
    font-size: 0.8125rem;
  }
  /* Bios and abstracts: paragraphs, emphasis and links of the text subset (format/rich-text.ts). */
  .rich {
    display: grid;
    gap: 0.75em;
    line-height: 1.6;
    overflow-wrap: anywhere;
  }
  .rich a {
    color: var(--_accent);
    text-decoration-thickness: 0.06em;
    text-underline-offset: 0.15em;
  }
  .sv__details {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1.5rem;
    margin: 0;
    font-size: 0.875rem;
  }
  .sv__details > div {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.35rem;
  }
  .sv__details dt {
    font-size: 0.75rem;
    font-weight: 650;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: var(--_muted);
  }
  .sv__details dd {
    margin: 0;
  }
  .sv__heading {
    margin-bottom: 0.5rem;
    font-size: 0.75rem;
    font-weight: 650;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: var(--_muted);
  }
  .tag {
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
    padding: 0.1rem 0.55rem;
    border-radius: 999px;
    background: var(--_surface);
    border: 1px solid var(--_border);
    font-size: 0.75rem;
    font-weight: 600;
    color: var(--_text);
  }
  .tag.track-dot::before {
    content: '';
    width: 0.5rem;
    height: 0.5rem;
    border-radius: 50%;
    background: hsl(var(--_hue) 65% var(--_l));
  }
  .people {
    display: grid;
    gap: 0.75rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .person {
    display: flex;
    align-items: center;
    gap: 0.75rem;
  }
  .person__open {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    margin: -0.35rem;
    padding: 0.35rem 0.75rem 0.35rem 0.35rem;
    border: 0;
    border-radius: var(--_radius);
    background: none;
    text-align: left;
    cursor: pointer;
  }
  .person__open:hover {
    background: var(--_surface);
  }
  .person__open:hover .person__name {
    color: var(--_accent);
    text-decoration: underline;
  }
  .person__text {
    display: grid;
    font-size: 0.875rem;
    line-height: 1.35;
  }
  .person__name {
    font-weight: 600;
    font-size: 0.9375rem;
  }
  .btn--on {
    border-color: var(--_accent);
    background: var(--_accent-soft);
  }
  .icon {
    flex: none;
  }
`
