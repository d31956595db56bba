import { describe, expect, it } from 'vitest'
import { conflictSentences } from './conflict-text.ts'
import { messages } from './messages.ts'

describe('conflict sentences', () => {
  it('names the room, the speaker and the other session, each once', () => {
    const byId = new Map([['b', { title: 'Data talk', speakers: [{ id: 'ada', name: 'Ada Lovelace' }] }]])
    const self = { title: 'Keynote', speakers: [{ id: 'ada', name: 'Ada Lovelace' }] }
    const sentences = conflictSentences(
      [
        { kind: 'room', with: 'b' },
        { kind: 'speaker', with: 'b', speakerId: 'ada' },
        { kind: 'room', with: 'b' },
      ],
      'Hall A',
      self,
      byId,
      messages.en,
    )
    expect(sentences).toEqual([
      'Conflict: Hall A is also used by “Data talk” at the same time',
      'Conflict: Ada Lovelace also speaks in “Data talk” at the same time',
    ])
    expect(conflictSentences([{ kind: 'room', with: 'b' }], 'Hall A', self, byId, messages.de)[0]).toContain('Konflikt')
  })
})
