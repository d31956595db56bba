import { describe, expect, it } from 'vitest'
import { placeInLanes } from './lanes.ts'

const m = (minutes: number) => minutes * 60_000
const item = (id: string, from: number, to: number) => ({ id, startMs: m(from), endMs: m(to) })

describe('lanes', () => {
  it('gives cards that do not overlap the whole column', () => {
    const lanes = placeInLanes([item('a', 0, 60), item('b', 60, 120)])
    expect(lanes.get('a')).toEqual({ lane: 0, lanes: 1 })
    expect(lanes.get('b')).toEqual({ lane: 0, lanes: 1 })
  })

  it('puts overlapping cards side by side, the whole group sharing one width', () => {
    // a overlaps b, b overlaps c, a and c do not: c reuses a's lane.
    const lanes = placeInLanes([item('c', 60, 90), item('a', 0, 45), item('b', 30, 75), item('d', 120, 150)])
    expect(lanes.get('a')).toEqual({ lane: 0, lanes: 2 })
    expect(lanes.get('b')).toEqual({ lane: 1, lanes: 2 })
    expect(lanes.get('c')).toEqual({ lane: 0, lanes: 2 })
    expect(lanes.get('d')).toEqual({ lane: 0, lanes: 1 })
  })

  it('puts the longer of two cards starting together first, and counts a card of no length as one row', () => {
    const lanes = placeInLanes([item('short', 0, 30), item('long', 0, 60), item('point', 60, 60), item('after', 62, 90)])
    expect(lanes.get('long')).toEqual({ lane: 0, lanes: 2 })
    expect(lanes.get('short')).toEqual({ lane: 1, lanes: 2 })
    expect(lanes.get('point')).toEqual({ lane: 0, lanes: 2 })
    expect(lanes.get('after')).toEqual({ lane: 1, lanes: 2 })
  })
})
