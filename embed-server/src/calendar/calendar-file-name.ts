/**
 * A download's file name from a title: "DevConf 2030: Keynote" → `DevConf-2030-Keynote.ics`.
 * Letters and digits of any script stay (the header carries them percent-encoded); whatever a
 * file system or a header could misread goes.
 */
export function calendarFileName(title: string): string {
  const base = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80)
  return `${base || 'calendar'}.ics`
}

/**
 * `Content-Disposition: attachment` with the name in both forms of RFC 6266: `filename` in ASCII
 * for old clients, `filename*` in UTF-8 for the rest.
 */
export function attachmentOf(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '')
  // A name with no ASCII letter left ("基調講演.ics" is ".ics") gets a neutral one for old clients.
  const fallback = /^[^.]/.test(ascii) ? ascii : 'calendar.ics'
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}
