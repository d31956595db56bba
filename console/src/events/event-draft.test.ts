import { describe, expect, it } from 'vitest'
import type { Event } from '../api/types.ts'
import {
  draftFromEvent,
  draftProblems,
  draftToFields,
  emptyDraft,
  patchFromDraft,
  questionDraft,
  slugify,
  ticketDraft,
} from './event-draft.ts'

const event: Event = {
  id: '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b',
  name: 'Example Conf',
  description: null,
  timezone: 'Europe/Berlin',
  starts_at: '2026-06-01T07:00:00.000Z',
  ends_at: '2026-06-02T16:00:00.000Z',
  venue: 'Hall A',
  rooms: ['Hall A', 'Hall B'],
  tracks: [],
  tickets: [{ id: 'standard', name: 'Standard', capacity: 100, show_remaining: true }],
  questions: [{ id: 'diet', label: 'Diet', type: 'choice', required: true, options: ['Vegan', 'Any'], ticket_ids: null }],
  privacy_notice: { text: 'We use your data.', url: null },
  registration_confirmation: 'email',
  sync: null,
  sync_status: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
} as Event

describe('slugify', () => {
  it('makes lower-case slugs without accents, unique in the list', () => {
    expect(slugify('Early Bird!', new Set())).toBe('early-bird')
    expect(slugify('Frühbucher', new Set())).toBe('fruhbucher')
    expect(slugify('Early bird', new Set(['early-bird', 'early-bird-2']))).toBe('early-bird-3')
    expect(slugify('!!!', new Set())).toBe('item')
  })
})

describe('patchFromDraft', () => {
  it('is empty when nothing changed', () => {
    expect(patchFromDraft(draftFromEvent(event), event)).toEqual({})
  })

  it('holds only the changed fields', () => {
    const draft = draftFromEvent(event)
    draft.name = '  Example Conf 2026 '
    draft.venue = ''
    expect(patchFromDraft(draft, event)).toEqual({ name: 'Example Conf 2026', venue: null })
  })

  it('sends rooms and tracks one per line, each once, only when they changed', () => {
    const draft = draftFromEvent(event)
    expect(draft.rooms).toBe('Hall A\nHall B')
    draft.rooms = 'Hall B\n  Hall A \n\nhall a\nFoyer'
    draft.tracks = 'Web'
    expect(patchFromDraft(draft, event)).toEqual({ rooms: ['Hall B', 'Hall A', 'Foyer'], tracks: ['Web'] })
  })

  it('sends times as instants, read in the event’s zone', () => {
    const draft = draftFromEvent(event)
    expect(draft.starts).toBe('2026-06-01T09:00')
    draft.starts = '2026-06-01T10:00'
    expect(patchFromDraft(draft, event)).toEqual({ starts_at: '2026-06-01T08:00:00.000Z' })
  })

  it('changing the zone keeps the wall-clock times, so both instants move', () => {
    const draft = draftFromEvent(event)
    draft.timezone = 'Europe/London'
    expect(patchFromDraft(draft, event)).toEqual({
      timezone: 'Europe/London',
      starts_at: '2026-06-01T08:00:00.000Z',
      ends_at: '2026-06-02T17:00:00.000Z',
    })
  })

  it('sends the whole ticket list when one ticket changed, with ids for new ones', () => {
    const draft = draftFromEvent(event)
    draft.tickets[0]!.capacity = '120'
    draft.tickets.push({ ...ticketDraft(), name: 'Standard', capacity: '' })
    const patch = patchFromDraft(draft, event)
    expect(Object.keys(patch)).toEqual(['tickets'])
    expect(patch.tickets).toEqual([
      { id: 'standard', name: 'Standard', description: null, price: null, capacity: 120, show_remaining: true },
      { id: 'standard-2', name: 'Standard', description: null, price: null, capacity: null, show_remaining: false },
    ])
  })

  it('drops a removed ticket from the questions limited to it', () => {
    const withLimit = { ...event, questions: [{ ...event.questions[0]!, ticket_ids: ['standard'] }] } as Event
    const draft = draftFromEvent(withLimit)
    draft.tickets = []
    const patch = patchFromDraft(draft, withLimit)
    expect(patch.tickets).toEqual([])
    expect(patch.questions?.[0]?.ticket_ids).toBeNull()
  })

  it('clears the privacy notice and changes the confirmation', () => {
    const draft = draftFromEvent(event)
    draft.privacy = false
    draft.registration_confirmation = 'none'
    expect(patchFromDraft(draft, event)).toEqual({ privacy_notice: null, registration_confirmation: 'none' })
  })
})

describe('draftToFields', () => {
  it('makes a create body with question options from lines and none for other types', () => {
    const draft = emptyDraft('UTC')
    draft.name = 'New'
    draft.starts = '2026-06-01T09:00'
    draft.ends = '2026-06-01T17:00'
    draft.questions.push({ ...questionDraft(), label: 'T-shirt size', type: 'choice', options: 'S\n M \n\nL' })
    draft.questions.push({ ...questionDraft(), label: 'Company', type: 'text', options: 'ignored' })
    const body = draftToFields(draft)
    expect(body.starts_at).toBe('2026-06-01T09:00:00.000Z')
    expect(body.questions).toEqual([
      { id: 't-shirt-size', label: 'T-shirt size', type: 'choice', required: false, options: ['S', 'M', 'L'], ticket_ids: null },
      { id: 'company', label: 'Company', type: 'text', required: false, options: null, ticket_ids: null },
    ])
    expect(body.privacy_notice).toBeNull()
  })
})

describe('draftProblems', () => {
  it('finds what the form can tell by itself', () => {
    const draft = emptyDraft('UTC')
    draft.starts = '2026-06-02T09:00'
    draft.ends = '2026-06-01T09:00'
    draft.tickets.push({ ...ticketDraft(), name: '', capacity: '0' })
    draft.questions.push({ ...questionDraft(), label: 'Size', type: 'multi' })
    draft.privacy = true
    expect(draftProblems(draft)).toEqual([
      { path: 'name', issue: 'required' },
      { path: 'ends_at', issue: 'endsBeforeStart' },
      { path: 'tickets.0.name', issue: 'required' },
      { path: 'tickets.0.capacity', issue: 'capacity' },
      { path: 'questions.0.options', issue: 'options' },
      { path: 'privacy_notice.text', issue: 'required' },
    ])
  })

  it('is empty for a complete draft', () => {
    expect(draftProblems(draftFromEvent(event))).toEqual([])
  })
})
