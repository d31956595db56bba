import { describe, expect, it } from 'vitest'
import {
  buildSnippet,
  editableAttributes,
  type ElementSpec,
  eventItems,
  isTokenOf,
  loaderUrl,
  manifestUrl,
  previewDocument,
  startingValues,
} from './snippet-model.ts'

const card: ElementSpec = {
  tagName: 'service-speaker-card',
  className: 'ServiceSpeakerCard',
  summary: 'One speaker',
  description: '',
  attributes: [
    { name: 'event-id', kind: 'string', options: [], defaultValue: undefined, description: '' },
    { name: 'token', kind: 'string', options: [], defaultValue: undefined, description: '' },
    { name: 'speaker-id', kind: 'string', options: [], defaultValue: undefined, description: '' },
    { name: 'theme', kind: 'enum', options: ['light', 'dark', 'auto'], defaultValue: 'light', description: '' },
    { name: 'api-base', kind: 'string', options: [], defaultValue: undefined, description: '' },
  ],
  cssProperties: [],
  cssParts: [],
  events: [],
}

const items = eventItems(
  [{ id: 's1', title: 'Opening', track: 'Main', room: 'Hall A', tags: ['keynote'] }],
  [
    { id: 'p-hidden', name: 'Hidden', company: null, status: 'invited' },
    { id: 'p1', name: 'Ada', company: 'Engines', status: 'confirmed' },
  ],
)

describe('snippet builder model', () => {
  it('reads the loader and the manifest beside each other on the embed server', () => {
    expect(loaderUrl('http://127.0.0.1:3001/')).toBe('http://127.0.0.1:3001/v1/loader.js')
    expect(manifestUrl('https://embed.example')).toBe('https://embed.example/v1/custom-elements.json')
  })

  it('offers controls for every attribute but the connection ones', () => {
    expect(editableAttributes(card).map((a) => a.name)).toEqual(['speaker-id', 'theme'])
  })

  it('offers only the speakers the widgets can show, and starts with the first', () => {
    expect(items.speakers).toEqual([{ id: 'p1', name: 'Ada', company: 'Engines' }])
    expect(startingValues(card, items)).toEqual(new Map([['speaker-id', 'p1']]))
  })

  it('keeps chosen values across a change of element, but not ids the event does not have', () => {
    const kept = new Map<string, string | null>([
      ['speaker-id', 'gone'],
      ['theme', 'dark'],
      ['layout', 'grid'],
    ])
    expect(startingValues(card, items, kept)).toEqual(
      new Map([
        ['theme', 'dark'],
        ['speaker-id', 'p1'],
      ]),
    )
  })

  it('writes the same snippet as the demo page, the token included', () => {
    const snippet = buildSnippet(card, {
      embedUrl: 'http://127.0.0.1:3001',
      eventId: 'e1',
      token: 'emb_abc',
      values: new Map([['theme', 'dark']]),
      fallbackHref: 'https://conf.example/speakers',
      prefersDark: false,
    })
    expect(snippet.html).toBe(
      '<script async src="http://127.0.0.1:3001/v1/loader.js"></script>\n' +
        '<service-speaker-card event-id="e1" token="emb_abc" theme="dark">\n  <a href="https://conf.example/speakers">See all speakers</a>\n</service-speaker-card>\n',
    )
    expect(snippet.theme).toBe('dark')
    const page = previewDocument(snippet, 'http://127.0.0.1:3001', 'de')
    expect(page).toContain('<meta name="color-scheme" content="dark">')
    expect(page).toContain('<script async src="http://127.0.0.1:3001/v1/loader.js"></script>')
    expect(page).toContain(`<body>${snippet.element}</body>`)
    expect(page).toContain('<html lang="de">')
  })

  it('escapes attribute values, so the preview parses exactly the snippet', () => {
    const snippet = buildSnippet(card, {
      embedUrl: 'http://e',
      eventId: '"><script>x</script>',
      token: 't',
      values: new Map(),
      fallbackHref: '',
      prefersDark: false,
    })
    expect(snippet.element).not.toContain('<script>')
  })

  it('accepts a pasted token only when it is the one whose prefix the API shows', () => {
    expect(isTokenOf(' emb_3kTqZ8xWabcdef ', 'emb_3kTqZ8xW')).toBe(true)
    expect(isTokenOf('emb_3kTqZ8xW', 'emb_3kTqZ8xW')).toBe(false)
    expect(isTokenOf('emb_other123456', 'emb_3kTqZ8xW')).toBe(false)
    expect(isTokenOf('emb_3kTqZ8xW abc', 'emb_3kTqZ8xW')).toBe(false)
  })
})
