import { describe, expect, it } from 'vitest'
import { compileOriginPolicy, normaliseAllowedOrigin, normaliseOrigin, requestOrigin } from './allowed-origins.ts'

/** What the admin API stores for an `allowedOrigins` entry; `undefined`: refused (400). */
const ENTRIES: [rule: string, entry: string, stored: string | undefined][] = [
  ['exact origin', 'https://shop.example.com', 'https://shop.example.com'],
  ['exact origin with a port', 'http://localhost:8080', 'http://localhost:8080'],
  ['upper case', 'HTTPS://Shop.Example.COM', 'https://shop.example.com'],
  ['full URL reduced to its origin', 'https://shop.example.com:443/cart?x=1#top', 'https://shop.example.com'],
  ['default http port dropped', 'http://example.com:80/', 'http://example.com'],
  ['other port kept', 'https://example.com:8443', 'https://example.com:8443'],
  ['surrounding whitespace', '  https://padded.example.com \n', 'https://padded.example.com'],
  ['IDN to punycode', 'https://bücher.example', 'https://xn--bcher-kva.example'],
  ['IDN in upper case', 'https://BÜCHER.example', 'https://xn--bcher-kva.example'],
  ['punycode as is', 'https://xn--bcher-kva.example', 'https://xn--bcher-kva.example'],
  ['trailing dot kept (another origin to a browser)', 'https://good.example.', 'https://good.example.'],
  ['IPv4 host', 'http://127.0.0.1:3002', 'http://127.0.0.1:3002'],
  ['IPv4 shorthand normalised', 'http://127.1', 'http://127.0.0.1'],
  ['IPv6 host', 'http://[::1]:8080', 'http://[::1]:8080'],
  ['wildcard', 'https://*.example.com', 'https://*.example.com'],
  ['wildcard normalised, trailing slash', 'https://*.Example.com:8443/', 'https://*.example.com:8443'],
  ['wildcard default port dropped', 'https://*.example.com:443', 'https://*.example.com'],
  ['wildcard over an IDN', 'https://*.bücher.example', 'https://*.xn--bcher-kva.example'],
  ['wildcard over a multi-label domain', 'http://*.a.b.example', 'http://*.a.b.example'],
  ['no scheme', 'example.com', undefined],
  ['scheme without //', 'https:example.com', undefined],
  ['backslashes', 'https:\\\\example.com', undefined],
  ['three slashes', 'https:///example.com', undefined],
  ['ftp:', 'ftp://example.com', undefined],
  ['file:', 'file:///etc/passwd', undefined],
  ['javascript:', 'javascript:alert(1)', undefined],
  ['data:', 'data:text/html,hi', undefined],
  ['blob:', 'blob:https://example.com/0b7c6f0e', undefined],
  ['null', 'null', undefined],
  ['empty', '', undefined],
  ['only whitespace', '   ', undefined],
  ['not a URL', 'not a url', undefined],
  ['whitespace inside', 'https://exa mple.com', undefined],
  ['tab inside (URL would drop it)', 'https://good.exa\tmple', undefined],
  ['newline inside (URL would drop it)', 'https://good.exa\nmple', undefined],
  ['userinfo', 'https://user:pass@example.com', undefined],
  ['user only', 'https://good.example@evil.com', undefined],
  ['empty userinfo', 'https://@example.com', undefined],
  ['empty label', 'https://a..example.com', undefined],
  ['leading dot', 'https://.example.com', undefined],
  ['bad port', 'https://example.com:65536', undefined],
  ['lone *', '*', undefined],
  ['* as host', 'https://*', undefined],
  ['wildcard over a TLD', 'https://*.com', undefined],
  ['wildcard over a TLD with a trailing dot', 'https://*.com.', undefined],
  ['* not followed by a dot', 'https://*example.com', undefined],
  ['* not leading', 'https://a.*.example.com', undefined],
  ['two wildcards', 'https://*.*.example.com', undefined],
  ['* inside a label', 'https://a*b.example.com', undefined],
  ['wildcard with a path', 'https://*.example.com/path', undefined],
  ['wildcard with a query', 'https://*.example.com?x', undefined],
  ['wildcard without scheme', '*.example.com', undefined],
  ['wildcard with userinfo', 'https://*.example.com@evil.com', undefined],
  ['wildcard port *', 'https://*.example.com:*', undefined],
  ['IPv4 wildcard', 'https://*.127.0.0.1', undefined],
  ['partial IPv4 wildcard', 'https://*.0.0.1', undefined],
  ['IPv6 wildcard', 'https://*.[::1]', undefined],
]

/** Entries stored before the rule normalised them still work. */
const UNNORMALISED = ['HTTPS://Good.Example:443/some/path', 'https://*.Example.ORG']
const POLICY = ['https://good.example', 'https://*.example.com', 'http://localhost:8080', 'http://[::1]:3000', 'https://*.bücher.example']

/**
 * A request's `Origin` (and `Referer`) against a token's list: `origin` is what the request is
 * taken to come from (`requestOrigin`), `allowed` the verdict.
 */
