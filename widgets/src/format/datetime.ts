/**
 * Date and time formatting on `Intl` alone (no date library shipped to visitors). Formatters are
 * costly to build and a schedule formats hundreds of times per render, so they are cached (in
 * bounded maps: the embed server runs this code for every event it draws a first screen of).
 */

import { boundedMap } from './bounded-map.js'

const formatters = boundedMap<string, Intl.DateTimeFormat>(500)
const strings = boundedMap<string, string>(20_000)

function formatter(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions, name: string): Intl.DateTimeFormat {
  const key = `${name}|${locale}|${timeZone}`
  let f = formatters.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone })
    formatters.set(key, f)
  }
  return f
}

const hourStyles = boundedMap<string, 'numeric' | '2-digit'>(500)

/**
 * The hour style a locale's time ranges use. ICU formats a range ("9:00 – 10:00 AM", "09:00–10:00")
 * from its own patterns, whatever `hour` option was asked for, while a single time follows the
 * option ("09:00 AM" for `2-digit` in en-US, "9:00" for `numeric` in en-GB). Single times take
 * the style the ranges of the locale show, so that a row label and a card read alike.
 */
function hourStyle(locale: string): 'numeric' | '2-digit' {
  let style = hourStyles.get(locale)
  if (!style) {
    // 09:00–10:00 UTC: a one-digit hour that a range pads or not.
    const parts = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).formatRangeToParts(
      Date.UTC(2031, 0, 1, 9),
      Date.UTC(2031, 0, 1, 10),
    )
    style = parts.find((p) => p.type === 'hour')?.value.length === 2 ? '2-digit' : 'numeric'
    hourStyles.set(locale, style)
  }
  return style
}

/** Options of every clock time of a locale: row labels, cards, ranges and the "now" line alike. */
function timeOptions(locale: string): Intl.DateTimeFormatOptions {
  return { hour: hourStyle(locale), minute: '2-digit' }
}

function whenOptions(locale: string): Intl.DateTimeFormatOptions {
  return { weekday: 'short', day: 'numeric', month: 'short', ...timeOptions(locale) }
}

/** Memoises formatted strings: a schedule shows the same slot times over and over. */
function memo(key: string, make: () => string): string {
  let v = strings.get(key)
  if (v === undefined) {
    v = make()
    strings.set(key, v)
  }
  return v
}

const HALF_HOUR = 1_800_000
/** Zone → half hours since 1970 → offset in ms. Numeric keys: no string built per lookup. */
const offsets = boundedMap<string, Map<number, number>>(500)

/**
 * Offset of a zone from UTC in ms at an instant. Zones change offset only on the hour (or half
 * hour), so one Intl call per zone and half hour serves every session in it: a 300-session
 * schedule needs a few dozen calls instead of over a thousand.
 */
