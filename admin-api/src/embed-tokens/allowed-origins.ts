const WILDCARD = /^(https?):\/\/\*\.([^/:?#*]+)(:\d{1,5})?\/?$/i
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/

/**
 * The normalised form of one `allowedOrigins` entry (DESIGN.md), or `undefined` when it is none
 * of: an origin (`https://shop.example.com`, `http://localhost:8080`); a full URL, reduced to its
 * origin; a wildcard subdomain `https://*.example.com` (a leading `*.` only, over a domain of at
 * least two labels). Results are lower-case, punycode, without default ports, so the embed
 * server can compare them with a browser's `Origin` header as plain strings.
 *
 * @example
 * normaliseOrigin('HTTPS://Shop.Example.com:443/cart?x=1') // 'https://shop.example.com'
 * normaliseOrigin('https://*.Example.com')                 // 'https://*.example.com'
 */
export function normaliseOrigin(entry: string): string | undefined {
  const value = entry.trim()
  const wildcard = WILDCARD.exec(value)
  if (wildcard) {
    const [, scheme, domain, port = ''] = wildcard
    // Parse a concrete subdomain to let the URL parser validate and normalise the domain.
    const url = parseHttpUrl(`${scheme}://x.${domain}${port}`)
    const host = url?.hostname.slice(2)
    if (!url || !host?.includes('.') || IPV4.test(host) || host.startsWith('[')) return undefined
    return `${url.protocol}//*.${host}${url.port ? `:${url.port}` : ''}`
  }
  if (value.includes('*')) return undefined
  const url = parseHttpUrl(value)
  return url ? url.origin : undefined
}

function parseHttpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value)
    const ok = (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && !url.username && !url.password
    return ok ? url : undefined
  } catch {
    return undefined
  }
}
