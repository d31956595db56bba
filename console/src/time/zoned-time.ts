/**
 * Wall-clock arithmetic in an IANA time zone on `Intl` alone. The console works in the event's
 * zone whatever the organiser's own is: the event form's start and end, the schedule editor's
 * grid, its side panel's inputs and its PATCH all round-trip through these functions.
 */

const formatters = new Map<string, Intl.DateTimeFormat>()

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, f)
  }
  return f
}

/** Offset of `timeZone` from UTC in ms at the instant `ms` (positive east of Greenwich). */
export function zoneOffset(ms: number, timeZone: string): number {
  const parts = partsFormatter(timeZone).formatToParts(ms)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'))
  return asUtc - (ms - (((ms % 60_000) + 60_000) % 60_000))
}

const pad = (n: number) => String(n).padStart(2, '0')

/** `YYYY-MM-DD` key and minutes since midnight of an instant, as the zone's clocks show it. */
export function wallTime(ms: number, timeZone: string): { day: string; minutes: number } {
  const d = new Date(ms + zoneOffset(ms, timeZone))
  return {
    day: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    minutes: d.getUTCHours() * 60 + d.getUTCMinutes(),
  }
}

/** The day key `n` days after `day` (calendar days; no zone involved). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

/**
 * The instant at which the zone's clocks show `minutes` after midnight of `day`. A time that the
 * clocks skip (spring forward) gives the instant as far after the gap as the time was into it
 * (02:30 → 03:30 in Berlin), as most calendars do; a time shown twice (fall back) gives the first.
 */
export function instantAt(day: string, minutes: number, timeZone: string): number {
  const local = Date.parse(`${day}T00:00:00Z`) + minutes * 60_000
  // A zone changes its offset at most once within a day either side, so the offsets a day before
  // and a day after are the only ones the wall time can be under.
  const earlier = zoneOffset(local - 86_400_000, timeZone)
  const later = zoneOffset(local + 86_400_000, timeZone)
  const valid = [local - earlier, local - later].filter((ms) => ms + zoneOffset(ms, timeZone) === local)
  // None valid: a skipped time, read with the offset before the change (which lands after the gap).
  return valid.length ? Math.min(...valid) : local - earlier
}

/** Every day key from the day of `startMs` to the day of `endMs` in the zone, in order. */
export function daysBetween(startMs: number, endMs: number, timeZone: string): string[] {
  const first = wallTime(startMs, timeZone).day
  const last = wallTime(Math.max(startMs, endMs), timeZone).day
  const days: string[] = []
  // An event of a year is an error, not a schedule: cap the tabs rather than hang the page.
  for (let d = first; d <= last && days.length < 366; d = addDays(d, 1)) days.push(d)
  return days
}

/** `YYYY-MM-DDTHH:mm` of an instant in the zone: the value of an `<input type="datetime-local">`. */
export function toLocalInput(ms: number, timeZone: string): string {
  const { day, minutes } = wallTime(ms, timeZone)
  return `${day}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`
}

/** The instant of a `datetime-local` value read in the zone; undefined when it is not one. */
export function fromLocalInput(value: string, timeZone: string): number | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value)
  // Date.parse rolls 30 February over into March: a real day reads back as itself.
  const midnight = m ? Date.parse(`${m[1]}T00:00:00Z`) : Number.NaN
  if (!m || Number.isNaN(midnight) || new Date(midnight).toISOString().slice(0, 10) !== m[1]) return undefined
  const hours = Number(m[2])
  const minutes = Number(m[3])
  if (hours > 23 || minutes > 59) return undefined
  return instantAt(m[1] as string, hours * 60 + minutes, timeZone)
}

/** An ISO 8601 instant as a `datetime-local` value in the zone; '' for none or nonsense. */
export function isoToLocalInput(iso: string | null | undefined, timeZone: string): string {
  const ms = iso ? Date.parse(iso) : Number.NaN
  return Number.isNaN(ms) ? '' : toLocalInput(ms, timeZone)
}

/** A `datetime-local` value read in the zone, as ISO 8601 in UTC; undefined when it is not one. */
export function localInputToIso(value: string, timeZone: string): string | undefined {
  const ms = fromLocalInput(value.trim(), timeZone)
  return ms === undefined ? undefined : new Date(ms).toISOString()
}
