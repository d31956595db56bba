import { describe, expect, it } from 'vitest'
import {
  changedFields,
  EMPTY_SPEAKER,
  formFromSpeaker,
  isHttpUrl,
  isPublicStatus,
  speakerBody,
  STATUS_GROUPS,
  tagsFromText,
} from './speaker-form.ts'
import { sessionsOf } from './speaker-sessions.ts'

const speaker = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: null,
  title: 'Analyst',
  bio: 'Wrote *the* first program.',
  photo_url: null,
  links: [{ url: 'https://ada.example', label: null }],
  tags: ['keynote'],
  status: 'confirmed' as const,
}

describe('speaker form', () => {
  it('reads tags as the API keeps them: trimmed, distinct, in order', () => {
    expect(tagsFromText('keynote, ai, , keynote ')).toEqual(['keynote', 'ai'])
    expect(tagsFromText('')).toEqual([])
  })

  it('writes empty texts as null and leaves out link rows without a URL', () => {
    expect(
      speakerBody({
        ...EMPTY_SPEAKER,
        name: ' Grace ',
        email: 'grace@example.com',
        links: [
          { url: '', label: 'nothing' },
          { url: ' https://grace.example ', label: ' ' },
        ],
      }),
    ).toEqual({
      name: 'Grace',
      email: 'grace@example.com',
      company: null,
      title: null,
      bio: null,
      photo_url: null,
      links: [{ url: 'https://grace.example', label: null }],
      tags: [],
      status: 'invited',
    })
  })

  it('sends only what changed in an edit, links as a whole list', () => {
    const form = formFromSpeaker(speaker)
    expect(changedFields(speaker, form)).toEqual({})
    expect(
      changedFields(speaker, {
        ...form,
        company: 'Analytical Engines',
        links: [...form.links, { url: 'https://b.example', label: 'Blog' }],
      }),
    ).toEqual({
      company: 'Analytical Engines',
      links: [
        { url: 'https://ada.example', label: null },
        { url: 'https://b.example', label: 'Blog' },
      ],
    })
  })

  it('groups statuses by whether the widgets show them', () => {
    expect(STATUS_GROUPS.flatMap((g) => g.statuses)).toHaveLength(8)
    expect(isPublicStatus('confirmed')).toBe(true)
    expect(isPublicStatus('invited')).toBe(false)
    expect(STATUS_GROUPS.find((g) => !g.visible)?.statuses).toEqual(['invited', 'applied', 'declined', 'withdrawn'])
  })

  it('previews only http(s) photo URLs', () => {
    expect(isHttpUrl('https://x.example/a.jpg')).toBe(true)
    expect(isHttpUrl('javascript:alert(1)')).toBe(false)
    expect(isHttpUrl('not a url')).toBe(false)
  })
})

describe('sessionsOf', () => {
  it('keeps the sessions that name the speaker, in time order', () => {
    const sessions = [
      { id: 'b', title: 'B', starts_at: '2026-06-02T09:00:00Z', speakers: [{ id: 's1' }, { id: 's2' }] },
      { id: 'c', title: 'C', starts_at: '2026-06-01T09:00:00Z', speakers: [{ id: 's2' }] },
      { id: 'a', title: 'A', starts_at: '2026-06-01T08:00:00Z', speakers: [{ id: 's1' }] },
    ]
    expect(sessionsOf(sessions, 's1').map((s) => s.id)).toEqual(['a', 'b'])
  })
})
