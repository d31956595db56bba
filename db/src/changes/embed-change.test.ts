import { describe, expect, it } from 'vitest'
import { parseEmbedChange } from './embed-change.ts'

describe('parseEmbedChange', () => {
  it('reads the two kinds of notification', () => {
    expect(parseEmbedChange('{"kind":"token","token_id":"t","token_hash":"h","event_id":"e","table":"embed_tokens"}')).toEqual({
      kind: 'token',
      tokenId: 't',
      tokenHash: 'h',
      eventId: 'e',
    })
    expect(parseEmbedChange('{"kind":"event","event_id":"e","table":"sessions"}')).toEqual({
      kind: 'event',
      eventId: 'e',
      table: 'sessions',
    })
  })

  it('leaves an unknown table undefined, and refuses what is not a change', () => {
    expect(parseEmbedChange('{"kind":"event","event_id":"e","table":"payments"}')).toEqual({
      kind: 'event',
      eventId: 'e',
      table: undefined,
    })
    for (const payload of ['', 'null', '42', '{"kind":"event"}', '{"kind":"token","token_hash":"h"}', '{"kind":"flush"}']) {
      expect(parseEmbedChange(payload)).toBeUndefined()
    }
  })
})
