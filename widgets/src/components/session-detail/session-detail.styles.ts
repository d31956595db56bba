import { css } from 'lit'
import { reservedSize } from '../../styles/theme.styles.js'

export const sessionDetailStyles = css`
  ${reservedSize('service-session-detail')}
  .card {
    display: grid;
    gap: 1rem;
    padding: clamp(1rem, 3vw, 1.75rem);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 1.4);
    background: var(--_bg);
    box-shadow: var(--_shadow);
  }
  .eyebrow {
    margin-bottom: -0.6rem;
    font-size: 0.75rem;
    font-weight: 650;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: var(--_muted);
  }
  .title {
    font-size: clamp(1.3rem, 3vw, 1.6rem);
    font-weight: 750;
    line-height: 1.2;
    letter-spacing: -0.015em;
    overflow-wrap: anywhere;
  }
  @media print {
    .card {
      box-shadow: none;
    }
    .dialog__actions {
      display: none;
    }
  }
`
