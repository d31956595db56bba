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
  until,
} from '../../test-support/helpers.js'
import type { ServiceSessionList } from './session-list.component.js'
import './session-list.js'

type Extra = { token?: string; event?: string; limit?: number; track?: string; room?: string; tag?: string; day?: string; locale?: string }
const mount = async (extra: Extra = {}) => {
  const el = await fixture<ServiceSessionList>(html`<service-session-list event-id=${extra.event ?? EVENT_ID}
    token=${'token' in extra ? (extra.token ?? '') : 'emb_valid'} api-base=${API} locale=${extra.locale ?? 'en-GB'} .limit=${extra.limit}
    .track=${extra.track} .room=${extra.room} .tag=${extra.tag} .day=${extra.day}></service-session-list>`)
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

  it('formats times in the event’s time zone, and says which', async () => {
    const el = await mount({ limit: 1 })
    expect(text(root(el).querySelector('time'))).to.equal('Tue 10 Jun, 09:00–10:00')
    expect(text(root(el).querySelector('[part=zone]'))).to.equal('Times in CEST')
  })

  it('says that no session is in a track, room, tag or day, rather than that none are published', async () => {
    const says = async (extra: Extra) => text(root(await mount(extra)).querySelector('[part=empty]'))
    expect(await says({ track: 'Nope' })).to.equal('There are no sessions in the track “Nope”.')
    expect(await says({ room: 'Attic' })).to.equal('There are no sessions in the room “Attic”.')
    expect(await says({ tag: 'cobol' })).to.equal('There are no sessions tagged “cobol”.')
    expect(await says({ day: '2031-06-12' })).to.equal('There are no sessions on Thursday, 12 June 2031.')
    expect(await says({ track: 'Keynote', room: 'Room B' })).to.equal('There are no sessions for track “Keynote” and room “Room B”.')
    expect(await says({ track: 'Nope', locale: 'de' })).to.equal('Im Track „Nope“ gibt es keine Sessions.')
  })

  it('narrows to a room, a tag and a day', async () => {
    expect(titles(await mount({ room: 'Room B' }))).to.deep.equal([
      'Rust in the kernel',
      'Markup <script>alert(1)</script> is text',
      'Scheduling at scale',
    ])
    expect(titles(await mount({ tag: 'rust' }))).to.deep.equal(['Rust in the kernel'])
    expect(titles(await mount({ day: '2031-06-11' }))).to.deep.equal(['Debugging stories', 'Scheduling at scale', 'Closing panel'])
  })

  it('opens a session’s details, whose speakers open their profiles', async () => {
    const el = await mount({ limit: 3 })
    const item = root(el).querySelector<HTMLButtonElement>('[part=item] .item__open')!
    expect(item.getAttribute('aria-haspopup')).to.equal('dialog')
    item.click()
    const dialog = await until(() => root(el).querySelector('dialog[open]'), 'the session dialog')
    expect(text(root(el).getElementById('dialog-title'))).to.equal('Opening keynote')
    expect(text(dialog.querySelector('[part=description]'))).to.equal('Welcome, and what the next two days hold.')
    dialog.querySelector<HTMLButtonElement>('.person__open')!.click()
    await until(() => text(root(el).getElementById('dialog-title')) === 'Ada Lovelace', 'her profile')
    await expect(el).to.be.accessible()
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
