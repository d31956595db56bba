import { svg } from 'lit'

/** Inline icons (decorative: the buttons that carry them have text or an aria-label). */
const icon = (d: ReturnType<typeof svg>, cls = 'icon') =>
  svg`<svg class=${cls} viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${d}</svg>`

export const starIcon = (filled: boolean) =>
  svg`<svg class="icon" viewBox="0 0 24 24" width="18" height="18" fill=${filled ? 'currentColor' : 'none'} stroke="currentColor" stroke-width="2" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="m12 3 2.7 5.6 6.1.8-4.4 4.3 1 6.1L12 17l-5.4 2.8 1-6.1-4.4-4.3 6.1-.8z"/></svg>`
export const calendarIcon = () =>
  icon(svg`<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M16 3v4M8 3v4M3 10h18M12 14v4M10 16h4"/>`)
export const closeIcon = () => icon(svg`<path d="M6 6l12 12M18 6 6 18"/>`)
export const chevronLeft = () => icon(svg`<path d="m15 6-6 6 6 6"/>`)
export const chevronRight = () => icon(svg`<path d="m9 6 6 6-6 6"/>`)
export const alertIcon = () => icon(svg`<circle cx="12" cy="12" r="9"/><path d="M12 8v5M12 16h.01"/>`, 'state__icon')
export const clockIcon = () => icon(svg`<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>`)
export const pinIcon = () =>
  icon(svg`<path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z"/><circle cx="12" cy="9.5" r="2.5"/>`)
export const searchIcon = () => icon(svg`<circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5"/>`)
export const checkIcon = () => icon(svg`<path d="m5 12 5 5 9-10"/>`, 'state__icon')
export const linkIcon = () =>
  icon(svg`<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"/>`)
export const playIcon = () => icon(svg`<circle cx="12" cy="12" r="9"/><path d="m10 8.5 5 3.5-5 3.5z"/>`)
export const slidesIcon = () => icon(svg`<rect x="3" y="4" width="18" height="12" rx="1.5"/><path d="M12 16v4M8 20h8"/>`)
export const filterIcon = () => icon(svg`<path d="M4 6h16M7 12h10M10 18h4"/>`)
export const globeIcon = () =>
  icon(
    svg`<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z"/>`,
  )
