import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import type { LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'

/** Whether webhook targets on loopback and private networks are allowed (`WEBHOOK_ALLOW_PRIVATE=1`). */
export interface TargetPolicy {
  allowPrivate: boolean
}

/** How each refused range is named in messages (ipaddr.js's range names). */
const RANGE_NAMES: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private network address',
  linkLocal: 'a link-local address (cloud metadata services such as 169.254.169.254 live there)',
  carrierGradeNat: 'a carrier-grade NAT (shared) address',
  uniqueLocal: 'a unique-local (private) IPv6 address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  unspecified: 'the unspecified address',
}

/** Where the messages point the operator when a private target is wanted on purpose. */
export const ALLOW_PRIVATE_HINT = 'the server operator can allow private targets for development with WEBHOOK_ALLOW_PRIVATE=1'

/**
 * IPv6 ranges refused although they lie in global unicast (2000::/3) or embed an IPv4 address,
 * by CIDR, with how messages name them. Addresses that carry an IPv4 address reach it through a
 * translator or tunnel (NAT64, 6to4, Teredo, or a host's own stack for `::a.b.c.d`), so the IPv4
 * rules would be bypassed; documentation and benchmarking ranges are never real receivers.
 */
const SPECIAL_IPV6: readonly [cidr: string, name: string][] = [
  ['::/96', 'an IPv4-compatible IPv6 address (::/96, deprecated), which embeds an IPv4 address'],
  ['::ffff:0:0:0/96', 'an IPv4-translated IPv6 address (::ffff:0:0:0/96), which embeds an IPv4 address'],
  ['64:ff9b::/96', 'a NAT64 address (64:ff9b::/96), which embeds an IPv4 address'],
  ['64:ff9b:1::/48', 'a local-use NAT64 address (64:ff9b:1::/48), which embeds an IPv4 address'],
  ['2001::/32', 'a Teredo address (2001::/32), which embeds an IPv4 address'],
  ['2001:2::/48', 'a benchmarking address (2001:2::/48)'],
  ['2001:db8::/32', 'a documentation address (2001:db8::/32)'],
  ['2001::/23', 'an IETF protocol assignment (2001::/23)'],
  ['2002::/16', 'a 6to4 address (2002::/16), which embeds an IPv4 address'],
  ['3fff::/20', 'a documentation address (3fff::/20)'],
]
const SPECIAL_IPV6_RANGES = SPECIAL_IPV6.map(([cidr, name]) => [ipaddr.IPv6.parseCIDR(cidr), name] as const)
/** Global unicast: the only IPv6 block from which addresses are assigned to public hosts. */
const GLOBAL_UNICAST_IPV6 = ipaddr.IPv6.parseCIDR('2000::/3')

/** Why an IPv6 address (not IPv4-mapped) may not receive webhooks, or null. */
function forbiddenIpv6Reason(ip: ipaddr.IPv6): string | null {
  const range = ip.range()
  // Loopback, unspecified, link-local, unique-local, multicast: named by their own messages.
  if (RANGE_NAMES[range]) return RANGE_NAMES[range]
  const special = SPECIAL_IPV6_RANGES.find(([cidr]) => ip.match(cidr))
  if (special) return special[1]
  if (!ip.match(GLOBAL_UNICAST_IPV6)) return 'not a global unicast IPv6 address (2000::/3)'
  // Ranges ipaddr.js knows inside 2000::/3 that the list above does not name.
  return range === 'unicast' ? null : `a reserved address (${range})`
}

/**
 * Why `address` may not receive webhooks, or null when it may. Only public unicast addresses
 * may: for IPv4, loopback, private, link-local (metadata services), carrier-grade NAT,
 * multicast, broadcast, unspecified and reserved ranges are refused; for IPv6, only global
 * unicast (2000::/3) is accepted, minus the ranges that embed an IPv4 address (NAT64, 6to4,
 * Teredo) or are for documentation and benchmarking. An IPv4-mapped IPv6 address
 * (`::ffff:127.0.0.1`) is judged as the IPv4 address it carries, which is where it connects.
 *
 * @example
 * forbiddenAddressReason('169.254.169.254') // '169.254.169.254 is a link-local address (…)'
 * forbiddenAddressReason('::a9fe:a9fe') // '::a9fe:a9fe is an IPv4-compatible IPv6 address (::/96, …), which embeds an IPv4 address'
 */
