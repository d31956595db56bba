/**
 * Date and time formatting on `Intl` alone (no date library shipped to visitors). Formatters are
 * costly to build and a schedule formats hundreds of times per render, so they are cached.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, f);
  }
  return f;
}

/** The viewer's own IANA time zone. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** `YYYY-MM-DD` of an instant in a time zone: the key of the day tab it belongs to. */
export function dayKey(iso: string | number, timeZone: string): string {
  // en-CA formats dates as YYYY-MM-DD.
  return formatter('en-CA', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/** Minutes since midnight of an instant in a time zone: the row of a session in the grid. */
export function minutesOfDay(iso: string | number, timeZone: string): number {
  const parts = formatter('en-GB', timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(
    new Date(iso),
  );
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/** "09:30" or "9:30 AM", as the locale writes clock times. */
export function formatTime(iso: string | number, locale: string, timeZone: string): string {
  // 2-digit hours match what formatRange prints for ranges in 24-hour locales ("09:00–10:00").
  return formatter(locale, timeZone, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** "09:30 – 10:15" in the locale's own range style. */
export function formatTimeRange(start: string, end: string, locale: string, timeZone: string): string {
  return formatter(locale, timeZone, { hour: 'numeric', minute: '2-digit' }).formatRange(new Date(start), new Date(end));
}

/** "Tue 3 Jun" style label for a day tab; `day` is a `YYYY-MM-DD` key. */
export function formatDayTab(day: string, locale: string): { weekday: string; date: string } {
  // Noon UTC keeps the calendar date stable whatever zone the label is formatted in.
  const d = new Date(`${day}T12:00:00Z`);
  return {
    weekday: formatter(locale, 'UTC', { weekday: 'short' }).format(d),
    date: formatter(locale, 'UTC', { day: 'numeric', month: 'short' }).format(d),
  };
}

/** "Tuesday, 3 June 2025" for a `YYYY-MM-DD` key. */
export function formatLongDay(day: string, locale: string): string {
  return formatter(locale, 'UTC', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** "Tue 3 Jun, 09:30 – 10:15" for a session shown outside a day context. */
export function formatSessionWhen(start: string, end: string, locale: string, timeZone: string): string {
  return formatter(locale, timeZone, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).formatRange(new Date(start), new Date(end));
}

/** Short name of a time zone as the viewer knows it ("CEST", "GMT+2"). */
export function timeZoneName(timeZone: string, locale: string, at: string | number = Date.now()): string {
  return (
    formatter(locale, timeZone, { timeZoneName: 'short' })
      .formatToParts(new Date(at))
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone
  );
}

/** Duration in whole minutes. */
export function durationMinutes(start: string, end: string): number {
  return Math.round((Date.parse(end) - Date.parse(start)) / 60_000);
}