const REQUESTS: [
  rule: string,
  list: string[],
  origin: string | undefined,
  referer: string | undefined,
  parsed: string | null | undefined,
  allowed: boolean,
][] = [
  ['exact match', POLICY, 'https://good.example', undefined, 'https://good.example', true],
  ['upper-case Origin', POLICY, 'HTTPS://GOOD.example', undefined, 'https://good.example', true],
  ['default port in Origin', POLICY, 'https://good.example:443', undefined, 'https://good.example', true],
  ['exact with port', POLICY, 'http://localhost:8080', undefined, 'http://localhost:8080', true],
  ['IPv6 exact', POLICY, 'http://[::1]:3000', undefined, 'http://[::1]:3000', true],
  ['another scheme of an exact origin', POLICY, 'http://good.example', undefined, 'http://good.example', false],
  ['another port of an exact origin', POLICY, 'https://good.example:8443', undefined, 'https://good.example:8443', false],
  ['another port of localhost', POLICY, 'http://localhost:8081', undefined, 'http://localhost:8081', false],
  ['a subdomain of an exact origin', POLICY, 'https://www.good.example', undefined, 'https://www.good.example', false],
  ['trailing dot is another origin', POLICY, 'https://good.example.', undefined, 'https://good.example.', false],
  ['wildcard: one label', POLICY, 'https://shop.example.com', undefined, 'https://shop.example.com', true],
  ['wildcard: several labels', POLICY, 'https://a.b.example.com', undefined, 'https://a.b.example.com', true],
  ['wildcard over an IDN', POLICY, 'https://a.xn--bcher-kva.example', undefined, 'https://a.xn--bcher-kva.example', true],
  ['wildcard never the bare domain', POLICY, 'https://example.com', undefined, 'https://example.com', false],
  ['wildcard: another scheme', POLICY, 'http://shop.example.com', undefined, 'http://shop.example.com', false],
  ['wildcard: another port', POLICY, 'https://shop.example.com:8443', undefined, 'https://shop.example.com:8443', false],
  ['look-alike: allowed name as a subdomain', POLICY, 'https://good.example.evil.com', undefined, 'https://good.example.evil.com', false],
  ['look-alike: allowed name as a suffix', POLICY, 'https://evilgood.example', undefined, 'https://evilgood.example', false],
  ['look-alike: wildcard domain as a suffix', POLICY, 'https://evilexample.com', undefined, 'https://evilexample.com', false],
  ['look-alike: wildcard domain as a subdomain', POLICY, 'https://example.com.evil.com', undefined, 'https://example.com.evil.com', false],
  ['look-alike: longer TLD', POLICY, 'https://good.examplex', undefined, 'https://good.examplex', false],
  ['look-alike: userinfo', POLICY, 'https://good.example@evil.com', undefined, undefined, false],
  ['look-alike: a * host', POLICY, 'https://*.example.com', undefined, undefined, false],
  ['look-alike: empty label', POLICY, 'https://..example.com', undefined, undefined, false],
  ['look-alike: tab inside', POLICY, 'https://good.exa\tmple', undefined, undefined, false],
  ['Origin: null (sandboxed frame, file:)', POLICY, 'null', 'https://good.example/', null, false],
  ['file: Origin', POLICY, 'file:///home/page.html', undefined, undefined, false],
  ['javascript: Origin', POLICY, 'javascript:alert(1)', undefined, undefined, false],
  ['malformed Origin', POLICY, 'garbage', 'https://good.example/', undefined, false],
  ['no Origin, Referer reduced to its origin', POLICY, undefined, 'https://Good.example:443/agenda?x=1', 'https://good.example', true],
  ['no Origin, Referer of another site', POLICY, undefined, 'https://evil.example/page', 'https://evil.example', false],
  ['Origin preferred to Referer', POLICY, 'https://evil.example', 'https://good.example/page', 'https://evil.example', false],
  ['neither header', POLICY, undefined, undefined, undefined, false],
  ['empty list allows any origin', [], 'https://anything.example', undefined, 'https://anything.example', true],
  ['empty list allows no origin at all', [], undefined, undefined, undefined, true],
  ['empty list allows null', [], 'null', undefined, null, true],
  ['stored entries are normalised again', UNNORMALISED, 'https://a.example.org', undefined, 'https://a.example.org', true],
  ['an entry that does not parse allows nothing', ['https://*.com', 'not a url'], 'https://shop.com', undefined, 'https://shop.com', false],
]

describe('the allowed-origins rule', () => {
  it.each(ENTRIES)('stores %s: %j as %j', (_rule, entry, stored) => {
    expect(normaliseAllowedOrigin(entry)).toBe(stored)
  })

  it.each(REQUESTS)('%s', (_rule, list, origin, referer, parsed, allowed) => {
    const policy = compileOriginPolicy(list)
    const from = requestOrigin(origin, referer)
    expect(from).toBe(parsed)
    expect(policy.allowsAll || (from != null && policy.matches(from))).toBe(allowed)
    // Asked again: the memoised answers are the same.
    expect(requestOrigin(origin, referer)).toBe(parsed)
    expect(policy.allowsAll || (from != null && policy.matches(from))).toBe(allowed)
  })

  it('reads every stored form back as itself: what the admin API stores, the embed server matches', () => {
    for (const [, , stored] of ENTRIES) {
      if (stored === undefined) continue
      expect(normaliseAllowedOrigin(stored)).toBe(stored)
      if (!stored.includes('*')) expect(normaliseOrigin(stored)).toBe(stored)
    }
  })
})
