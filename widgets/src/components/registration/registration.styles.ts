import { css } from 'lit'
import { reservedSize } from '../../styles/theme.styles.js'

export const registrationStyles = css`
  ${reservedSize('service-registration')}
  .root {
    padding: clamp(1rem, 3vw, 1.75rem);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 1.4);
    background: var(--_bg);
    box-shadow: var(--_shadow);
  }
  .form {
    display: grid;
    gap: 1.1rem;
    max-width: 34rem;
  }
  .form__title {
    font-size: 1.35rem;
    font-weight: 750;
    letter-spacing: -0.01em;
  }
  .field {
    display: grid;
    gap: 0.35rem;
  }
  .field__label {
    font-size: 0.875rem;
    font-weight: 600;
  }
  .field__input {
    height: 2.75rem;
    padding: 0 0.8rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.8);
    background: var(--_surface);
    font-size: 1rem;
  }
  .field__input:focus-visible {
    border-color: var(--_accent);
  }
  .field__input[aria-invalid='true'] {
    border-color: var(--_danger);
  }
  .field__error {
    font-size: 0.8125rem;
    font-weight: 500;
    color: var(--_danger);
  }
  .tickets {
    display: grid;
    gap: 0.5rem;
    margin: 0;
    padding: 0;
    border: 0;
  }
  .tickets legend {
    margin-bottom: 0.35rem;
    padding: 0;
  }
  .ticket {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    padding: 0.75rem 0.9rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.8);
    background: var(--_surface);
    cursor: pointer;
  }
  .ticket:has(:checked) {
    border-color: var(--_accent);
    background: var(--_accent-soft);
  }
  .ticket:has(:focus-visible) {
    box-shadow: var(--_focus);
  }
  .ticket input {
    accent-color: var(--_accent);
    width: 1.1rem;
    height: 1.1rem;
    margin: 0;
  }
  .ticket__text {
    display: grid;
    flex: 1;
  }
  .ticket__name {
    font-weight: 600;
  }
  .ticket__desc {
    font-size: 0.8125rem;
    color: var(--_muted);
  }
  .ticket__price {
    font-weight: 650;
    font-variant-numeric: tabular-nums;
  }
  .tickets[aria-invalid='true'] .ticket {
    border-color: var(--_danger);
  }
  .ticket--sold-out {
    cursor: not-allowed;
    opacity: 0.75;
  }
  .ticket__status {
    font-size: 0.8125rem;
    font-weight: 600;
    color: var(--_muted);
  }
  .field__input--area {
    height: auto;
    min-height: 5rem;
    padding: 0.6rem 0.8rem;
    font: inherit;
    resize: vertical;
  }
  .field__optional {
    font-weight: 400;
    color: var(--_muted);
  }
  .choices {
    margin: 0;
    padding: 0;
    border: 0;
  }
  .choices legend {
    margin-bottom: 0.35rem;
    padding: 0;
  }
  .choice {
    display: flex;
    align-items: flex-start;
    gap: 0.6rem;
    padding: 0.25rem 0;
    cursor: pointer;
  }
  .choice input {
    accent-color: var(--_accent);
    width: 1.1rem;
    height: 1.1rem;
    margin: 0.15rem 0 0;
    flex: none;
  }
  .choice input:focus-visible {
    outline: none;
    box-shadow: var(--_focus);
  }
  .choices[aria-invalid='true'] input,
  .choice input[aria-invalid='true'] {
    outline: 2px solid var(--_danger);
    outline-offset: 1px;
  }
  .consent__text {
    font-size: 0.875rem;
    color: var(--_muted);
  }
  .consent__text a {
    color: var(--_accent);
  }
  .sold-out {
    display: grid;
    gap: 0.25rem;
    padding: 0.75rem 1rem;
    border: 1px solid var(--_border);
    border-left: 4px solid var(--_danger);
    border-radius: calc(var(--_radius) * 0.8);
    background: var(--_surface);
    outline: none;
  }
  .sold-out__text {
    font-weight: 600;
  }
  .hp {
    position: absolute;
    left: -10000px;
    width: 1px;
    height: 1px;
    overflow: hidden;
  }
  .submit {
    justify-self: start;
    min-height: 2.75rem;
    padding: 0 1.5rem;
    font-size: 1rem;
  }
  .done {
    display: grid;
    justify-items: center;
    gap: 0.5rem;
    padding: 1.5rem 0.5rem;
    text-align: center;
    outline: none;
  }
  .done .state__icon {
    width: 2.5rem;
    height: 2.5rem;
    padding: 0.4rem;
    border-radius: 50%;
    background: color-mix(in srgb, var(--_success) 15%, transparent);
    color: var(--_success);
  }
  .done__title {
    font-size: 1.25rem;
    font-weight: 700;
  }
  @media print {
    .root {
      box-shadow: none;
    }
  }
`
