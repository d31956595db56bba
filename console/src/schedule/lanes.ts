import { SLOT_MS } from './grid.ts'

export interface LaneItem {
  id: string
  startMs: number
  endMs: number
}

/** Which of `lanes` side-by-side lanes of its room column a card takes. */
export interface Lane {
  lane: number
  lanes: number
}

/**
 * Places overlapping cards of one column side by side: each card takes the first lane free at its
 * start, and every card of a group of transitively overlapping cards shares that group's lane
 * count, so their widths line up. Cards shorter than a row count as one row long, as drawn.
 */
export function placeInLanes(items: readonly LaneItem[]): Map<string, Lane> {
  const sorted = [...items]
    .map((it) => ({ id: it.id, start: it.startMs, end: Math.max(it.endMs, it.startMs + SLOT_MS) }))
    .sort((a, b) => a.start - b.start || b.end - a.end || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const result = new Map<string, Lane>()
  let group: { id: string; lane: number }[] = []
  let laneEnds: number[] = []
  let groupEnd = Number.NEGATIVE_INFINITY
  const close = () => {
    for (const g of group) result.set(g.id, { lane: g.lane, lanes: laneEnds.length })
    group = []
    laneEnds = []
  }
  for (const it of sorted) {
    if (it.start >= groupEnd) close()
    groupEnd = group.length ? Math.max(groupEnd, it.end) : it.end
    let lane = laneEnds.findIndex((end) => end <= it.start)
    if (lane === -1) lane = laneEnds.push(it.end) - 1
    else laneEnds[lane] = it.end
    group.push({ id: it.id, lane })
  }
  close()
  return result
}
