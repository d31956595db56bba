import { html, nothing } from 'lit'
import { ApiError } from '../api/api-error.js'
import type { Messages } from '../i18n/index.js'
import { alertIcon } from './icons.js'

/** Codes worth a retry button: the others need the site owner to change something. */
const TRANSIENT = new Set(['NETWORK_ERROR', 'RATE_LIMIT_EXCEEDED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'])

/** The error state: what is wrong, in words a site owner can act on. */
export function renderError(error: unknown, t: Messages, retry?: () => void) {
  const code = error instanceof ApiError ? error.code : 'INTERNAL_ERROR'
  const message = (t.errors as Record<string, string>)[code] ?? t.errors.INTERNAL_ERROR
  return html`<div class="state state--error" role="alert" part="error" data-code=${code}>
    ${alertIcon()}
    <p class="state__title">${t.errorTitle}</p>
    <p>${message}</p>
    ${retry && TRANSIENT.has(code) ? html`<button class="btn" part="button" @click=${retry}>${t.retry}</button>` : nothing}
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
