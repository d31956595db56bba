import { describe, expect, it } from 'vitest'
import { minutesToWait, passwordIssues } from './password-rules.ts'

describe('passwordIssues', () => {
  it('accepts ten characters or more that match', () => {
    expect(passwordIssues('correct horse', 'correct horse', 'ada@example.com')).toEqual([])
    expect(passwordIssues('0123456789', '0123456789', undefined)).toEqual([])
  })

  it('counts characters, not UTF-16 units', () => {
    expect(passwordIssues('😀😀😀😀😀', '😀😀😀😀😀', undefined)).toEqual(['short'])
  })

  it('refuses the email itself, whatever its case', () => {
    expect(passwordIssues('Ada@Example.com', 'Ada@Example.com', 'ada@example.com')).toEqual(['email'])
  })

  it('reports every problem at once', () => {
    expect(passwordIssues('short', 'other', 'a@b.c')).toEqual(['short', 'mismatch'])
  })
})

describe('minutesToWait', () => {
  it('rounds up to whole minutes, at least one', () => {
    expect(minutesToWait(1)).toBe(1)
    expect(minutesToWait(60)).toBe(1)
    expect(minutesToWait(61)).toBe(2)
    expect(minutesToWait(900)).toBe(15)
    expect(minutesToWait(undefined)).toBe(1)
  })
})
