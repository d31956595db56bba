import { expect, fixture, html } from '@open-wc/testing'
import type { CSSResult, LitElement } from 'lit'
import {
  ADA,
  API,
  EVENT_ID,
  KEYNOTE,
  LONG_DAY_EVENT_ID,
  loaded,
  requestCounts,
  reset,
  root,
  text,
  until,
  type Widget,
} from '../test-support/helpers.js'
import { FIRST_SCREEN_DATA } from './service-element.js'

type Attrs = Record<string, string>

/** The first screen the server draws for `tag` (the mock draws it with the real renderer), as `loader.js` asks for it. */
async function serverScreen(tag: string, attrs: Attrs): Promise<string> {
  const { 'event-id': eventId, ...rest } = attrs
  const query = new URLSearchParams({ token: 'emb_valid', locale: 'en', ...rest })
  const res = await fetch(`/v1/events/${eventId}/first-screen/${tag}?${query}`)
  expect(res.status, `${tag}'s first screen`).to.equal(200)
  return res.text()
}

/**
 * An element with `screen` as its shadow root, as `loader.js` leaves it, not in the page yet (an
 * element defined by an earlier test renders as soon as it is connected).
 */
function onServerScreen(tag: string, attrs: Attrs, screen: string): Widget {
  const el = document.createElement(tag) as Widget
  for (const [name, value] of Object.entries({ token: 'emb_valid', 'api-base': API, ...attrs })) el.setAttribute(name, value)
  el.attachShadow({ mode: 'open' }).innerHTML = screen
  return el
}

/** Puts `el` in the page (in a fixture, removed after the test). */
async function place(el: Widget): Promise<void> {
  ;(await fixture<HTMLDivElement>(html`<div></div>`)).append(el)
}

/** Until the element has hydrated and drawn the update after its first render (the visitor's and the clock's). */
async function settled(el: Widget): Promise<void> {
  await until(() => (el as Widget & { afterFirstRender?: boolean }).afterFirstRender, 'the update after the first render')
  await el.updateComplete
}

/** Marks every element of the shadow root with a property of its own: a node drawn anew would not have it. */
function markAll(shadow: ShadowRoot): Element[] {
  const all = [...shadow.querySelectorAll('*')].filter((n) => n.localName !== 'script')
  for (const node of all) (node as Element & { fromServer?: true }).fromServer = true
  return all
}

/** The JSON reads the mock answered for the fixture event since the last reset (not the screens, the stream or the access check). */
async function dataReads(eventId: string): Promise<string[]> {
  const read = new RegExp(`^GET /v1/events/${eventId}(/(sessions|speakers)(/[^/]+)?)?$`)
  return Object.keys(await requestCounts()).filter((key) => read.test(key))
}

/** Every element added to the shadow root from now on. */
function recordAdditions(shadow: ShadowRoot): Element[] {
  const added: Element[] = []
  new MutationObserver((mutations) => {
    for (const m of mutations) for (const node of m.addedNodes) if (node instanceof Element) added.push(node)
  }).observe(shadow, { childList: true, subtree: true })
  return added
}

const ELEMENTS: [tag: string, attrs: Attrs, load: () => Promise<unknown>, content: string][] = [
  ['service-schedule', { 'event-id': EVENT_ID }, () => import('../components/schedule/schedule.js'), '[part=session]'],
  ['service-session-list', { 'event-id': EVENT_ID }, () => import('../components/session-list/session-list.js'), '[part=item]'],
  [
    'service-session-detail',
    { 'event-id': EVENT_ID, 'session-id': KEYNOTE },
    () => import('../components/session-detail/session-detail.js'),
    '[part=title]',
  ],
  ['service-speakers', { 'event-id': EVENT_ID }, () => import('../components/speakers/speakers.js'), '[part=speaker]'],
  [
    'service-speaker-card',
    { 'event-id': EVENT_ID, 'speaker-id': ADA },
    () => import('../components/speaker-card/speaker-card.js'),
    '[part=name]',
  ],
  ['service-registration', { 'event-id': EVENT_ID }, () => import('../components/registration/registration.js'), '[part~=question]'],
]

