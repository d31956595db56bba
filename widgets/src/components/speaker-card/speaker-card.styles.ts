import { css } from 'lit'
import { reservedSize } from '../../styles/theme.styles.js'

export const speakerCardStyles = css`
  ${reservedSize('service-speaker-card')}
  .card {
    display: grid;
    gap: 1rem;
    padding: clamp(1rem, 3vw, 1.5rem);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 1.4);
    background: var(--_bg);
    box-shadow: var(--_shadow);
  }
  @media print {
    .card {
      box-shadow: none;
    }
  }
`
