import { describe, expect, it } from 'vitest'
import { normaliseEmail } from './email-address.ts'

describe('normaliseEmail', () => {
  it('lower-cases and cuts a +tag from the local part', () => {
    expect(normaliseEmail('Victim+1@Example.ORG')).toBe('victim@example.org')
    expect(normaliseEmail('victim+a+b@example.org')).toBe('victim@example.org')
  })

  it('removes the dots of Gmail addresses and writes googlemail.com as gmail.com', () => {
    expect(normaliseEmail('A.Da+Conf@GoogleMail.com')).toBe('ada@gmail.com')
    expect(normaliseEmail('a.da@gmail.com')).toBe('ada@gmail.com')
  })

  it('keeps the dots of other domains, and a local part that starts with +', () => {
    expect(normaliseEmail('a.da@example.org')).toBe('a.da@example.org')
    expect(normaliseEmail('+tag@example.org')).toBe('+tag@example.org')
  })
})
