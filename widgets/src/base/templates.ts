import { html, nothing } from 'lit'
import type { Messages } from '../i18n/index.js'
import { alertIcon } from './icons.js'
import { describeProblem } from './problem.js'

/** How an error box is used beyond the defaults. */
export interface ErrorOptions {
  /** A heading above the visitor's sentence (the registration form: "Your registration could not be sent."). */
  title?: string
  /** A second sentence for the visitor (the form: "What you entered is kept."). */
  note?: string
  /**
   * Shows the element's light-DOM fallback content (a link to the full schedule, say) under the
   * message: what the page offered before the element upgraded is still the visitor's best way on.
   */
  fallback?: boolean
}

/**
 * The error box, the same in every element: a short, calm sentence for the visitor, a retry
 * button when trying again may help, and the site owner's cause and fix in a collapsed detail
 * (also written once to the console by `warnProblem`).
 */
export function renderError(error: unknown, t: Messages, retry?: () => void, options: ErrorOptions = {}) {
  const problem = describeProblem(error, t)
  return html`<div class="state state--error" role="alert" part="error" data-code=${problem.code}>
    ${alertIcon()}
    ${options.title ? html`<p class="state__title">${options.title}</p>` : nothing}
    <p class="state__message">${problem.visitor}${options.note ? ` ${options.note}` : ''}</p>
    ${retry && problem.transient ? html`<button class="btn" part="button retry" type="button" @click=${retry}>${t.retry}</button>` : nothing}
    ${options.fallback ? html`<slot class="state__fallback"></slot>` : nothing}
    <details class="state__details" part="error-detail">
      <summary>${t.ownerDetails}</summary>
      <p>${problem.owner}</p>
    </details>
  </div>`
}

/** The empty state. */
export function renderEmpty(message: string, action?: ReturnType<typeof html>) {
  return html`<div class="state" part="empty">
    <p>${message}</p>
    ${action ?? nothing}
  </div>`
}

/** A loading skeleton of `lines` text bars and `blocks` card-sized blocks. */
export function renderSkeleton(t: Messages, lines = 2, blocks = 3) {
  return html`<div class="skeleton" part="skeleton" role="status" aria-live="polite">
    <span class="sr-only">${t.loading}</span>
    ${Array.from({ length: lines }, (_, i) => html`<div class="skeleton__bar" style="width:${60 - i * 20}%"></div>`)}
    ${Array.from({ length: blocks }, () => html`<div class="skeleton__bar skeleton__bar--block"></div>`)}
  </div>`
}

/** Up to two initials of a name ("Ada Lovelace" → "AL"). */
export function initials(name: string): string {
  // Only letters and digits count: "Mallory <b>Bold</b>" gives "MB", not "M<".
  const words = name
    .split(/\s+|<[^>]*>/)
    .map((w) => [...w].find((ch) => /[\p{L}\p{N}]/u.test(ch)))
    .filter(Boolean) as string[]
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words
  return letters.join('').toUpperCase()
}

/**
 * A speaker's photo over their initials: the initials show when there is no photo and when the
 * photo fails to load (the image removes itself). Decorative: the name is always beside it.
 */
export function renderAvatar(person: { name: string; photo_url: string | null }, size?: string) {
  return html`<span class="avatar" part="avatar" style=${size ? `--_s:${size}` : nothing} aria-hidden="true"
    >${initials(person.name)}${
      person.photo_url ? html`<img src=${person.photo_url} alt="" loading="lazy" decoding="async" @error=${hideImage} />` : nothing
    }</span
  >`
}

function hideImage(e: Event): void {
  ;(e.target as HTMLImageElement).remove()
}

/** A stable hue for a track name, so a track keeps its colour in every widget. */
export function trackHue(track: string | null): number {
  if (!track) return 220
  let h = 0
  for (const ch of track) h = (h * 31 + ch.codePointAt(0)!) % 360
  return h
}

/** "Title, Company" line of a speaker. */
export function affiliation(p: { title: string | null; company: string | null }): string {
  return [p.title, p.company].filter(Boolean).join(', ')
}
