// The allowed-origins field of a token's form: one entry per line, each checked with the very rule
// the API stores them by (server-common/src/policy/allowed-origins.ts), so a mistake is shown on its line
// before anything is sent. Also whether a token lets the console itself preview its widgets.
import { compileOriginPolicy, normaliseAllowedOrigin } from '@event-service/server-common/policy/allowed-origins.ts'

/** A line that is neither an origin, a URL nor a wildcard subdomain (1-based, as people count). */
export interface InvalidOriginLine {
  line: number
  value: string
}

export interface ParsedOrigins {
  /** The normalised entries, each once, in the order written. */
  origins: string[]
  invalid: InvalidOriginLine[]
}

/**
 * Reads the textarea's lines; blank lines are skipped.
 *
 * @example
 * parseOriginLines('https://Shop.example.com/cart\n\nftp://x') // {origins: ['https://shop.example.com'], invalid: [{line: 3, value: 'ftp://x'}]}
 */
export function parseOriginLines(text: string): ParsedOrigins {
  const origins: string[] = []
  const invalid: InvalidOriginLine[] = []
  text.split(/\r?\n/).forEach((raw, index) => {
    const value = raw.trim()
    if (!value) return
    const origin = normaliseAllowedOrigin(value)
    if (origin === undefined) invalid.push({ line: index + 1, value })
    else if (!origins.includes(origin)) origins.push(origin)
  })
  return { origins, invalid }
}

/** The textarea's text for a stored list. */
export function originLines(origins: readonly string[]): string {
  return origins.join('\n')
}

/**
 * Whether a page at `origin` may use a token with these allowed origins (an empty list allows
 * every origin), by the embed server's own matcher.
 *
 * @example
 * allowsOrigin(['https://*.example.com'], 'https://shop.example.com') // true
 */
export function allowsOrigin(allowed: readonly string[], origin: string): boolean {
  const policy = compileOriginPolicy(allowed)
  return policy.allowsAll || policy.matches(origin)
}

/** The list with `origin` added (at the end), unless it is allowed already. */
export function withOrigin(allowed: readonly string[], origin: string): string[] {
  return allowsOrigin(allowed, origin) ? [...allowed] : [...allowed, origin]
}