describe('a first screen the server drew', () => {
  beforeEach(reset)

  for (const [tag, attrs, load, content] of ELEMENTS) {
    it(`is hydrated by <${tag}>: its nodes are the element's, with no read and nothing drawn anew`, async () => {
      const screen = await serverScreen(tag, attrs)
      // Lit's markers, then the data the screen was drawn from.
      expect(screen).to.match(/<!--lit-part /)
      expect(screen).to.contain(FIRST_SCREEN_DATA)
      const el = onServerScreen(tag, attrs, screen)
      const shadow = root(el)
      const server = markAll(shadow)
      const shown = shadow.querySelector(content)
      expect(shown, content).to.exist
      const added = recordAdditions(shadow)
      await place(el)
      await load()
      await loaded(el)
      await settled(el)
      expect(shadow.querySelector(content)).to.equal(shown)
      expect(server.filter((n) => !n.isConnected).map((n) => n.localName)).to.deep.equal([])
      expect(added.some((n) => n.matches('[part=skeleton]') || n.querySelector('[part=skeleton]'))).to.be.false
      expect(shadow.querySelector(`script[${FIRST_SCREEN_DATA}]`)).to.be.null
      expect(await dataReads(attrs['event-id']!)).to.deep.equal([])
      // Styled by the screen's style elements, the element's own styles: not adopted again.
      expect(shadow.querySelector('style')).to.exist
      const own = (customElements.get(tag) as unknown as typeof LitElement).elementStyles.map((style) => (style as CSSResult).styleSheet)
      expect(shadow.adoptedStyleSheets.filter((sheet) => own.includes(sheet))).to.deep.equal([])
    })
  }

  it('keeps every card of a long day the server drew: the schedule does not draw it again in steps', async () => {
    const attrs = { 'event-id': LONG_DAY_EVENT_ID }
    const el = onServerScreen('service-schedule', attrs, await serverScreen('service-schedule', attrs))
    const cards = [...root(el).querySelectorAll('.session')]
    expect(cards).to.have.length(60)
    await place(el)
    await import('../components/schedule/schedule.js')
    await loaded(el)
    await settled(el)
    expect([...root(el).querySelectorAll('.session')]).to.deep.equal(cards)
  })

  it('computes the schedule’s model and cards’ texts in a task before the one that hydrates its day', async () => {
    const { ServiceSchedule } = await import('../components/schedule/schedule.js')
    type Preparing = { prepareFirstRender(this: LitElement): boolean }
    const proto = ServiceSchedule.prototype as unknown as Preparing
    const own = Object.getOwnPropertyDescriptor(proto, 'prepareFirstRender')!
    const seen: { prepared?: boolean; hydratedThen?: boolean; hydratedByNextTask?: boolean } = {}
    proto.prepareFirstRender = function () {
      seen.hydratedThen = this.hasUpdated
      seen.prepared = own.value.call(this)
      // A timer set now runs before the hydrating task's, and after anything this task still runs.
      setTimeout(() => (seen.hydratedByNextTask = this.hasUpdated))
      return seen.prepared!
    }
    try {
      const attrs = { 'event-id': LONG_DAY_EVENT_ID }
      const el = onServerScreen('service-schedule', attrs, await serverScreen('service-schedule', attrs))
      await place(el)
      await loaded(el)
      await settled(el)
      expect(seen).to.deep.equal({ hydratedThen: false, prepared: true, hydratedByNextTask: false })
    } finally {
      Object.defineProperty(proto, 'prepareFirstRender', own)
    }
  })

  it('shows the visitor’s favourites in the update after hydration, on the same card', async () => {
    localStorage.setItem(`service-widgets:favourites:${EVENT_ID}`, JSON.stringify([KEYNOTE]))
    const attrs = { 'event-id': EVENT_ID }
    const el = onServerScreen('service-schedule', attrs, await serverScreen('service-schedule', attrs))
    const card = root(el).querySelector(`[part=session][data-id="${KEYNOTE}"]`)!
    // The server knows no visitor: no favourite in the first screen.
    expect(card.classList.contains('is-fav')).to.be.false
    await place(el)
    await import('../components/schedule/schedule.js')
    await until(() => card.classList.contains('is-fav'), 'the favourite marked')
    expect(root(el).querySelector(`[part=session][data-id="${KEYNOTE}"]`)).to.equal(card)
  })

  it('is drawn anew by the element when it does not match the element’s render, with a warning', async () => {
    const attrs = { 'event-id': EVENT_ID, 'speaker-id': ADA }
    const screen = await serverScreen('service-speaker-card', attrs)
    // Another template's digest: a screen of another version of the code.
    const stale = screen.replace(/<!--lit-part [^>]*-->/, '<!--lit-part AAAAAAAAAAA=-->')
    const warnings: unknown[][] = []
    const warn = console.warn
    console.warn = (...args: unknown[]) => warnings.push(args)
    try {
      const el = onServerScreen('service-speaker-card', attrs, stale)
      const server = markAll(root(el))
      await place(el)
      await import('../components/speaker-card/speaker-card.js')
      await loaded(el)
      expect(server.every((n) => !n.isConnected)).to.be.true
      expect(text(root(el).querySelector('[part=name]'))).to.equal('Ada Lovelace')
      // With the server's style elements gone, the element's own styles apply (adopted).
      expect(root(el).querySelector('style')).to.be.null
      expect(getComputedStyle(root(el).querySelector('[part=card]')!).display).to.equal('grid')
      expect(warnings.some(([message]) => String(message).includes('did not match'))).to.be.true
    } finally {
      console.warn = warn
    }
  })

  it('without the data it was drawn from, goes: the element reads and draws as without a screen', async () => {
    const attrs = { 'event-id': EVENT_ID, 'session-id': KEYNOTE }
    const screen = (await serverScreen('service-session-detail', attrs)).replace(/<script type="application\/json"[\s\S]*<\/script>$/, '')
    const el = onServerScreen('service-session-detail', attrs, screen)
    const server = markAll(root(el))
    await place(el)
    await import('../components/session-detail/session-detail.js')
    await loaded(el)
    expect(server.every((n) => !n.isConnected)).to.be.true
    expect(text(root(el).querySelector('[part=title]'))).to.not.equal('')
    expect(await dataReads(EVENT_ID)).to.not.deep.equal([])
  })
})
