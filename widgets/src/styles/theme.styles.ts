import { css, unsafeCSS } from 'lit'
import type { ElementTag } from '../elements.js'
import { reservedSizeRule } from './reserved-size.js'

/**
 * Design tokens. Every public `--service-*` property feeds a private `--_*` one, so a site can
 * override a colour for both themes or, with its own selector, for one theme only.
 */
const lightTheme = css`
  :host {
    --_size: var(--service-font-size, 1rem);
    --_radius: var(--service-radius, 0.625rem);
    --_gap: var(--service-spacing, 1rem);
    --_bg: var(--service-color-bg, #ffffff);
    --_surface: var(--service-color-surface, #f6f7f9);
    --_surface-2: var(--service-color-surface-2, #eceef3);
    --_text: var(--service-color-text, #181c24);
    --_muted: var(--service-color-muted, #576070);
    --_border: var(--service-color-border, #dde1e8);
    --_accent: var(--service-color-accent, #4338ca);
    --_on-accent: var(--service-color-on-accent, #ffffff);
    --_accent-soft: var(--service-color-accent-soft, #eef0ff);
    --_danger: var(--service-color-danger, #b42318);
    --_success: var(--service-color-success, #067647);
    --_focus: var(--service-focus-ring, 0 0 0 2px var(--_bg), 0 0 0 4px var(--_accent));
    --_shadow: 0 1px 2px rgb(16 24 40 / 0.06), 0 1px 3px rgb(16 24 40 / 0.1);
    --_l: 42%;
    color-scheme: light;
    display: block;
    box-sizing: border-box;
    /* The host page's font, inherited through the host, unless the site sets one for us. */
    font-family: var(--service-font-family, inherit);
    font-size: var(--_size);
    line-height: 1.5;
    color: var(--_text);
    -webkit-font-smoothing: antialiased;
  }
  :host([hidden]) {
    display: none;
  }
`

/** The dark palette's declarations (no selector): written once, for both places it applies. */
const darkPalette = css`
  --_bg: var(--service-color-bg, #11141a);
  --_surface: var(--service-color-surface, #1a1f28);
  --_surface-2: var(--service-color-surface-2, #252b36);
  --_text: var(--service-color-text, #e9ecf2);
  --_muted: var(--service-color-muted, #a4adbb);
  --_border: var(--service-color-border, #323a48);
  --_accent: var(--service-color-accent, #a5b4fc);
  --_on-accent: var(--service-color-on-accent, #11141a);
  --_accent-soft: var(--service-color-accent-soft, #272d4d);
  --_danger: var(--service-color-danger, #fda29b);
  --_success: var(--service-color-success, #75e0a7);
  --_shadow: 0 1px 3px rgb(0 0 0 / 0.5);
  --_l: 72%;
  color-scheme: dark
`

/** The dark palette where it applies: `theme="dark"`, and `theme="auto"` on a system set to dark. */
const darkTheme = unsafeCSS(
  `:host([theme='dark']){${darkPalette}}@media (prefers-color-scheme:dark){:host([theme='auto']){${darkPalette}}}`,
)

/** What every element shares beside its colours. */
const baseStyles = css`
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  /* Positioned, so that what is absolutely placed inside (the screen reader's .sr-only text) stays within the element
     rather than escaping to a scrolling ancestor of the page. */
  .root {
    position: relative;
    background: var(--_bg);
    border-radius: var(--_radius);
  }
  h2,
  h3,
  h4,
  p {
    margin: 0;
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  .muted {
    color: var(--_muted);
  }
  /* "Show 8 more" under a list that pages (ShowMore), with how many show. */
  .more {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: center;
    gap: 0.5rem 1rem;
    margin-top: 1rem;
    font-size: 0.875rem;
    color: var(--_muted);
  }
  .more > .btn {
    color: var(--_text);
  }
  .text {
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
  button,
  input,
  select,
  textarea {
    font: inherit;
    color: inherit;
  }
  .btn {
    display: inline-flex;
    align-items: center;
    gap: 0.4em;
    min-height: 2.25rem;
    padding: 0.35rem 0.85rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.8);
    background: var(--_bg);
    font-size: 0.875rem;
    font-weight: 500;
    cursor: pointer;
    transition: background 0.15s, border-color 0.15s;
  }
  .btn:hover {
    background: var(--_surface);
  }
  .btn--primary {
    background: var(--_accent);
    border-color: var(--_accent);
    color: var(--_on-accent);
  }
  .btn--primary:hover {
    background: var(--_accent);
    filter: brightness(1.1);
  }
  .btn[disabled] {
    opacity: 0.6;
    cursor: not-allowed;
  }
  :focus-visible {
    outline: none;
    box-shadow: var(--_focus);
  }
  @media (prefers-reduced-motion: reduce) {
    * {
      animation: none !important;
      transition: none !important;
      scroll-behavior: auto !important;
    }
  }
`

