// The sync's times as the screen says them: how often it runs ("15 minutes") and when something
// happened or will ("3 minutes ago", "in 12 minutes"), in the console's locale.
import { locale as currentLocale } from '../i18n/index.ts'

/** The intervals offered; the API takes durations from 1 minute to 1 day and presents them as `90s`, `5m`, `1h`, `1d`. */
export const SYNC_INTERVALS = ['5m', '15m', '30m', '1h', '6h', '1d'] as const

const UNITS = { s: 'second', m: 'minute', h: 'hour', d: 'day' } as const

/**
 * An interval in words, e.g. `15m` → "15 minutes" ("15 Minuten" in German); an unreadable one as it is.
 *
 * @example
 * intervalText('1h', 'en-GB') // '1 hour'
 */
export function intervalText(every: string, locale = currentLocale()): string {
  const match = /^(\d+)([smhd])$/.exec(every)
  if (!match) return every
  const unit = UNITS[match[2] as keyof typeof UNITS]
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(Number(match[1]))
}

/** The intervals to offer: the usual ones, and the event's own when it is another. */
export function intervalChoices(current: string | undefined): string[] {
  const usual: string[] = [...SYNC_INTERVALS]
  return current && !usual.includes(current) ? [current, ...usual] : usual
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', Number.POSITIVE_INFINITY],
]

/**
 * A moment relative to `now`, in the largest unit that fits ("2 hours ago", "in 5 minutes", "now").
 *
 * @example
 * relativeTime('2026-06-01T10:00:00Z', Date.parse('2026-06-01T10:03:10Z'), 'en-GB') // '3 minutes ago'
 */
export function relativeTime(iso: string, now = Date.now(), locale = currentLocale()): string {
  const at = Date.parse(iso)
  if (Number.isNaN(at)) return ''
  let amount = (at - now) / 1000
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return format.format(Math.round(amount), unit)
    amount /= size
  }
  return format.format(Math.round(amount), 'week')
}