export function forbiddenAddressReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`
  const ip = ipaddr.process(address)
  let reason: string | null
  if (ip.kind() === 'ipv6') reason = forbiddenIpv6Reason(ip as ipaddr.IPv6)
  else {
    const range = ip.range()
    reason = range === 'unicast' ? null : (RANGE_NAMES[range] ?? `a reserved address (${range})`)
  }
  return reason === null ? null : `${address} is ${reason}`
}

/** An attempt refused before connecting: the target resolved to a forbidden address. */
export class ForbiddenTargetError extends Error {
  override name = 'ForbiddenTargetError'
  readonly code = 'EFORBIDDENTARGET'
}

/** `http://[::1]:80/` → `::1`; other hostnames as they are. */
const bareHost = (hostname: string) => (hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname)

function lookupAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)))
  })
}

/** How long the check at creation waits for DNS; an answer later is left to the check at connect time. */
const CREATION_LOOKUP_MS = 3_000

/**
 * The check at creation (and on a new URL): why `url` may not be a webhook target, or null.
 * Its scheme must be `http:` or `https:`; an IP literal is judged directly, a hostname by every
 * address it resolves to now. A name that does not resolve (yet) is accepted: every attempt
 * checks again when it connects, which also defeats DNS rebinding. `what` names who fetches it in
 * the message (`event syncs` for a schedule source).
 */
export async function webhookUrlProblem(url: string, policy: TargetPolicy, what = 'webhooks'): Promise<string | null> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'must be an absolute http: or https: URL'
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'must be an http: or https: URL'
  if (parsed.hostname === '') return 'must name a host'
  if (policy.allowPrivate) return null
  const host = bareHost(parsed.hostname)
  const reasons = ipaddr.isValid(host)
    ? [forbiddenAddressReason(host)]
    : await Promise.race([
        lookupAll(host).then(
          (addresses) => addresses.map((a) => forbiddenAddressReason(a.address)),
          () => [],
        ),
        new Promise<(string | null)[]>((resolve) => setTimeout(() => resolve([]), CREATION_LOOKUP_MS).unref()),
      ])
  const reason = reasons.find((r) => r !== null)
  if (!reason) return null
  const subject = ipaddr.isValid(host) ? reason : `${host} resolves to ${reason}`
  return `must point to a public address: ${subject}, which ${what} may not target (${ALLOW_PRIVATE_HINT})`
}

/**
 * The check at connect time, as a socket `lookup`: resolves the name and refuses the connection
 * when any address it got is forbidden, so the address checked is the address connected to (a
 * name that resolved to a public address at creation and to 127.0.0.1 now is refused).
 */
export function guardedLookup(policy: TargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, '', 0)
      const list = addresses as LookupAddress[]
      const reason = policy.allowPrivate ? null : list.map((a) => forbiddenAddressReason(a.address)).find((r) => r !== null)
      if (reason) return callback(new ForbiddenTargetError(`${hostname} resolves to ${reason}; refused (${ALLOW_PRIVATE_HINT})`), '', 0)
      if (options.all) return callback(null, list)
      const first = list[0]
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0)
      callback(null, first.address, first.family)
    })
  }
}

/**
 * The check at connect time for a URL whose host is an IP literal (sockets do not call `lookup`
 * for those): the reason it is refused, or null.
 */
export function forbiddenLiteralHost(url: URL, policy: TargetPolicy): string | null {
  const host = bareHost(url.hostname)
  if (policy.allowPrivate || !ipaddr.isValid(host)) return null
  const reason = forbiddenAddressReason(host)
  return reason ? `${reason}; refused (${ALLOW_PRIVATE_HINT})` : null
}
