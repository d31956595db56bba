// The IANA zones an event may be in, for the form's searchable list.

/**
 * Every zone the browser knows, sorted, with UTC (which supportedValuesOf leaves out in some
 * engines) and the current value (an older zone name the API accepted) always present.
 */
export function timeZoneChoices(current?: string): string[] {
  let zones: string[]
  try {
    zones = Intl.supportedValuesOf('timeZone')
  } catch {
    zones = []
  }
  const all = new Set(zones)
  all.add('UTC')
  if (current) all.add(current)
  return [...all].sort((a, b) => a.localeCompare(b))
}

/** The browser's own zone, the default for a new event. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}
