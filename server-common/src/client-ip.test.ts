import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { clientIp, parseTrustProxy, TRUST_NO_PROXY } from './client-ip.ts'
import { ConfigError, loadConfig } from './config.ts'

/** A request from `peer` (the socket's address) carrying `forwardedFor` as X-Forwarded-For. */
const request = (peer: string | undefined, forwardedFor?: string) =>
  ({
    socket: { remoteAddress: peer },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }) as unknown as IncomingMessage

describe('clientIp', () => {
  it('is the socket address when TRUST_PROXY is unset, whatever X-Forwarded-For says', () => {
    expect(clientIp(request('10.0.0.5', '1.2.3.4'), TRUST_NO_PROXY)).toBe('10.0.0.5')
    expect(clientIp(request('10.0.0.5', '1.2.3.4'), parseTrustProxy(undefined))).toBe('10.0.0.5')
    expect(clientIp(request('10.0.0.5', '1.2.3.4'), parseTrustProxy('0'))).toBe('10.0.0.5')
    expect(clientIp(request('10.0.0.5'), TRUST_NO_PROXY)).toBe('10.0.0.5')
  })

  it('takes the entry N hops in with a number: the right-most ones, which our own proxies wrote', () => {
    // The client made up "6.6.6.6"; the load balancer appended the address it saw, 1.2.3.4.
    const forged = request('10.0.0.5', '6.6.6.6, 1.2.3.4')
    expect(clientIp(forged, parseTrustProxy('1'))).toBe('1.2.3.4')
    // Two proxies: the CDN saw 1.2.3.4 and the load balancer saw the CDN at 9.9.9.9.
    expect(clientIp(request('10.0.0.5', '6.6.6.6, 1.2.3.4, 9.9.9.9'), parseTrustProxy('2'))).toBe('1.2.3.4')
    // Fewer entries than hops: the left-most one there is.
    expect(clientIp(request('10.0.0.5', '1.2.3.4'), parseTrustProxy('3'))).toBe('1.2.3.4')
    // A trusted hop that sent no header is the client itself.
    expect(clientIp(request('10.0.0.5'), parseTrustProxy('1'))).toBe('10.0.0.5')
  })

  it('walks X-Forwarded-For from the right while the address is a listed proxy', () => {
    const trust = parseTrustProxy('10.0.0.0/8, 192.168.1.7')
    expect(clientIp(request('10.0.0.5', '6.6.6.6, 1.2.3.4, 192.168.1.7'), trust)).toBe('1.2.3.4')
    expect(clientIp(request('10.1.2.3', '1.2.3.4'), trust)).toBe('1.2.3.4')
    // A peer that is not a listed proxy is the client, and its header is not believed.
    expect(clientIp(request('203.0.113.9', '1.2.3.4'), trust)).toBe('203.0.113.9')
    // IPv4 peers of a dual-stack socket are written as IPv4-mapped IPv6.
    expect(clientIp(request('::ffff:10.0.0.5', '1.2.3.4'), trust)).toBe('1.2.3.4')
    expect(clientIp(request('::1', '1.2.3.4'), parseTrustProxy('loopback'))).toBe('1.2.3.4')
    expect(clientIp(request('2001:db8::1', '2001:db8:1::7'), parseTrustProxy('2001:db8::/64'))).toBe('2001:db8:1::7')
  })

  it('is empty when the socket has gone', () => {
    expect(clientIp(request(undefined, '1.2.3.4'), parseTrustProxy('1'))).toBe('')
  })
})

describe('TRUST_PROXY', () => {
  it('is off by default and reads numbers and lists', () => {
    expect(loadConfig({}).trustProxy).toBe(TRUST_NO_PROXY)
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(TRUST_NO_PROXY)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy.setting).toBe('2')
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8 , loopback ' }).trustProxy.setting).toBe('10.0.0.0/8 , loopback')
  })

  it.each([
    ['yes', /TRUST_PROXY: invalid IP address: yes/],
    ['true', /TRUST_PROXY: invalid IP address: true/],
    ['10.0.0.0/33', /TRUST_PROXY: invalid range on address: 10.0.0.0\/33/],
    ['10.0.0.1,,10.0.0.2', /TRUST_PROXY: an empty entry/],
    ['-1', /TRUST_PROXY: invalid IP address: -1/],
    ['1000', /TRUST_PROXY: 1000 hops is more than any chain of proxies/],
  ])('refuses %j at start with a message naming the variable', (value, message) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError)
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(message)
  })
})
