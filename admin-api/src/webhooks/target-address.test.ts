import { describe, expect, it } from 'vitest'
import { forbiddenAddressReason, webhookUrlProblem } from './target-address.ts'

describe('forbiddenAddressReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['10.0.0.7', 'private network'],
    ['172.16.3.4', 'private network'],
    ['172.31.255.255', 'private network'],
    ['192.168.1.1', 'private network'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.100.100.200', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd00:ec2::254', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:10.0.0.1', 'private network'],
    // IPv6 addresses that embed an IPv4 address reach it through the host's stack or a translator.
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'IPv4-compatible'],
    ['::a9fe:a9fe', 'IPv4-compatible'],
    ['::ffff:0:7f00:1', 'IPv4-translated'],
    ['64:ff9b::7f00:1', 'NAT64'],
    ['64:ff9b::a9fe:a9fe', 'NAT64'],
    ['64:ff9b:1::a00:1', 'NAT64'],
    ['2002:7f00:1::1', '6to4'],
    ['2002:a9fe:a9fe::1', '6to4'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    // Inside 2000::/3 but never a real receiver.
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001:2::1', 'benchmarking'],
    ['2001:20::1', 'IETF protocol assignment'],
    // Outside global unicast (2000::/3) altogether.
    ['100::1', 'not a global unicast'],
    ['4000::1', 'not a global unicast'],
    ['::1:2:3:4', 'not a global unicast'],
  ])('refuses %s (%s)', (address, kind) => {
    expect(forbiddenAddressReason(address)).toContain(kind)
  })

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2a00:1450:4001::1',
    '::ffff:8.8.8.8',
  ])('accepts the public address %s', (address) => {
    expect(forbiddenAddressReason(address)).toBeNull()
  })
})

describe('webhookUrlProblem at creation', () => {
  const off = { allowPrivate: false }

  it.each([
    ['http://127.0.0.1/hook', 'loopback'],
    ['http://localhost:3000/hook', 'localhost resolves to 127.0.0.1 is a loopback address'],
    ['http://[::1]/hook', 'loopback'],
    ['http://[::ffff:127.0.0.1]/hook', 'loopback'],
    ['http://2130706433/hook', 'loopback'],
    ['http://0x7f.1/hook', 'loopback'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local'],
    ['http://[fd00:ec2::254]/', 'unique-local'],
    ['http://[::127.0.0.1]/', 'IPv4-compatible'],
    ['http://[::a9fe:a9fe]/latest/meta-data/', 'IPv4-compatible'],
    ['http://[64:ff9b::a9fe:a9fe]/', 'NAT64'],
    ['http://[2002:a9fe:a9fe::1]/', '6to4'],
    ['https://10.1.2.3/', 'private network'],
    ['https://100.64.1.1/', 'carrier-grade NAT'],
    ['http://0.0.0.0:8080/', 'unspecified'],
    ['ftp://hooks.example.com/', 'http: or https:'],
    ['file:///etc/passwd', 'http: or https:'],
    ['javascript:alert(1)', 'http: or https:'],
  ])('refuses %s', async (url, message) => {
    const problem = await webhookUrlProblem(url, off)
    expect(problem).toContain(message)
  })

  it('names the switch for local development', async () => {
    expect(await webhookUrlProblem('http://127.0.0.1/', off)).toContain('WEBHOOK_ALLOW_PRIVATE=1')
  })

  it.each(['https://8.8.8.8/hook', 'https://hooks.example.com/x', 'http://[2606:4700:4700::1111]:8080/'])('accepts %s', async (url) => {
    expect(await webhookUrlProblem(url, off)).toBeNull()
  })

  it('accepts private targets when WEBHOOK_ALLOW_PRIVATE=1, but still only http(s)', async () => {
    expect(await webhookUrlProblem('http://localhost:3000/hook', { allowPrivate: true })).toBeNull()
    expect(await webhookUrlProblem('ftp://localhost/', { allowPrivate: true })).toContain('http: or https:')
  })
})
