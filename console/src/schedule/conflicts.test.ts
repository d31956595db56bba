import { describe, expect, it } from 'vitest'
import { allConflicts, conflictsOf, overlaps, type Slot } from './conflicts.ts'

const m = (minutes: number) => minutes * 60_000
const slot = (id: string, from: number, to: number, room: string | null, speakerIds: string[] = [], cancelled = false): Slot => ({
  id,
  startMs: m(from),
  endMs: m(to),
  room,
  speakerIds,
  cancelled,
})

describe('conflicts', () => {
  it('treats touching sessions as apart and a session of no length as an instant', () => {
    expect(overlaps(slot('a', 0, 60, 'A'), slot('b', 60, 120, 'A'))).toBe(false)
    expect(overlaps(slot('a', 0, 60, 'A'), slot('b', 59, 120, 'A'))).toBe(true)
    expect(overlaps(slot('a', 30, 30, 'A'), slot('b', 0, 60, 'A'))).toBe(true)
    expect(overlaps(slot('a', 60, 60, 'A'), slot('b', 0, 60, 'A'))).toBe(false)
  })

  it('finds two sessions in one room at once, not in different rooms or without a room', () => {
    expect(
      conflictsOf(slot('a', 0, 60, 'Hall A'), [slot('b', 30, 90, 'Hall A'), slot('c', 30, 90, 'Hall B'), slot('d', 0, 60, null)]),
    ).toEqual([{ kind: 'room', with: 'b' }])
    expect(conflictsOf(slot('a', 0, 60, null), [slot('d', 0, 60, null)])).toEqual([])
  })

  it('finds a speaker in two sessions at once, in any rooms', () => {
    expect(
      conflictsOf(slot('a', 0, 60, 'Hall A', ['ada', 'bob']), [slot('b', 30, 90, 'Hall B', ['bob']), slot('c', 60, 90, 'Hall C', ['ada'])]),
    ).toEqual([{ kind: 'speaker', with: 'b', speakerId: 'bob' }])
  })

  it('ignores cancelled sessions and the session itself', () => {
    expect(conflictsOf(slot('a', 0, 60, 'A', ['x']), [slot('b', 0, 60, 'A', ['x'], true), slot('a', 0, 60, 'A', ['x'])])).toEqual([])
    expect(conflictsOf(slot('a', 0, 60, 'A', [], true), [slot('b', 0, 60, 'A')])).toEqual([])
  })

  it('lists every session’s conflicts on both sides', () => {
    const all = allConflicts([
      slot('a', 0, 60, 'A', ['ada']),
      slot('b', 30, 90, 'A'),
      slot('c', 45, 50, 'B', ['ada']),
      slot('d', 200, 260, 'A', ['ada']),
      slot('e', 210, 220, 'A', [], true),
    ])
    expect(all.get('a')).toEqual([
      { kind: 'room', with: 'b' },
      { kind: 'speaker', with: 'c', speakerId: 'ada' },
    ])
    expect(all.get('b')).toEqual([{ kind: 'room', with: 'a' }])
    expect(all.get('c')).toEqual([{ kind: 'speaker', with: 'a', speakerId: 'ada' }])
    expect(all.has('d')).toBe(false)
    expect(all.has('e')).toBe(false)
  })

  it('finds a long session’s conflict with one starting after others in between', () => {
    const all = allConflicts([slot('long', 0, 300, 'A'), slot('x', 10, 20, 'B'), slot('y', 100, 120, 'A')])
    expect(all.get('long')).toEqual([{ kind: 'room', with: 'y' }])
  })
})
