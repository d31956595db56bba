// A token's expiry is edited in a `datetime-local` field (the organiser's wall clock) and sent as
// an ISO instant with its zone, which is what the API accepts; these convert between the two.

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * The `datetime-local` value (`2026-12-31T23:59`) of an instant, in the browser's time zone; ''
 * for none.
 */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/**
 * The instant a `datetime-local` value names in the browser's time zone, as ISO 8601 UTC; null for
 * an empty field, undefined for a value that is not a date and time.
 */
export function fromLocalInput(value: string): string | null | undefined {
  const text = value.trim()
  if (!text) return null
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return undefined
  // Without a zone, Date reads a date-time as local time (ECMA-262), which is what the field means.
  const d = new Date(text)
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString()
}

/** Whether a token has expired by `now`. */
export function isExpired(expiresAt: string | null, now = Date.now()): boolean {
  return expiresAt !== null && Date.parse(expiresAt) <= now
}
