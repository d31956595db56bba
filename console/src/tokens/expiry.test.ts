import { describe, expect, it } from 'vitest'
import { fromLocalInput, isExpired, toLocalInput } from './expiry.ts'

describe('token expiry fields', () => {
  it('round-trips an instant through the datetime-local value of the browser zone', () => {
    const iso = '2030-12-31T22:59:00.000Z'
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso)
  })

  it('reads an empty field as no expiry and anything else malformed as invalid', () => {
    expect(fromLocalInput('')).toBeNull()
    expect(fromLocalInput('31.12.2030')).toBeUndefined()
    expect(fromLocalInput('2030-13-45T99:00')).toBeUndefined()
    expect(toLocalInput(null)).toBe('')
  })

  it('says a token has expired from its expiry on', () => {
    const now = Date.parse('2030-01-01T00:00:00Z')
    expect(isExpired(null, now)).toBe(false)
    expect(isExpired('2030-01-01T00:00:00Z', now)).toBe(true)
    expect(isExpired('2030-01-01T00:00:01Z', now)).toBe(false)
  })
})

describe('tokenState', async () => {
  const { tokenState } = await import('./token-state.ts')
  const now = Date.parse('2030-01-01T00:00:00Z')
  it('puts revoked before expired before disabled', () => {
    expect(tokenState({ revoked_at: '2029-01-01T00:00:00Z', expires_at: '2029-06-01T00:00:00Z', is_active: false }, now)).toBe('revoked')
    expect(tokenState({ revoked_at: null, expires_at: '2029-06-01T00:00:00Z', is_active: false }, now)).toBe('expired')
    expect(tokenState({ revoked_at: null, expires_at: null, is_active: false }, now)).toBe('disabled')
    expect(tokenState({ revoked_at: null, expires_at: '2031-01-01T00:00:00Z', is_active: true }, now)).toBe('active')
  })
})
