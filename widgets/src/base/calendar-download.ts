import type { downloadSessions } from './session-calendar.js'

/**
 * Downloads sessions as an .ics file (see `downloadSessions`), loading the calendar writer on
 * first use: no element's first screen needs it, so it is a chunk of its own.
 */
export function downloadSessionsLater(...args: Parameters<typeof downloadSessions>): Promise<void> {
  return import('./session-calendar.js').then((m) => m.downloadSessions(...args))
}
