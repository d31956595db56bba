import { expect, fixture, html } from '@open-wc/testing'
import { ADA, API, EVENT_ID, KEYNOTE, loaded, reset, root, until, type Widget } from '../test-support/helpers.js'

/** What `loader.js` does with a first screen the server drew: the element's shadow root, before its code. */
function setServerScreen(el: Element): void {
  el.attachShadow({ mode: 'open' }).innerHTML =
    '<style>.server { color: rgb(1, 2, 3); }</style><article class="server">Drawn by the server</article>'
}

/** Every element added to the shadow root from now on, and whether the server's screen was still there then. */
function recordAdditions(shadow: ShadowRoot): { added: Element[]; serverLeftFirst: boolean } {
  const record = { added: [] as Element[], serverLeftFirst: false }
  new MutationObserver((mutations) => {
    for (const m of mutations) {
      for (const node of m.addedNodes) if (node instanceof Element) record.added.push(node)
      if ([...m.removedNodes].some((n) => n instanceof Element && n.classList.contains('server')) && !record.added.length) {
        record.serverLeftFirst = true
      }
    }
  }).observe(shadow, { childList: true, subtree: true })
  return record
}

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
    const record = recordAdditions(shadow)
    await import('../components/speaker-card/speaker-card.js')
    // Upgraded, data not in yet: the server's screen is what shows.
    expect(shadow.querySelector('.server')?.textContent).to.equal('Drawn by the server')
    // (Counted as loaded already: the server's screen is content.)
    await until(() => !shadow.querySelector('.server'), 'the element’s own render')
    await loaded(el)
    expect(shadow.querySelectorAll('style').length).to.equal(0)
    expect(shadow.querySelector('[part=card]')?.textContent).to.contain('Ada')
    expect(record.added.some((n) => n.matches('[part=skeleton]') || n.querySelector('[part=skeleton]'))).to.be.false
    // The server's nodes left before the element drew: never both at once.
    expect(record.serverLeftFirst).to.be.true
    // The element's own styles apply (adopted), not only the server's style elements.
    expect(getComputedStyle(shadow.querySelector('[part=card]')!).display).to.equal('grid')
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
