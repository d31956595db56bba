import { describe, expect, it } from 'vitest'
import { prettyJson, statusVariant } from './delivery-view.ts'
import { eventsOf, eventsSummary, selectionOf, typeGroups, WEBHOOK_EVENT_TYPES } from './event-types.ts'

describe('webhook event selection', () => {
  it('reads ["*"] as all and a list as its checkboxes', () => {
    expect(selectionOf(['*']).all).toBe(true)
    const some = selectionOf(['session.updated', 'speaker.created'])
    expect(some.all).toBe(false)
    expect([...some.types]).toEqual(['speaker.created', 'session.updated'])
  })

  it('writes all as ["*"] alone, and chosen types in the API order', () => {
    expect(eventsOf({ all: true, types: new Set(['session.updated']) })).toEqual(['*'])
    expect(eventsOf({ all: false, types: new Set(['session.updated', 'event.updated']) })).toEqual(['event.updated', 'session.updated'])
    expect(eventsOf({ all: false, types: new Set() })).toEqual([])
  })

  it('groups every type by its resource, none left out', () => {
    const groups = typeGroups()
    expect(groups.map((g) => g.resource)).toEqual(['event', 'speaker', 'session', 'embed_token', 'registration'])
    expect(groups.flatMap((g) => g.types)).toEqual([...WEBHOOK_EVENT_TYPES])
  })

  it('summarises events for the list', () => {
    expect(eventsSummary(['*'], 'All events')).toBe('All events')
    expect(eventsSummary(['a.b', 'c.d'], 'All events')).toBe('a.b, c.d')
  })
})

describe('delivery view', () => {
  it('gives each status its badge and the payload indented', () => {
    expect(statusVariant('delivered')).toBe('success')
    expect(statusVariant('failed')).toBe('danger')
    expect(statusVariant('pending')).toBe('neutral')
    expect(prettyJson({ type: 'webhook.test' })).toBe('{\n  "type": "webhook.test"\n}')
  })
})
