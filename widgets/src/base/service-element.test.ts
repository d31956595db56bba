import { expect, fixture, html } from '@open-wc/testing'
import { ADA, API, EVENT_ID, KEYNOTE, loaded, reset, root, WIDGET_TAGS, type Widget } from '../test-support/helpers.js'

/** Whether the browser draws the node at all. */
const drawn = (node: Element) => node.getClientRects().length > 0

describe('every element', () => {
  beforeEach(reset)

  // First in this file: the element is defined only during this test, as when the loader is slow.
  it('shows light-DOM fallback content until it upgrades, hides it after, and shows it again when it fails', async () => {
    const wrap = await fixture<HTMLDivElement>(html`<div>
      <service-session-list event-id=${EVENT_ID} token="emb_valid" api-base=${API}>
        <a href="https://example.com/schedule" id="ok-link">The full schedule</a>
      </service-session-list>
      <service-session-list event-id=${EVENT_ID} token="emb_broken" api-base=${API}>
        <a href="https://example.com/schedule" id="failed-link">The full schedule</a>
      </service-session-list>
    </div>`)
    expect(customElements.get('service-session-list')).to.be.undefined
    const ok = wrap.querySelector('#ok-link')!
    const failed = wrap.querySelector('#failed-link')!
    expect(drawn(ok) && drawn(failed)).to.be.true
    await import('../components/session-list/session-list.js')
    const [good, bad] = wrap.querySelectorAll<Widget>('service-session-list')
    await loaded(good!)
    await loaded(bad!)
    expect(drawn(ok)).to.be.false
    // The failed one offers the page's link under its message: the visitor's best way on.
    const slot = root(bad!).querySelector<HTMLSlotElement>('[part=error] slot')!
    expect(slot.assignedElements()).to.deep.equal([failed])
    expect(drawn(failed)).to.be.true
  })

  it('uses the host page’s font unless --service-font-family is set, in every element', async () => {
    await Promise.all([
      import('../components/schedule/schedule.js'),
      import('../components/session-list/session-list.js'),
      import('../components/session-detail/session-detail.js'),
      import('../components/speakers/speakers.js'),
      import('../components/speaker-card/speaker-card.js'),
      import('../components/registration/registration.js'),
    ])
    for (const tag of WIDGET_TAGS) {
      const extra =
        tag === 'service-session-detail' ? `session-id="${KEYNOTE}"` : tag === 'service-speaker-card' ? `speaker-id="${ADA}"` : ''
      const wrap = await fixture<HTMLDivElement>(html`<div style="font-family: Georgia, serif"></div>`)
      const attrs = `event-id="${EVENT_ID}" token="emb_valid" api-base="${API}" ${extra}`
      wrap.innerHTML = `<${tag} ${attrs}></${tag}><${tag} ${attrs} style="--service-font-family: 'Courier New', monospace"></${tag}>`
      const [inherits, themed] = wrap.querySelectorAll<Widget>(tag)
      await loaded(inherits!)
      await loaded(themed!)
      // Every element drawn, buttons and inputs included (they do not inherit fonts by default);
      // only the calendar address is set in a monospace font on purpose.
      const fonts = (el: Element) =>
        new Set(
          [...root(el).querySelectorAll('*')]
            .filter((n) => !(n instanceof SVGElement) && n.localName !== 'style' && !n.closest('.feed__copy') && drawn(n))
            .map((n) => getComputedStyle(n).fontFamily),
        )
      expect([...fonts(inherits!)], tag).to.deep.equal(['Georgia, serif'])
      expect([...fonts(themed!)], tag).to.deep.equal(['"Courier New", monospace'])
    }
  })
})
