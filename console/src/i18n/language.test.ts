import { describe, expect, it } from 'vitest'
import { formatDate, formatDateRange, formatDateTime } from './format.ts'
import { pickLanguage } from './language.ts'

describe('pickLanguage', () => {
  it('prefers the saved choice', () => {
    expect(pickLanguage('de', ['en-US'])).toBe('de')
  })
  it('takes the first supported browser language, by its base', () => {
    expect(pickLanguage(null, ['fr-FR', 'de-AT', 'en'])).toBe('de')
  })
  it('falls back to English', () => {
    expect(pickLanguage('xx', ['fr', 'es'])).toBe('en')
    expect(pickLanguage(undefined, [])).toBe('en')
  })
})

describe('formatting', () => {
  it('shows a moment in the given zone', () => {
    expect(formatDateTime('2026-06-01T07:00:00Z', 'Europe/Berlin', 'en-GB')).toBe('1 Jun 2026, 09:00')
    expect(formatDate('2026-05-31T23:30:00Z', 'Europe/Berlin', 'en-GB')).toBe('1 Jun 2026')
  })
  it('is empty for no or a bad date', () => {
    expect(formatDateTime(null)).toBe('')
    expect(formatDate('nope')).toBe('')
  })
  it('shortens a range', () => {
    expect(formatDateRange('2026-06-01T07:00:00Z', '2026-06-03T16:00:00Z', 'UTC', 'en-GB')).toMatch(/^1\s?–\s?3 Jun 2026$/)
  })
})
