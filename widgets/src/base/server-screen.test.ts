import { expect, fixture, html } from '@open-wc/testing'
import { ADA, API, EVENT_ID, KEYNOTE, LONG_DAY_EVENT_ID, loaded, reset, root, until, type Widget } from '../test-support/helpers.js'

/** What `loader.js` does with a first screen the server drew: the element's shadow root, inert, before its code. */
function setServerScreen(el: Element): void {
  const shadow = el.attachShadow({ mode: 'open' })
  shadow.innerHTML = '<style>.server { color: rgb(1, 2, 3); }</style><article class="server">Drawn by the server</article>'
  for (const node of shadow.children) node.setAttribute('inert', '')
}

/** Every element added to the shadow root from now on. */
function recordAdditions(shadow: ShadowRoot): Element[] {
  const added: Element[] = []
  new MutationObserver((mutations) => {
    for (const m of mutations) for (const node of m.addedNodes) if (node instanceof Element) added.push(node)
  }).observe(shadow, { childList: true, subtree: true })
  return added
}

/** The element's own top-level nodes (not the server's, which are inert). */
const ownNodes = (shadow: ShadowRoot) => [...shadow.children].filter((n) => !n.hasAttribute('inert') && n.localName !== 'style')

// Each element is defined only in its test, after the server's screen is in, as on a page where
// the first screen arrives before the element's code.
describe('a first screen the server drew', () => {
  beforeEach(reset)

  it('stays until the element’s data is in, then the element’s own render replaces it, with no skeleton between', async () => {
    const el = await fixture<Widget>(
      html`<service-speaker-card event-id=${EVENT_ID} token="emb_valid" api-base=${API} speaker-id=${ADA}></service-speaker-card>`,
    )
    expect(customElements.get('service-speaker-card')).to.be.undefined
    setServerScreen(el)
    const shadow = root(el)
    const added = recordAdditions(shadow)
    await import('../components/speaker-card/speaker-card.js')
    // Upgraded, data not in yet: the server's screen is what shows.
    expect(shadow.querySelector('.server')?.textContent).to.equal('Drawn by the server')
    // (Counted as loaded already: the server's screen is content.)
    await until(() => !shadow.querySelector('.server'), 'the element’s own render')
    await loaded(el)
    expect(shadow.querySelectorAll('style').length).to.equal(0)
    expect(shadow.querySelector('[part=card]')?.textContent).to.contain('Ada')
    expect(added.some((n) => n.matches('[part=skeleton]') || n.querySelector('[part=skeleton]'))).to.be.false
    // The element's own styles apply (adopted), not only the server's style elements.
    expect(getComputedStyle(shadow.querySelector('[part=card]')!).display).to.equal('grid')
  })

  it('stays while the schedule draws a long day in steps under it, hidden, and goes with the last step', async () => {
    const el = await fixture<Widget>(
      html`<service-schedule event-id=${LONG_DAY_EVENT_ID} token="emb_valid" api-base=${API}></service-schedule>`,
    )
    setServerScreen(el)
    const shadow = root(el)
    await import('../components/schedule/schedule.js')
    // Sampled every few milliseconds until the server's screen goes: whenever the element's own
    // nodes are there with it, they are not displayed, and what shows is the server's.
    let sampledUnder = 0
    await until(
      () => {
        const server = shadow.querySelector('.server')
        if (!server) return true
        const own = ownNodes(shadow)
        if (own.length) {
          sampledUnder++
          expect(own.every((n) => getComputedStyle(n).display === 'none')).to.be.true
          expect(getComputedStyle(server).display).to.equal('block')
        }
        return false
      },
      'the last step',
      8000,
    )
    expect(sampledUnder).to.be.above(0)
    // Every card of the day, shown: the element's own.
    expect(shadow.querySelectorAll('.session').length).to.equal(60)
    expect(ownNodes(shadow).every((n) => getComputedStyle(n).display !== 'none')).to.be.true
  })

  it('gives way to the error when the element’s read fails', async () => {
    const el = await fixture<Widget>(
      html`<service-session-detail event-id=${EVENT_ID} token="emb_revoked" api-base=${API} session-id=${KEYNOTE}></service-session-detail>`,
    )
    setServerScreen(el)
    await import('../components/session-detail/session-detail.js')
    await until(() => !root(el).querySelector('.server'), 'the element’s own render')
    expect(root(el).querySelector('[part=error]')?.textContent).to.match(/revoked/)
  })
})
