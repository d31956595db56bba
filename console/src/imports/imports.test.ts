import { describe, expect, it } from 'vitest'
import { failurePlaces, failureSentences } from './failure-text.ts'
import { importBody, isFinished, pollDelayMs } from './import-request.ts'
import type { ImportPlan } from './import-types.ts'
import { changesAnything, countRows, orderedChanges } from './plan-summary.ts'
import { intervalChoices, intervalText, relativeTime } from './sync-timing.ts'

const zero = { sessions: 0, speakers: 0 }
const plan = (over: Partial<ImportPlan> = {}): ImportPlan => ({
  created: zero,
  updated: zero,
  cancelled: zero,
  deleted: zero,
  unchanged: zero,
  event: { fields: [] },
  changes: [],
  skipped: [],
  ...over,
})

describe('the import request', () => {
  it('sends a URL as JSON with the API’s field names', () => {
    expect(importBody({ source: { url: 'https://example.org/s.json' }, format: 'frab-json', removed: 'delete', dryRun: true })).toEqual({
      url: 'https://example.org/s.json',
      format: 'frab-json',
      removed: 'delete',
      dry_run: true,
    })
  })

  it('sends a file as multipart: the file under `file` with its name, the choices as fields', async () => {
    const file = new File(['{"schedule":{}}'], 'schedule.json', { type: 'application/json' })
    const body = importBody({ source: { file }, format: 'auto', removed: 'cancel', dryRun: false })
    expect(body).toBeInstanceOf(FormData)
    const form = body as FormData
    const sent = form.get('file') as File
    expect(sent.name).toBe('schedule.json')
    expect(await sent.text()).toBe('{"schedule":{}}')
    expect([form.get('format'), form.get('removed'), form.get('dry_run')]).toEqual(['auto', 'cancel', 'false'])
  })

  it('asks again until the import is done or failed, soon at first and then every 2 seconds', () => {
    expect(['pending', 'running', 'done', 'failed'].map((status) => isFinished({ status } as never))).toEqual([false, false, true, true])
    expect([0, 1, 2, 3, 4, 10].map(pollDelayMs)).toEqual([250, 500, 1000, 2000, 2000, 2000])
  })
})

describe('the plan', () => {
  it('counts each kind per action, 0 where the plan has none', () => {
    const rows = countRows(plan({ created: { sessions: 12, speakers: 9 }, cancelled: { sessions: 1, speakers: 0 } }))
    expect(rows).toEqual([
      { kind: 'sessions', counts: { created: 12, updated: 0, cancelled: 1, deleted: 0, unchanged: 0 } },
      { kind: 'speakers', counts: { created: 9, updated: 0, cancelled: 0, deleted: 0, unchanged: 0 } },
    ])
  })

  it('changes something only when it creates, changes, cancels or deletes an item, or changes the event', () => {
    expect(changesAnything(plan({ unchanged: { sessions: 30, speakers: 20 } }))).toBe(false)
    expect(changesAnything(plan({ deleted: { sessions: 0, speakers: 1 } }))).toBe(true)
    expect(changesAnything(plan({ event: { fields: [] } }))).toBe(false)
    expect(changesAnything(plan({ event: { fields: ['rooms'] } }))).toBe(true)
  })

  it('lists changes by action, sessions before speakers, each group in the plan’s order', () => {
    const change = (action: 'created' | 'updated' | 'deleted', kind: 'session' | 'speaker', title: string) => ({
      action,
      kind,
      id: null,
      source_id: title,
      title,
      fields: [],
    })
    const ordered = orderedChanges([
      change('deleted', 'session', 'd'),
      change('created', 'speaker', 'ada'),
      change('updated', 'session', 'u'),
      change('created', 'session', 'b'),
      change('created', 'session', 'a'),
    ])
    expect(ordered.map((c) => c.title)).toEqual(['b', 'a', 'ada', 'u', 'd'])
  })
})

describe('failures in plain words', () => {
  const plain = { SOURCE_INVALID: 'The file breaks its format’s rules.' }

  it('says the code’s sentence, then the API’s message when it adds something', () => {
    expect(failureSentences({ code: 'SOURCE_INVALID', message: 'Broken in 2 places' }, plain)).toEqual([
      'The file breaks its format’s rules.',
      'Broken in 2 places',
    ])
    expect(failureSentences({ code: 'SOURCE_INVALID', message: plain.SOURCE_INVALID }, plain)).toEqual([plain.SOURCE_INVALID])
    expect(failureSentences({ code: 'INTERNAL_ERROR', message: 'Something broke' }, plain)).toEqual(['Something broke'])
  })

  it('lists the places in the file the failure names, and none when it names none', () => {
    const place = { path: 'schedule.conference.days[0].rooms.Saal 1[3].date', message: 'must be a date-time with an offset' }
    expect(failurePlaces({ code: 'SOURCE_INVALID', message: '', details: { fields: [place] } })).toEqual([place])
    expect(failurePlaces({ code: 'SOURCE_UNREADABLE', message: '', details: {} })).toEqual([])
  })
})

describe('sync times', () => {
  it('says an interval in words, in the locale', () => {
    expect(intervalText('15m', 'en-GB')).toBe('15 minutes')
    expect(intervalText('1h', 'en-GB')).toBe('1 hour')
    expect(intervalText('1d', 'de-DE')).toBe('1 Tag')
    expect(intervalText('90s', 'en-GB')).toBe('90 seconds')
    expect(intervalText('soon', 'en-GB')).toBe('soon')
  })

  it('offers the usual intervals, and the event’s own when it is another', () => {
    expect(intervalChoices('15m')).toEqual(['5m', '15m', '30m', '1h', '6h', '1d'])
    expect(intervalChoices('2h')).toEqual(['2h', '5m', '15m', '30m', '1h', '6h', '1d'])
  })

  it('says a moment relative to now in the largest unit that fits', () => {
    const now = Date.parse('2026-06-01T10:00:00Z')
    expect(relativeTime('2026-06-01T09:57:00Z', now, 'en-GB')).toBe('3 minutes ago')
    expect(relativeTime('2026-06-01T10:12:00Z', now, 'en-GB')).toBe('in 12 minutes')
    expect(relativeTime('2026-06-01T08:00:00Z', now, 'en-GB')).toBe('2 hours ago')
    expect(relativeTime('2026-05-31T10:00:00Z', now, 'en-GB')).toBe('yesterday')
    expect(relativeTime('2026-06-01T10:00:00Z', now, 'de-DE')).toBe('jetzt')
    expect(relativeTime('not a time', now, 'en-GB')).toBe('')
  })
})
