import { describe, expect, it } from 'vitest'
import { compileOriginPolicy, normaliseOrigin, requestOrigin } from './origins.ts'

describe('normaliseOrigin', () => {
  it.each([
    ['HTTPS://Shop.Example.COM', 'https://shop.example.com'],
    ['https://shop.example.com:443', 'https://shop.example.com'],
    ['http://localhost:80/path?q=1', 'http://localhost'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['https://shop.example.com/cart#x', 'https://shop.example.com'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseOrigin(input)).toBe(expected)
  })

  it.each(['null', '', 'ftp://example.com', 'javascript:alert(1)', 'not a url', 'file:///etc/passwd'])('refuses %j', (input) => {
    expect(normaliseOrigin(input)).toBeUndefined()
  })
})

describe('compileOriginPolicy', () => {
  const policy = compileOriginPolicy(['https://good.example', 'https://*.example.com', 'http://localhost:8080'])

  it('allows every origin when the list is empty', () => {
    expect(compileOriginPolicy([]).allowsAll).toBe(true)
  })

  it('matches an exact origin', () => {
    expect(policy.matches('https://good.example')).toBe(true)
    expect(policy.matches('http://localhost:8080')).toBe(true)
  })

  it('does not match another port or scheme of an exact origin', () => {
    expect(policy.matches('http://good.example')).toBe(false)
    expect(policy.matches('https://good.example:8443')).toBe(false)
    expect(policy.matches('http://localhost:8081')).toBe(false)
  })

  it('matches one or more labels under a wildcard', () => {
    expect(policy.matches('https://shop.example.com')).toBe(true)
    expect(policy.matches('https://a.b.example.com')).toBe(true)
  })

  it('does not match the bare domain of a wildcard', () => {
    expect(policy.matches('https://example.com')).toBe(false)
  })

  it('does not match a wildcard on another scheme or port', () => {
    expect(policy.matches('http://shop.example.com')).toBe(false)
    expect(policy.matches('https://shop.example.com:8443')).toBe(false)
  })

  it.each([
    'https://good.example.evil.com',
    'https://evilgood.example',
    'https://evilexample.com',
    'https://example.com.evil.com',
    'https://good.examplex',
  ])('refuses the look-alike %s', (origin) => {
    expect(policy.matches(origin)).toBe(false)
  })

  it('normalises the stored entries too', () => {
    const p = compileOriginPolicy(['HTTPS://Good.Example:443/some/path', 'https://*.Example.ORG'])
    expect(p.matches('https://good.example')).toBe(true)
    expect(p.matches('https://a.example.org')).toBe(true)
  })
})

describe('requestOrigin', () => {
  it('prefers Origin over Referer', () => {
    expect(requestOrigin('https://a.example', 'https://b.example/page')).toBe('https://a.example')
  })

  it('reduces a Referer to its origin when Origin is absent', () => {
    expect(requestOrigin(undefined, 'https://B.example:443/page?x=1')).toBe('https://b.example')
  })

  it('reports the opaque origin as null', () => {
    expect(requestOrigin('null', 'https://b.example/')).toBeNull()
  })

  it('is undefined when neither header is usable', () => {
    expect(requestOrigin(undefined, undefined)).toBeUndefined()
    expect(requestOrigin('garbage', undefined)).toBeUndefined()
  })
})
