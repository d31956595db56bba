import { describe, expect, it } from 'vitest'
import { controlFor, mapFieldProblems } from './field-problems.ts'

describe('controlFor', () => {
  const names = new Set(['name', 'tickets', 'tickets.0.capacity', 'privacy_notice.url'])

  it('takes the exact control, else the nearest parent path', () => {
    expect(controlFor('name', names)).toBe('name')
    expect(controlFor('tickets.0.capacity', names)).toBe('tickets.0.capacity')
    expect(controlFor('tickets.1.name', names)).toBe('tickets')
    expect(controlFor('privacy_notice.url', names)).toBe('privacy_notice.url')
  })

  it('finds none for a field without a control', () => {
    expect(controlFor('timezone', names)).toBeUndefined()
    expect(controlFor('privacy_notice', names)).toBeUndefined()
  })
})

describe('mapFieldProblems', () => {
  it('joins the messages of one control and keeps the rest apart', () => {
    const result = mapFieldProblems(
      [
        { path: 'tickets.0.name', message: 'tickets.0.name is required' },
        { path: 'tickets.1.capacity', message: 'tickets.1.capacity must be at least 1' },
        { path: 'name', message: 'name is required' },
        { path: 'colour', message: 'unknown field: colour' },
      ],
      new Set(['name', 'tickets']),
    )
    expect(result.byControl).toEqual({
      tickets: 'tickets.0.name is required; tickets.1.capacity must be at least 1',
      name: 'name is required',
    })
    expect(result.unmatched).toEqual(['unknown field: colour'])
  })
})
