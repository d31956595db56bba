/**
 * Scheduling conflicts: two sessions in the same room at once, or a speaker in two sessions at
 * once (in any rooms). Cancelled sessions take no room and no speaker's time. Sessions without a
 * room are the schedule's breaks, shown across every room, so they never clash on a room.
 */

export interface Slot {
  id: string
  startMs: number
  endMs: number
  room: string | null
  speakerIds: readonly string[]
  cancelled: boolean
}

export type Conflict = { kind: 'room'; with: string } | { kind: 'speaker'; with: string; speakerId: string }

/**
 * Whether two sessions share time. Touching ends do not (10:00–11:00 then 11:00–12:00); a session
 * of no length clashes with one running at its instant.
 */
export function overlaps(a: Slot, b: Slot): boolean {
  return a.startMs < Math.max(b.endMs, b.startMs + 1) && b.startMs < Math.max(a.endMs, a.startMs + 1)
}

function between(a: Slot, b: Slot): Conflict[] {
  if (a.id === b.id || a.cancelled || b.cancelled || !overlaps(a, b)) return []
  const found: Conflict[] = []
  if (a.room !== null && a.room === b.room) found.push({ kind: 'room', with: b.id })
  for (const speakerId of a.speakerIds) {
    if (b.speakerIds.includes(speakerId)) found.push({ kind: 'speaker', with: b.id, speakerId })
  }
  return found
}

/** Conflicts of one session (say, the one being dragged, at its new place) with the others. */
export function conflictsOf(slot: Slot, others: readonly Slot[]): Conflict[] {
  return others.flatMap((other) => between(slot, other))
}

/**
 * Every session's conflicts, by id (sessions without any are left out). Sorted by start, each
 * session is compared only with those starting before it ends.
 */
export function allConflicts(slots: readonly Slot[]): Map<string, Conflict[]> {
  const sorted = [...slots].filter((s) => !s.cancelled).sort((a, b) => a.startMs - b.startMs)
  const result = new Map<string, Conflict[]>()
  const add = (id: string, list: Conflict[]) => {
    if (list.length) result.set(id, [...(result.get(id) ?? []), ...list])
  }
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i] as Slot
    for (let j = i + 1; j < sorted.length; j++) {
      const b = sorted[j] as Slot
      if (b.startMs >= Math.max(a.endMs, a.startMs + 1)) break
      add(a.id, between(a, b))
      add(b.id, between(b, a))
    }
  }
  return result
}
