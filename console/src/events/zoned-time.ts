// An event's start and end are edited as wall-clock times in the event's time zone
// (a datetime-local input: "2026-06-01T09:00") and stored as instants (ISO 8601, UTC). These
// convert between the two with Intl alone, across daylight-saving changes.

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

const formatters = new Map<string, Intl.DateTimeFormat>()
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** The wall-clock fields of an instant in a zone, as a UTC timestamp of those fields. */
function wallClockMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {}
  for (const part of partsFormatter(timeZone).formatToParts(new Date(instant)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!)
}

/** The zone's offset from UTC at an instant, in milliseconds (Berlin in summer: +7,200,000). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  return wallClockMs(Math.floor(instant / 1000) * 1000, timeZone) - Math.floor(instant / 1000) * 1000
}

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * An instant as the value of a datetime-local input in a zone; '' for no or a bad instant.
 *
 * @example
 * toZonedInput('2026-06-01T07:00:00Z', 'Europe/Berlin') // '2026-06-01T09:00'
 */
export function toZonedInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return ''
  const instant = Date.parse(iso)
  if (Number.isNaN(instant)) return ''
  const wall = new Date(wallClockMs(instant, timeZone))
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`
}

/**
 * The instant a datetime-local value means in a zone, as ISO 8601 in UTC; undefined for a value
 * that is not one. A time skipped by a daylight-saving change (02:30 on the spring morning) is
 * read with the offset before the change, as a clock would have shown it, so it moves forward
 * an hour; a repeated time (the autumn morning) means its first occurrence.
 *
 * @example
 * fromZonedInput('2026-06-01T09:00', 'Europe/Berlin') // '2026-06-01T07:00:00.000Z'
 */
export function fromZonedInput(local: string, timeZone: string): string | undefined {
  const match = LOCAL.exec(local.trim())
  if (!match) return undefined
  const [, y, mo, d, h, mi, s] = match
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0))
  const check = new Date(wall)
  if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d)) return undefined
  // Candidates: the wall time read with the offsets in force a day either side of it.
  const before = wall - zoneOffsetMs(wall - 86_400_000, timeZone)
  const after = wall - zoneOffsetMs(wall + 86_400_000, timeZone)
  const exact = [before, after].filter((instant) => wallClockMs(instant, timeZone) === wall).sort((a, b) => a - b)
  return new Date(exact[0] ?? before).toISOString()
}
