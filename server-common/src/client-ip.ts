import type { IncomingMessage } from 'node:http'
import proxyaddr from 'proxy-addr'

/**
 * Which proxies in front of a server are trusted to name the client in `X-Forwarded-For`
 * (`TRUST_PROXY`), read once at start.
 */
export interface TrustProxy {
  /** The setting as written (`''` when unset), for messages and the start log. */
  readonly setting: string
  /**
   * proxy-addr's trust function: whether the address `hop` steps from this server (0: the
   * socket's peer, 1: the right-most `X-Forwarded-For` entry, …) is a proxy we trust.
   */
  readonly trusts: (address: string, hop: number) => boolean
}

/** `TRUST_PROXY` unset: the socket's peer is the client, whatever `X-Forwarded-For` says. */
export const TRUST_NO_PROXY: TrustProxy = { setting: '', trusts: () => false }

const loopback = proxyaddr.compile('loopback')

/**
 * Whether `address` is this machine's loopback (`127.0.0.0/8`, `::1`, or IPv4-mapped `::ffff:127.…`).
 *
 * @example
 * isLoopbackAddress(ctx.req.socket.remoteAddress) // the socket's peer: X-Forwarded-For is anyone's to write
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && loopback(address, 0)
}

/** More hops than any real chain of proxies; a larger number is a typo. */
const MAX_HOPS = 32

/**
 * Reads a `TRUST_PROXY` value: unset, empty or `0` trusts no proxy; a whole number `N` trusts the
 * `N` nearest hops (the socket's peer and the `N - 1` right-most `X-Forwarded-For` entries it
 * vouches for); otherwise a comma-separated list of proxy addresses and CIDR ranges (or
 * proxy-addr's names `loopback`, `linklocal`, `uniquelocal`), trusted wherever they appear in the
 * chain. Throws an `Error` whose message says what is wrong.
 *
 * @example
 * parseTrustProxy('1')                        // one load balancer in front
 * parseTrustProxy('10.0.0.0/8, 192.168.1.7')  // any of these is a proxy
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const setting = (value ?? '').trim()
  if (setting === '' || setting === '0') return TRUST_NO_PROXY
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting)
    if (hops > MAX_HOPS) throw new Error(`${setting} hops is more than any chain of proxies (at most ${MAX_HOPS})`)
    return { setting, trusts: (_address, hop) => hop < hops }
  }
  const entries = setting.split(',').map((entry) => entry.trim())
  if (entries.some((entry) => entry === '')) throw new Error('an empty entry in the list (separate addresses with single commas)')
  try {
    return { setting, trusts: proxyaddr.compile(entries) }
  } catch (err) {
    // proxy-addr says which entry: "invalid IP address: x" or "invalid range on address: x/99".
    throw new Error(
      `${(err as Error).message}; expected a number of hops or a comma-separated list of IP addresses, CIDR ranges, loopback, linklocal or uniquelocal`,
    )
  }
}

/**
 * The client's IP address: the socket's peer, or, when that is a trusted proxy, the address
 * `X-Forwarded-For` names before the first hop that is not one (walked from the right). The one
 * place that decides it: rate limits, live-stream caps and log lines of both servers, the embed
 * hot path included, all ask here. `''` when the socket has already gone.
 *
 * @example
 * const ip = clientIp(ctx.req, config.trustProxy)
 */
export function clientIp(req: IncomingMessage, trust: TrustProxy): string {
  const peer = req.socket.remoteAddress
  if (peer === undefined) return ''
  return trust === TRUST_NO_PROXY ? peer : proxyaddr(req, trust.trusts)
}
