// Dates and numbers as the console shows them, in the console's locale. Pure functions of their
// inputs (the locale is a parameter with the current one as default), so tests can pin them.
import { locale as currentLocale } from './language.ts'

/**
 * A moment as date and time, in a time zone (the event's) or the browser's.
 *
 * @example
 * formatDateTime('2026-06-01T07:00:00Z', 'Europe/Berlin', 'en-GB') // '1 Jun 2026, 09:00'
 */
export function formatDateTime(iso: string | null | undefined, timeZone?: string, locale = currentLocale()): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date)
}

/**
 * A moment as a date only.
 *
 * @example
 * formatDate('2026-06-01T07:00:00Z', 'Europe/Berlin', 'en-GB') // '1 Jun 2026'
 */
export function formatDate(iso: string | null | undefined, timeZone?: string, locale = currentLocale()): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(date)
}

/**
 * A range of dates, shortened where both ends share month or year ("1–3 Jun 2026").
 *
 * @example
 * formatDateRange('2026-06-01T07:00:00Z', '2026-06-03T16:00:00Z', 'UTC', 'en-GB') // '1 – 3 Jun 2026'
 */
export function formatDateRange(start: string, end: string, timeZone?: string, locale = currentLocale()): string {
  const from = new Date(start)
  const to = new Date(end)
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return ''
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).formatRange(from, to)
}

/** A whole number with the locale's grouping. */
export function formatNumber(value: number, locale = currentLocale()): string {
  return new Intl.NumberFormat(locale).format(value)
}
