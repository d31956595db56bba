/**
 * What a schedule keeps in the page's URL, so that a shared link opens the same day and session
 * (as pretalx's day anchors do): `#schedule.day=2031-06-11&schedule.session=<id>`.
 *
 * The hash is shared with the host page, so the schedule only ever touches its own keys, named
 * after its namespace (the element's `id`, else `schedule`, `schedule2`, … in page order); the
 * rest of the hash (the page's own anchor, other schedules' keys) stays as it is, in front. It
 * writes with `history.replaceState` on the visitor's own choices only (no history entry per
 * click, no `hashchange` for the page's router), and never into a hash the page routes by
 * (`#/…`, `#!/…`).
 */

/** The keys a schedule keeps: the chosen day and the open session or speaker. */
export interface HashState {
  day?: string | undefined
  session?: string | undefined
  speaker?: string | undefined
}

const KEYS = ['day', 'session', 'speaker'] as const

/** The hash's parts: the schedule's own keys of `ns`, and everything else in order. */
function split(ns: string, hash: string): { own: HashState; rest: string[] } {
  const own: HashState = {}
  const rest: string[] = []
  for (const part of hash.replace(/^#/, '').split('&')) {
    if (!part) continue
    const eq = part.indexOf('=')
    const key = eq > 0 ? part.slice(0, eq) : ''
    const name = key.startsWith(`${ns}.`) ? key.slice(ns.length + 1) : ''
    if ((KEYS as readonly string[]).includes(name)) {
      try {
        own[name as (typeof KEYS)[number]] = decodeURIComponent(part.slice(eq + 1))
        continue
      } catch {
        // Malformed escapes: not ours after all; left in place.
      }
    }
    rest.push(part)
  }
  return { own, rest }
}

/** A hash the host page routes by (`#/path`, `#!/path`): the schedule leaves it alone. */
const routed = (rest: string[]) => /^!?\//.test(rest[0] ?? '')

/** The schedule's state in a hash (the page's own by default). */
export function readHash(ns: string, hash = location.hash): HashState {
  const { own, rest } = split(ns, hash)
  return routed(rest) ? {} : own
}

/** The hash with the schedule's keys set to `state` (undefined ones removed), or undefined if unchanged or not ours to write. */
export function hashWith(ns: string, state: HashState, hash: string): string | undefined {
  const { own, rest } = split(ns, hash)
  if (routed(rest)) return undefined
  if (KEYS.every((k) => own[k] === state[k])) return undefined
  const mine = KEYS.filter((k) => state[k]).map((k) => `${ns}.${k}=${encodeURIComponent(state[k]!)}`)
  const parts = [...rest, ...mine]
  return parts.length ? `#${parts.join('&')}` : ''
}

/** Writes the schedule's state into the page's URL, replacing the current history entry. */
export function writeHash(ns: string, state: HashState): void {
  const next = hashWith(ns, state, location.hash)
  if (next === undefined) return
  // history.state is the page's (a router's); it is kept as it is.
  history.replaceState(history.state, '', `${location.pathname}${location.search}${next}`)
}

/** The namespace of a schedule: its `id`, else its place among the page's schedules without one. */
export function hashNamespace(el: HTMLElement): string {
  if (el.id) return el.id
  const unnamed = [...document.querySelectorAll(`${el.localName}:not([id])`)]
  const i = unnamed.indexOf(el)
  return i > 0 ? `schedule${i + 1}` : 'schedule'
}
