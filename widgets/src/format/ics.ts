/** iCalendar (RFC 5545) export, so sessions go into any calendar app without a server round trip. */

export interface IcsEntry {
  uid: string
  title: string
  description?: string | null | undefined
  location?: string | null | undefined
  start: string
  end: string
}

function stamp(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/** Escapes TEXT values: backslash, semicolon, comma and newlines are special in iCalendar. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')
}

/** Folds lines longer than 75 octets, as RFC 5545 section 3.1 requires. */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line)
  if (bytes.length <= 75) return line
  const out: string[] = []
  let current = ''
  let size = 0
  for (const ch of line) {
    const n = new TextEncoder().encode(ch).length
    if (size + n > (out.length ? 74 : 75)) {
      out.push(current)
      current = ''
      size = 0
    }
    current += ch
    size += n
  }
  out.push(current)
  return out.join('\r\n ')
}

/**
 * A VCALENDAR with one VEVENT per entry; times in UTC so every calendar converts them correctly.
 *
 * @example buildIcs([{ uid: s.id, title: s.title, start: s.starts_at, end: s.ends_at }], 'DevConf')
 */
export function buildIcs(entries: IcsEntry[], calendarName: string, now = new Date().toISOString()): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//event-service//widgets//EN', 'CALSCALE:GREGORIAN']
  lines.push(`X-WR-CALNAME:${escapeText(calendarName)}`)
  for (const e of entries) {
    lines.push('BEGIN:VEVENT', `UID:${e.uid}@event-service`, `DTSTAMP:${stamp(now)}`)
    lines.push(`DTSTART:${stamp(e.start)}`, `DTEND:${stamp(e.end)}`, `SUMMARY:${escapeText(e.title)}`)
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`)
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`)
    lines.push('END:VEVENT')
  }
  lines.push('END:VCALENDAR')
  return `${lines.map(fold).join('\r\n')}\r\n`
}

/** Safe file name from a title. */
export function icsFileName(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60)
  return `${base || 'event'}.ics`
}

/** Offers the calendar as a file download. */
export function downloadIcs(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.click()
  // Revoke later: Chromium starts the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
