import { expect, fixture, html } from '@open-wc/testing'
import { clock } from '../../controllers/clock-controller.js'
import {
  API,
  EMPTY_EVENT_ID,
  EVENT_ID,
  REJECTIONS,
  expectAccessibleInBothThemes,
  loaded,
  reset,
  root,
  text,
} from '../../test-support/helpers.js'
import type { ServiceSessionList } from './session-list.component.js'
import './session-list.js'

const mount = async (extra: { token?: string; event?: string; limit?: number; track?: string } = {}) => {
  const el = await fixture<ServiceSessionList>(html`<service-session-list event-id=${extra.event ?? EVENT_ID}
    token=${'token' in extra ? (extra.token ?? '') : 'emb_valid'} api-base=${API} locale="en-GB" .limit=${extra.limit} .track=${extra.track}></service-session-list>`)
  await loaded(el)
  return el
}
const titles = (el: Element) => [...root(el).querySelectorAll('.item__title')].map((n) => n.textContent)

describe('service-session-list', () => {
  beforeEach(reset)

  it('shows a skeleton while loading', async () => {
    const el = await fixture<ServiceSessionList>(
      html`<service-session-list event-id=${EVENT_ID} token="emb_slow" api-base=${API}></service-session-list>`,
    )
    expect(root(el).querySelector('[part=skeleton]')).to.exist
    await loaded(el)
    expect(root(el).querySelectorAll('[part=item]')).to.have.length(8)
  })

  it('puts upcoming sessions first and honours limit and track', async () => {
    clock.now = () => Date.parse('2031-06-11T08:00:00Z')
    const el = await mount({ limit: 3 })
    expect(titles(el)).to.deep.equal(['Debugging stories', 'Scheduling at scale', 'Closing panel'])
    expect(text(root(el).querySelector('.item__when'))).to.contain('Live')
    el.limit = undefined
    await el.updateComplete
    expect(titles(el).slice(3)).to.deep.equal([
      'Opening keynote',
      'Compilers for fun',
      'Rust in the kernel',
      'Markup <script>alert(1)</script> is text',
      'Lunch',
    ])
    expect(root(el).querySelectorAll('.is-past')).to.have.length(5)
    el.track = 'Keynote'
    await el.updateComplete
    expect(titles(el)).to.deep.equal(['Closing panel', 'Opening keynote'])
  })

  it('formats times in the event’s time zone', async () => {
    const el = await mount({ limit: 1 })
    expect(text(root(el).querySelector('time'))).to.equal('Tue 10 Jun, 09:00–10:00')
  })

  it('shows the empty state', async () => {
    const el = await mount({ event: EMPTY_EVENT_ID })
    expect(text(root(el).querySelector('[part=empty]'))).to.equal('No sessions have been published yet.')
  })

  for (const [token, code, words] of REJECTIONS.slice(0, 7)) {
    it(`explains ${code}`, async () => {
      const el = await mount({ token })
      expect(root(el).querySelector<HTMLElement>('[part=error]')!.dataset.code).to.equal(code)
      expect(text(root(el).querySelector('[part=error]'))).to.match(words)
    })
  }

  it('is accessible in light and dark theme', async () => {
    await expectAccessibleInBothThemes(await mount())
  })
})