/** The element's reserved height (`RESERVED_HEIGHT`): its own styles start with it. */
export const reservedSize = (tag: ElementTag) => unsafeCSS(reservedSizeRule(tag, ':host'))

/** The theme every element starts its styles with. */
export const themeStyles = css`${lightTheme}${darkTheme}${baseStyles}`

/** Loading skeletons, empty and error states: the same look in every widget. */
export const stateStyles = css`
  .skeleton {
    display: grid;
    gap: 0.75rem;
  }
  .skeleton__bar {
    height: 1rem;
    border-radius: 0.4rem;
    background: linear-gradient(90deg, var(--_surface) 0%, var(--_surface-2) 50%, var(--_surface) 100%) 0 0 / 200% 100%;
    animation: shimmer 1.4s ease-in-out infinite;
  }
  .skeleton__bar--block {
    height: 4.5rem;
  }
  @keyframes shimmer {
    to {
      background-position: -200% 0;
    }
  }
  .state {
    display: grid;
    justify-items: center;
    gap: 0.5rem;
    padding: 2rem 1.25rem;
    border: 1px dashed var(--_border);
    border-radius: var(--_radius);
    text-align: center;
    color: var(--_muted);
  }
  /* Calm rather than alarming: the visitor did nothing wrong. Only the icon carries colour. */
  .state--error {
    border: 1px solid var(--_border);
    background: var(--_surface);
    color: var(--_text);
  }
  .state--error .state__icon {
    color: var(--_danger);
  }
  .state__title {
    font-weight: 650;
  }
  .state__message {
    max-width: 36rem;
  }
  .state__fallback::slotted(*) {
    margin: 0;
  }
  .state__details {
    max-width: 36rem;
    font-size: 0.8125rem;
    color: var(--_muted);
    text-align: start;
  }
  .state__details > summary {
    cursor: pointer;
    text-align: center;
    border-radius: 0.25rem;
  }
  .state__details > p {
    margin-top: 0.35rem;
    overflow-wrap: anywhere;
  }
  .state__icon {
    width: 1.75rem;
    height: 1.75rem;
  }
`

/** Round speaker photos with initials underneath, shown when there is no photo or it fails. */
export const avatarStyles = css`
  .avatar {
    --_s: 2.5rem;
    position: relative;
    flex: none;
    display: inline-grid;
    place-items: center;
    width: var(--_s);
    height: var(--_s);
    border-radius: 50%;
    overflow: hidden;
    background: var(--_accent-soft);
    color: var(--_text);
    font-size: calc(var(--_s) * 0.38);
    font-weight: 650;
    letter-spacing: 0.02em;
  }
  .avatar img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`

/** Modal dialogs (native <dialog>: focus trap, Escape and top layer for free). */
export const dialogStyles = css`
  dialog {
    width: min(40rem, calc(100vw - 2rem));
    max-height: calc(100vh - 3rem);
    padding: 0;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 1.4);
    background: var(--_bg);
    color: var(--_text);
    box-shadow: 0 24px 48px -12px rgb(16 24 40 / 0.35);
  }
  dialog::backdrop {
    background: rgb(10 12 18 / 0.55);
  }
  .dialog__body {
    display: grid;
    gap: 1rem;
    padding: 1.5rem;
  }
  .dialog__head {
    display: flex;
    align-items: start;
    justify-content: space-between;
    gap: 1rem;
  }
  .dialog__title {
    font-size: 1.35rem;
    line-height: 1.25;
    font-weight: 700;
    letter-spacing: -0.01em;
  }
  .dialog__close {
    flex: none;
    width: 2.25rem;
    height: 2.25rem;
    justify-content: center;
    padding: 0;
    border-radius: 50%;
  }
  /* The session and speaker dialog: the close button in the corner, "Back to …" above the title. */
  .dialog__body--detail {
    position: relative;
  }
  .dialog__body--detail > .dialog__close {
    position: absolute;
    top: 1rem;
    right: 1rem;
  }
  .dialog__body--detail > .dialog__title,
  .dialog__body--detail > .profile__head,
  .dialog__back {
    margin-right: 2.75rem;
  }
  .dialog__back {
    justify-self: start;
    max-width: calc(100% - 2.75rem);
  }
  .dialog__back > span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .dialog__actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
`
