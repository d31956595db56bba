/**
 * Origin rules of DESIGN.md: an allowed entry is an exact origin (`https://shop.example.com`) or a
 * wildcard subdomain (`https://*.example.com`: one or more labels before `example.com`, same scheme
 * and port, never the bare domain). Both sides are normalised the way the admin API stores them:
 * lower-case `scheme://host[:port]`, default ports dropped.
 */

/** A compiled allowed-origins list: `matches(origin)` for a normalised request origin. */
export interface OriginPolicy {
  /** True when the list is empty: every origin (and none) is allowed. */
  allowsAll: boolean
  matches(origin: string): boolean
}

const WILDCARD_LABEL = '*.'

/**
 * `scheme://host[:port]` of an http(s) URL or origin, lower-case and without a default port;
 * `undefined` for anything else (including the opaque origin `null`).
 *
 * @example
 * normaliseOrigin('HTTPS://Shop.Example.com:443/cart') // 'https://shop.example.com'
 */
export function normaliseOrigin(value: string): string | undefined {
  if (!value || value === 'null') return undefined
  // Pages send the same few Origin headers over and over: parse each once (bounded memo).
  const known = normalised.get(value)
  if (known !== undefined) return known || undefined
  const origin = parseOrigin(value)
  if (normalised.size >= MEMO_SIZE) normalised.clear()
  normalised.set(value, origin ?? '')
  return origin
}

/** Memo of `normaliseOrigin` ('' for "not an origin"); cleared when full, so a flood of made-up origins cannot grow it. */
const MEMO_SIZE = 1_000
const normalised = new Map<string, string>()

function parseOrigin(value: string): string | undefined {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) return undefined
  // URL already lower-cases the host, punycodes it and drops the scheme's default port.
  return `${url.protocol}//${url.host}`
}

interface Wildcard {
  scheme: string
  /** `.example.com`: a matching host ends with it and has at least one label before it. */
  suffix: string
  port: string
}

function parseWildcard(entry: string): Wildcard | undefined {
  const at = entry.indexOf('://')
  if (at < 0 || entry.slice(at + 3, at + 3 + WILDCARD_LABEL.length) !== WILDCARD_LABEL) return undefined
  // Parse with a placeholder label so that URL does the normalising of the rest.
  const parsed = normaliseOrigin(`${entry.slice(0, at + 3)}x${entry.slice(at + 4)}`)
  if (!parsed) return undefined
  const url = new URL(parsed)
  return { scheme: url.protocol, suffix: url.hostname.slice(1), port: url.port }
}

/**
 * Compiles a token's `allowed_origins` once, so that the check per request is a set lookup and a
 * few suffix comparisons. Entries that cannot be parsed allow nothing.
 */
export function compileOriginPolicy(allowed: readonly string[]): OriginPolicy {
  if (allowed.length === 0) return { allowsAll: true, matches: () => true }
  const exact = new Set<string>()
  const wildcards: Wildcard[] = []
  for (const entry of allowed) {
    const wildcard = parseWildcard(entry.trim())
    if (wildcard) {
      wildcards.push(wildcard)
      continue
    }
    const origin = normaliseOrigin(entry.trim())
    if (origin) exact.add(origin)
  }
  const matchesWildcard = (origin: string): boolean => {
    let url: URL
    try {
      url = new URL(origin)
    } catch {
      return false
    }
    return wildcards.some(
      (w) => url.protocol === w.scheme && url.port === w.port && url.hostname.length > w.suffix.length && url.hostname.endsWith(w.suffix),
    )
  }
  // Verdicts on wildcards are remembered per policy (a cached token's policy lives as long as its
  // cache entry); bounded like the origin memo.
  const wildcardVerdicts = new Map<string, boolean>()
  return {
    allowsAll: false,
    matches(origin) {
      if (exact.has(origin)) return true
      if (wildcards.length === 0) return false
      let verdict = wildcardVerdicts.get(origin)
      if (verdict === undefined) {
        verdict = matchesWildcard(origin)
        if (wildcardVerdicts.size >= MEMO_SIZE) wildcardVerdicts.clear()
        wildcardVerdicts.set(origin, verdict)
      }
      return verdict
    },
  }
}

/**
 * The origin a request comes from: its `Origin` header, else the origin of its `Referer` (some
 * browsers omit `Origin` on same-site GETs). `null` when the browser says the origin is opaque,
 * `undefined` when neither header is usable.
 */
export function requestOrigin(originHeader: string | undefined, refererHeader: string | undefined): string | null | undefined {
  if (originHeader) return originHeader === 'null' ? null : normaliseOrigin(originHeader)
  return refererHeader ? normaliseOrigin(refererHeader) : undefined
}
