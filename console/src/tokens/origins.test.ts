import { describe, expect, it } from 'vitest'
import { allowsOrigin, originLines, parseOriginLines, withOrigin } from './origins.ts'

describe('parseOriginLines', () => {
  it('normalises each line as the API stores it, skips blank lines and repeats', () => {
    expect(parseOriginLines('HTTPS://Shop.Example.com:443/cart?x=1\n\n  https://*.Example.org/ \nhttps://shop.example.com')).toEqual({
      origins: ['https://shop.example.com', 'https://*.example.org'],
      invalid: [],
    })
  })

  it('names every line that is not an origin, counting lines from 1 as people do', () => {
    expect(parseOriginLines('https://ok.example\nftp://files.example\n\nhttps://user@evil.example\nhttps://*.com')).toEqual({
      origins: ['https://ok.example'],
      invalid: [
        { line: 2, value: 'ftp://files.example' },
        { line: 4, value: 'https://user@evil.example' },
        { line: 5, value: 'https://*.com' },
      ],
    })
  })

  it('reads an empty field as no restriction and writes a list back one per line', () => {
    expect(parseOriginLines('  \n')).toEqual({ origins: [], invalid: [] })
    expect(originLines(['https://a.example', 'https://b.example'])).toBe('https://a.example\nhttps://b.example')
  })
})

describe('allowsOrigin and withOrigin', () => {
  it('matches as the embed server does: empty allows all, wildcards need a label before the domain', () => {
    expect(allowsOrigin([], 'http://127.0.0.1:3000')).toBe(true)
    expect(allowsOrigin(['https://*.example.com'], 'https://shop.example.com')).toBe(true)
    expect(allowsOrigin(['https://*.example.com'], 'https://example.com')).toBe(false)
    expect(allowsOrigin(['http://127.0.0.1:3000'], 'http://127.0.0.1:3000')).toBe(true)
    expect(allowsOrigin(['http://127.0.0.1:3000'], 'http://localhost:3000')).toBe(false)
  })

  it('adds an origin only when the list does not allow it yet', () => {
    expect(withOrigin(['https://a.example'], 'http://127.0.0.1:3000')).toEqual(['https://a.example', 'http://127.0.0.1:3000'])
    expect(withOrigin(['https://*.example.com'], 'https://console.example.com')).toEqual(['https://*.example.com'])
    expect(withOrigin([], 'https://console.example.com')).toEqual([])
  })
})
