/**
 * Times and days as the editor labels them, in the event's zone and the console's locale. A grid
 * labels hundreds of rows and cards, so formatters are built once per locale and zone.
 */

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`
  let f = formatters.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone })
    formatters.set(key, f)
  }
  return f
}

const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' }

/** "09:30" (or "09:30 AM" where the locale says so). */
export function formatClock(ms: number, timeZone: string, locale: string): string {
  return formatter(locale, timeZone, CLOCK).format(ms)
}

/** "09:30–10:15" in the locale's own range style. */
export function formatClockRange(startMs: number, endMs: number, timeZone: string, locale: string): string {
  if (endMs <= startMs) return formatClock(startMs, timeZone, locale)
  return formatter(locale, timeZone, CLOCK).formatRange(startMs, endMs)
}

/** "Wed 10 Jun" for a `YYYY-MM-DD` day key (noon UTC keeps the date whatever the zone). */
export function formatDayTab(day: string, locale: string): string {
  return formatter(locale, 'UTC', { weekday: 'short', day: 'numeric', month: 'short' }).format(Date.parse(`${day}T12:00:00Z`))
}

/** "Wednesday, 10 June 2026" for a day key. */
export function formatLongDay(day: string, locale: string): string {
  return formatter(locale, 'UTC', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    Date.parse(`${day}T12:00:00Z`),
  )
}

/** "Wed 10 Jun, 09:30–10:15": a session outside its day's grid. */
export function formatWhen(startMs: number, endMs: number, timeZone: string, locale: string): string {
  const options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', ...CLOCK }
  return endMs > startMs
    ? formatter(locale, timeZone, options).formatRange(startMs, endMs)
    : formatter(locale, timeZone, options).format(startMs)
}

/** Length in minutes, as the editor states it ("45 min", "1 h 30 min"). */
export function formatLength(startMs: number, endMs: number, units: { h: string; min: string }): string {
  const minutes = Math.max(0, Math.round((endMs - startMs) / 60_000))
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  if (!h) return `${m} ${units.min}`
  return m ? `${h} ${units.h} ${m} ${units.min}` : `${h} ${units.h}`
}
