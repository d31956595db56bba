/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant))
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const wallClock = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  return wallClock - Math.floor(instant / 1000) * 1000
}

/**
 * The instant at which the wall clock in `timeZone` shows `time` on the given day (the day may
 * overflow the month: `{ day: 32 }` is the 1st of the next one).
 *
 * @example
 * zonedInstant({ year: 2026, month: 7, day: 14 }, '09:00', 'Europe/Berlin') // 2026-07-14T07:00:00Z
 */
export function zonedInstant(date: { year: number; month: number; day: number }, time: string, timeZone: string): Date {
  const [hour = 0, minute = 0] = time.split(':').map(Number)
  const wallClock = Date.UTC(date.year, date.month - 1, date.day, hour, minute)
  // The offset at the wall-clock time read as UTC is right except within hours of a DST change;
  // asking again at the first guess settles it.
  const guess = wallClock - offsetAt(wallClock, timeZone)
  return new Date(wallClock - offsetAt(guess, timeZone))
}
