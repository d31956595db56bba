import { describe, expect, it } from 'vitest'
import { normaliseOrigin } from './allowed-origins.ts'

describe('normaliseOrigin', () => {
  it.each([
    ['https://shop.example.com', 'https://shop.example.com'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['HTTPS://Shop.Example.COM', 'https://shop.example.com'],
    ['https://shop.example.com:443/cart?x=1#top', 'https://shop.example.com'],
    ['http://example.com:80/', 'http://example.com'],
    ['https://example.com:8443', 'https://example.com:8443'],
    ['  https://padded.example.com  ', 'https://padded.example.com'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
    ['https://*.example.com', 'https://*.example.com'],
    ['https://*.Example.com:8443/', 'https://*.example.com:8443'],
    ['http://127.0.0.1:3002', 'http://127.0.0.1:3002'],
  ])('accepts %s as %s', (input, expected) => {
    expect(normaliseOrigin(input)).toBe(expected)
  })

  it.each([
    'example.com',
    'ftp://example.com',
    'javascript:alert(1)',
    'https://*.com',
    'https://*example.com',
    'https://a.*.example.com',
    '*',
    'https://*.example.com/path',
    'https://user:pass@example.com',
    'https://*.127.0.0.1',
    '',
    'not a url',
  ])('refuses %j', (input) => {
    expect(normaliseOrigin(input)).toBeUndefined()
  })
})