function zoneOffset(ms: number, timeZone: string): number {
  let zone = offsets.get(timeZone)
  if (!zone) {
    zone = boundedMap(5_000)
    offsets.set(timeZone, zone)
  }
  const slot = Math.floor(ms / HALF_HOUR)
  let offset = zone.get(slot)
  if (offset === undefined) {
    const parts = formatter(
      'en-US',
      timeZone,
      { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' },
      'parts',
    ).formatToParts(ms)
    const get = (type: string) => Number(parts.find((p) => p.type === type)!.value)
    const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'))
    offset = asUtc - (ms - (ms % 60_000))
    zone.set(slot, offset)
  }
  return offset
}

/** The wall-clock time of an instant in a zone, as a Date whose UTC fields hold it. */
function wallClock(iso: string | number, timeZone: string): Date {
  const ms = typeof iso === 'number' ? iso : Date.parse(iso)
  return new Date(ms + zoneOffset(ms, timeZone))
}

const pad = (n: number) => (n < 10 ? `0${n}` : `${n}`)

/**
 * Day key and minutes since midnight of an instant in a zone, from one parse and one offset
 * lookup: the schedule asks this of every session's start and end.
 */
export function wallTime(iso: string | number, timeZone: string): { day: string; minutes: number } {
  const d = wallClock(iso, timeZone)
  const year = d.getUTCFullYear()
  return {
    // toISOString() would do, at several times the cost, and throws beyond year 9999.
    day: `${year < 1000 ? String(year).padStart(4, '0') : year}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    minutes: d.getUTCHours() * 60 + d.getUTCMinutes(),
  }
}

let viewerZone: string | undefined

/** The viewer's own IANA time zone (read once: a page does not move between zones). */
export function viewerTimeZone(): string {
  viewerZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone
  return viewerZone
}

/** `YYYY-MM-DD` of an instant in a time zone: the key of the day tab it belongs to. */
export function dayKey(iso: string | number, timeZone: string): string {
  return wallTime(iso, timeZone).day
}

/** Minutes since midnight of an instant in a time zone: the row of a session in the grid. */
export function minutesOfDay(iso: string | number, timeZone: string): number {
  return wallTime(iso, timeZone).minutes
}

/** "09:30" or "9:30 AM", as the locale writes clock times, and as its ranges write them. */
export function formatTime(iso: string | number, locale: string, timeZone: string): string {
  return memo(`t|${iso}|${locale}|${timeZone}`, () => formatter(locale, timeZone, timeOptions(locale), 'time').format(new Date(iso)))
}

/** "09:30 – 10:15" in the locale's own range style. */
export function formatTimeRange(start: string, end: string, locale: string, timeZone: string): string {
  return memo(`r|${start}|${end}|${locale}|${timeZone}`, () =>
    formatter(locale, timeZone, timeOptions(locale), 'time').formatRange(new Date(start), new Date(end)),
  )
}

/** "Tue 3 Jun" style label for a day tab; `day` is a `YYYY-MM-DD` key. */
export function formatDayTab(day: string, locale: string): { weekday: string; date: string } {
  // Noon UTC keeps the calendar date stable whatever zone the label is formatted in.
  const d = new Date(`${day}T12:00:00Z`)
  return {
    weekday: formatter(locale, 'UTC', { weekday: 'short' }, 'wd').format(d),
    date: formatter(locale, 'UTC', { day: 'numeric', month: 'short' }, 'dm').format(d),
  }
}

/** "Tuesday, 3 June 2025" for a `YYYY-MM-DD` key. */
export function formatLongDay(day: string, locale: string): string {
  return formatter(locale, 'UTC', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, 'long').format(
    new Date(`${day}T12:00:00Z`),
  )
}

/**
 * A day named in a sentence ("also on Wednesday"): its weekday, or with its date ("Wednesday, 11 June")
 * when the weekday alone would be ambiguous (an event of more than a week).
 */
export function formatDayName(day: string, locale: string, withDate: boolean): string {
  const options: Intl.DateTimeFormatOptions = withDate ? { weekday: 'long', day: 'numeric', month: 'long' } : { weekday: 'long' }
  return formatter(locale, 'UTC', options, withDate ? 'dayname+' : 'dayname').format(new Date(`${day}T12:00:00Z`))
}

/** "Tue 3 Jun, 09:30 – 10:15" for a session shown outside a day context. */
export function formatSessionWhen(start: string, end: string, locale: string, timeZone: string): string {
  return memo(`w|${start}|${end}|${locale}|${timeZone}`, () =>
    formatter(locale, timeZone, whenOptions(locale), 'when').formatRange(new Date(start), new Date(end)),
  )
}

/** Short name of a time zone as the viewer knows it ("CEST", "GMT+2"). */
export function timeZoneName(timeZone: string, locale: string, at: string | number = Date.now()): string {
  return (
    formatter(locale, timeZone, { timeZoneName: 'short' }, 'tz')
      .formatToParts(new Date(at))
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone
  )
}

/** Duration in whole minutes. */
export function durationMinutes(start: string, end: string): number {
  return Math.round((Date.parse(end) - Date.parse(start)) / 60_000)
}
