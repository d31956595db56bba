/** Conflicts as sentences, for the cards, the panel, the drag preview and the announcements. */
import type { Conflict } from './conflicts.ts'

export interface ConflictWords {
  conflictRoom: (room: string, other: string) => string
  conflictSpeaker: (speaker: string, other: string) => string
}

interface Named {
  title: string
  speakers: readonly { id: string; name: string }[]
}

/**
 * One sentence per conflict of a session at `room`; `byId` finds the other sessions (their titles,
 * and the speaker's name, which either session lists).
 */
export function conflictSentences(
  conflicts: readonly Conflict[],
  room: string | null,
  self: Named | undefined,
  byId: ReadonlyMap<string, Named>,
  words: ConflictWords,
): string[] {
  const sentences = conflicts.map((c) => {
    const other = byId.get(c.with)
    const title = other?.title ?? ''
    if (c.kind === 'room') return words.conflictRoom(room ?? '', title)
    const speaker = [...(self?.speakers ?? []), ...(other?.speakers ?? [])].find((s) => s.id === c.speakerId)
    return words.conflictSpeaker(speaker?.name ?? '', title)
  })
  return [...new Set(sentences)]
}
