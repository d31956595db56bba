import { describe, expect, it } from 'vitest'
import { timeZoneChoices } from './time-zones.ts'

describe('timeZoneChoices', () => {
  it('lists IANA zones sorted, with UTC and the current value', () => {
    const zones = timeZoneChoices('Asia/Calcutta')
    expect(zones).toContain('Europe/Berlin')
    expect(zones).toContain('UTC')
    expect(zones).toContain('Asia/Calcutta')
    expect([...zones].sort((a, b) => a.localeCompare(b))).toEqual(zones)
    expect(new Set(zones).size).toBe(zones.length)
  })
})
