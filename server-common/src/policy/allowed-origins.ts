/**
 * The one origin rule (docs/admin-api.md#embed-tokens, `allowedOrigins`), for both sides of `embed_tokens.allowed_origins`:
 * the admin API normalises what it stores with `normaliseAllowedOrigin`, and the embed server
 * compiles what is stored with the same function (`compileOriginPolicy`) and parses a request's
 * `Origin`/`Referer` with the same parser (`normaliseOrigin`, `requestOrigin`).
 *
 * An origin is lower-case `scheme://host[:port]`: `http:` or `https:` only, default ports dropped,
 * IDNs as punycode (WHATWG `URL` does the normalising), no userinfo, no `*` or empty label in the
 * host, no whitespace or control character. A full URL is reduced to its origin. A trailing dot
 * is kept: browsers treat `https://example.com.` as another origin. A stored entry may also be a
 * wildcard subdomain `scheme://*.domain[:port]`: a leading `*.` only, over a domain name of two
 * labels or more (no IP address), matching one or more labels before the domain with the same
 * scheme and port, never the bare domain.
 */

/** `scheme://authority` at the start of a value: the only form accepted (no `https:x`, no `https:\\x`). */
const SCHEME_AND_AUTHORITY = /^(https?):\/\/([^/?#\\]*)/i
/** Anything `URL` would silently drop or that has no place in an origin. */
const WHITESPACE_OR_CONTROL = /[\s\p{Cc}]/u
const WILDCARD_PREFIX = '*.'
const PLACEHOLDER_LABEL = 'x'

/**
 * `scheme://host[:port]` of an http(s) URL or origin, or `undefined` when the value is none (a
 * wildcard, userinfo, another scheme, the opaque origin `null`, …). Not memoised: see `normaliseOrigin`.
 */
function parseOrigin(value: string): string | undefined {
  const text = value.trim()
  if (WHITESPACE_OR_CONTROL.test(text)) return undefined
  const authority = SCHEME_AND_AUTHORITY.exec(text)?.[2]
  // `@` anywhere in the authority is userinfo: `https://good.example@evil.com` is evil.com.
  if (!authority || authority.includes('@')) return undefined
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return undefined
  }
  const host = url.hostname
  if (!host || host.includes('*') || host.startsWith('.') || host.includes('..')) return undefined
  // URL has lower-cased the scheme and host, punycoded the host and dropped a default port.
  return `${url.protocol}//${url.host}`
}

/** The normalised `scheme://*.domain[:port]` of a wildcard entry, or `undefined` when it is not a valid one. */
function parseWildcard(entry: string): string | undefined {
  const text = entry.trim()
  const at = text.indexOf('://')
  if (at < 0 || !text.startsWith(WILDCARD_PREFIX, at + 3)) return undefined
  // A wildcard is a pattern, not a page: at most a trailing `/`, no path, query or fragment.
  const rest = text.slice(at + 3 + WILDCARD_PREFIX.length).replace(/\/$/, '')
  if (/[/?#\\*]/.test(rest)) return undefined
  // Parse with a placeholder label, so that the domain is validated and normalised like any host.
  const origin = parseOrigin(`${text.slice(0, at + 3)}${PLACEHOLDER_LABEL}.${rest}`)
  if (!origin) return undefined
  const url = new URL(origin)
  const domain = url.hostname.slice(PLACEHOLDER_LABEL.length + 1)
  // Two labels at least: `*.com` is every site. (An IP address cannot follow a label: URL refuses
  // `x.127.0.0.1` and `x.[::1]`, so IPv4 and IPv6 wildcards never get here.)
  if (domain.replace(/\.$/, '').split('.').length < 2) return undefined
  return `${url.protocol}//${WILDCARD_PREFIX}${domain}${url.port ? `:${url.port}` : ''}`
}

/**
 * The stored form of one `allowedOrigins` entry, or `undefined` when it is neither an origin, a
 * URL (reduced to its origin) nor a wildcard subdomain. Surrounding whitespace is ignored.
 *
 * @example
 * normaliseAllowedOrigin('HTTPS://Shop.Example.com:443/cart?x=1') // 'https://shop.example.com'
 * normaliseAllowedOrigin('https://*.Example.com/')                 // 'https://*.example.com'
 * normaliseAllowedOrigin('https://user@example.com')               // undefined
 */
export function normaliseAllowedOrigin(entry: string): string | undefined {
  return parseWildcard(entry) ?? parseOrigin(entry)
}

/** Memo of `normaliseOrigin` ('' for "not an origin"); cleared when full, so a flood of made-up origins cannot grow it. */
const MEMO_SIZE = 1_000
const normalised = new Map<string, string>()

/**
 * `scheme://host[:port]` of a request's `Origin` or `Referer` value, or `undefined` when it is not
 * an http(s) origin or URL (including `null`, `file:`, wildcards and userinfo). Memoised: pages send
 * the same few values over and over, and this runs on the embed server's hot path.
 *
 * @example
 * normaliseOrigin('HTTPS://Shop.Example.com:443/cart') // 'https://shop.example.com'
 */
export function normaliseOrigin(value: string): string | undefined {
  if (!value || value === 'null') return undefined
  const known = normalised.get(value)
  if (known !== undefined) return known || undefined
  const origin = parseOrigin(value)
  if (normalised.size >= MEMO_SIZE) normalised.clear()
  normalised.set(value, origin ?? '')
  return origin
}

/**
 * The origin a request comes from: its `Origin` header, else the origin of its `Referer` (some
 * browsers omit `Origin` on same-site GETs). `null` when the browser says the origin is opaque,
 * `undefined` when neither header is usable.
 *
 * @example
 * requestOrigin(undefined, 'https://shop.example.com/agenda') // 'https://shop.example.com'
 */
export function requestOrigin(originHeader: string | undefined, refererHeader: string | undefined): string | null | undefined {
  if (originHeader) return originHeader === 'null' ? null : normaliseOrigin(originHeader)
  return refererHeader ? normaliseOrigin(refererHeader) : undefined
}

/** A compiled allowed-origins list: `matches(origin)` for a normalised request origin. */
export interface OriginPolicy {
  /** True when the list is empty: every origin (and none) is allowed. */
  allowsAll: boolean
  matches(origin: string): boolean
}

interface Wildcard {
  scheme: string
  /** `.example.com`: a matching host ends with it and has at least one label before it. */
  suffix: string
  port: string
}

/**
 * Compiles a token's `allowed_origins` once (with the rule that stored them), so that the check per
 * request is a set lookup and a few suffix comparisons. Entries that do not parse allow nothing.
 *
 * @example
 * const policy = compileOriginPolicy(['https://*.example.com'])
 * policy.matches('https://shop.example.com') // true
 * policy.matches('https://example.com')      // false
 */
export function compileOriginPolicy(allowed: readonly string[]): OriginPolicy {
  if (allowed.length === 0) return { allowsAll: true, matches: () => true }
  const exact = new Set<string>()
  const wildcards: Wildcard[] = []
  for (const entry of allowed) {
    const origin = normaliseAllowedOrigin(entry)
    if (!origin) continue
    const at = origin.indexOf(`://${WILDCARD_PREFIX}`)
    if (at < 0) {
      exact.add(origin)
      continue
    }
    const url = new URL(`${origin.slice(0, at + 3)}${PLACEHOLDER_LABEL}${origin.slice(at + 4)}`)
    wildcards.push({ scheme: url.protocol, suffix: url.hostname.slice(PLACEHOLDER_LABEL.length), port: url.port })
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
