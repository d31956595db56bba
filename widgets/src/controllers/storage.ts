/**
 * localStorage that never throws: it is unavailable in some sandboxed iframes and in private
 * modes, and a widget must keep working there (it just forgets between visits).
 */
const PREFIX = 'service-widgets:'

export function readPref<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(PREFIX + key)
    return raw === null ? fallback : (JSON.parse(raw) as T)
  } catch {
    return fallback
  }
}

export function writePref(key: string, value: unknown): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value))
  } catch {
    // Storage full or blocked: the preference lasts for this page view only.
  }
}

/** Full storage key, for tests and for matching `storage` events from other tabs. */
export function prefKey(key: string): string {
  return PREFIX + key
}
