import { describe, expect, it } from 'vitest'
import { LIVE_PARTS, partsOfTable } from './change-parts.ts'

describe('partsOfTable', () => {
  it('names only the event for a registration: places taken change tickets, not sessions or speakers', () => {
    expect(partsOfTable('registrations')).toEqual(['event'])
    expect(partsOfTable('events')).toEqual(['event'])
  })

  it('changes sessions and speakers together, and everything for an unknown table', () => {
    expect(partsOfTable('session_speakers')).toEqual(['sessions', 'speakers'])
    expect(partsOfTable(undefined)).toEqual(LIVE_PARTS)
  })
})
