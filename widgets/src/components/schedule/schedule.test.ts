import { expect, fixture, html, oneEvent } from '@open-wc/testing'
import { clock } from '../../controllers/clock-controller.js'
import {
  API,
  EMPTY_EVENT_ID,
  EVENT_ID,
  KEYNOTE,
  LONG_DAY_EVENT_ID,
  REJECTIONS,
  expectAccessibleInBothThemes,
  loaded,
  requestCounts,
  reset,
  root,
  text,
  until,
} from '../../test-support/helpers.js'
import type { ServiceSchedule } from './schedule.component.js'
import './schedule.js'

const mount = async (attrs: { token?: string; event?: string; locale?: string } = {}) => {
  const el =
    await fixture<ServiceSchedule>(html`<service-schedule event-id=${attrs.event ?? EVENT_ID} token=${'token' in attrs ? (attrs.token ?? '') : 'emb_valid'}
    api-base=${API} locale=${attrs.locale ?? 'en-GB'}></service-schedule>`)
  await loaded(el)
  return el
}
const $ = (el: Element, sel: string) => root(el).querySelector<HTMLElement>(sel)
const $$ = (el: Element, sel: string) => [...root(el).querySelectorAll<HTMLElement>(sel)]
const titles = (el: Element) => $$(el, '.session__title').map((n) => n.textContent)

describe('service-schedule', () => {
  beforeEach(reset)

  it('shows a skeleton while loading', async () => {
    const el = await fixture<ServiceSchedule>(
      html`<service-schedule event-id=${EVENT_ID} token="emb_slow" api-base=${API}></service-schedule>`,
    )
    expect($(el, '[part=skeleton]')).to.exist
    expect(text($(el, '[part=skeleton]'))).to.equal('Loading…')
    await loaded(el)
    expect($(el, '[part=skeleton]')).to.be.null
  })

  it('renders the first day in event time, grid by room', async () => {
    const el = await mount()
    expect(text($(el, '.day-title'))).to.equal('Tuesday, 10 June 2031')
    expect(titles(el)).to.deep.equal([
      'Opening keynote',
      'Compilers for fun',
      'Rust in the kernel',
      'Markup <script>alert(1)</script> is text',
      'Lunch',
    ])
    // 07:00Z is 09:00 in Berlin; the fixture has no session before.
    expect(text($(el, '.session__time'))).to.equal('09:00–10:00')
    expect($$(el, '.col-head').map((n) => n.textContent)).to.deep.equal(['Main Hall', 'Room B'])
    // Lunch has no room: it spans every column.
    expect(getComputedStyle($$(el, '.session').at(-1)!).gridColumnEnd).to.equal('-1')
    const keynote = $(el, `[data-id="${KEYNOTE}"]`)!
    expect(getComputedStyle(keynote).gridColumnStart).to.equal('2')
  })

  it('draws a long day in steps: the first screen at once, every card soon after, each in its place', async () => {
    // Counts the cards of the first update that draws any: observers run before the next step can.
    const drawn: number[] = []
    const watch = new MutationObserver((_, self) => {
      const n = $$(el, '.session').length
      if (!n) return
      drawn.push(n)
      self.disconnect()
    })
    const el = await fixture<ServiceSchedule>(
      html`<service-schedule event-id=${LONG_DAY_EVENT_ID} token="emb_slow" api-base=${API} locale="en-GB"></service-schedule>`,
    )
    watch.observe(root(el), { childList: true, subtree: true })
    await loaded(el)
    expect(drawn[0]).to.be.within(1, 59)
    // The grid's rows come from the whole day from the first step on.
    const rows = getComputedStyle($(el, '.grid')!).gridTemplateRows
    await until(() => $$(el, '.session').length === 60, 'all 60 cards')
    expect(getComputedStyle($(el, '.grid')!).gridTemplateRows.split(' ')).to.have.length(rows.split(' ').length)
    expect(titles(el)).to.deep.equal(Array.from({ length: 60 }, (_, i) => `Talk ${i + 1}`))
    const last = $$(el, '.session').at(-1)!
    expect(getComputedStyle(last).gridColumnStart).to.equal('4')
    // Another day or view starts again from the first screen, and again ends with all cards.
    $$(el, '.segmented__btn')[1]!.click()
    await el.updateComplete
    expect($$(el, '.session').length).to.be.below(60)
    // Moved in the page between two steps: it carries on.
    const parent = el.parentElement!
    el.remove()
    parent.append(el)
    await until(() => $$(el, '.session').length === 60, 'all 60 cards in the list')
  })

  it('never renders API text as HTML', async () => {
    const el = await mount()
    expect($(el, '.session script')).to.be.null
    expect(titles(el)).to.include('Markup <script>alert(1)</script> is text')
    $$(el, '.session__open')[3]!.click()
    await until(() => $(el, 'dialog[open]'), 'dialog')
    expect($(el, 'dialog img')).to.be.null
    expect(text($(el, '.sv__desc'))).to.equal('<img src=x onerror="window.__xss=2">')
    expect((window as { __xss?: number }).__xss).to.be.undefined
  })

  it('switches days with WAI-ARIA tabs and the keyboard', async () => {
    const el = await mount()
    const tabs = $$(el, '[role=tab]')
    expect(tabs).to.have.length(2)
    expect(tabs[0]!.getAttribute('aria-selected')).to.equal('true')
    expect(tabs[1]!.tabIndex).to.equal(-1)
    expect($(el, '[role=tabpanel]')!.getAttribute('aria-labelledby')).to.equal(tabs[0]!.id)
    tabs[0]!.focus()
    tabs[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }))
    await el.updateComplete
    await until(() => root(el).activeElement?.id === 'tab-2031-06-11', 'focus on day 2')
    expect($(el, '[aria-selected=true]')!.id).to.equal('tab-2031-06-11')
    expect(titles(el)).to.deep.equal(['Debugging stories', 'Scheduling at scale', 'Closing panel'])
    root(el).activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }))
    await el.updateComplete
    expect($(el, '[aria-selected=true]')!.id).to.equal('tab-2031-06-10')
  })

  it('filters by track, room and search over titles and speaker names', async () => {
    const el = await mount()
    const [track, room] = $$(el, 'select') as HTMLSelectElement[]
    track!.value = 'Systems'
    track!.dispatchEvent(new Event('change'))
    await el.updateComplete
    expect(titles(el)).to.deep.equal(['Rust in the kernel'])
    track!.value = ''
    track!.dispatchEvent(new Event('change'))
    room!.value = 'Main Hall'
    room!.dispatchEvent(new Event('change'))
    await el.updateComplete
    expect(titles(el)).to.deep.equal(['Opening keynote', 'Compilers for fun'])
    room!.value = ''
    room!.dispatchEvent(new Event('change'))
    const search = $(el, 'input[type=search]') as HTMLInputElement
    search.value = 'grace'
    search.dispatchEvent(new Event('input'))
    await el.updateComplete
    expect(titles(el)).to.deep.equal(['Compilers for fun'])
    expect(text($(el, '[role=status]'))).to.equal('1 session on this day, 2 on other days')
    search.value = 'no such talk'
    search.dispatchEvent(new Event('input'))
    await el.updateComplete
    expect(text($(el, '[part=empty]'))).to.contain('No sessions on any day match these filters.')
    ;($(el, '[part=empty] button') as HTMLButtonElement).click()
    await el.updateComplete
    expect(titles(el)).to.have.length(5)
  })

  it('switches to the viewer’s time zone and remembers it per event', async () => {
    const el = await mount()
    const zone = $$(el, 'select').at(-1) as HTMLSelectElement
    expect(text(zone)).to.contain('Event time (Europe/Berlin)').and.contain('My time (America/New_York)')
    zone.value = 'local'
    zone.dispatchEvent(new Event('change'))
    await el.updateComplete
    // 07:00Z is 03:00 in New York.
    expect(text($(el, '.session__time'))).to.equal('03:00–04:00')
    el.remove()
    const again = await mount()
    expect(text($(again, '.session__time'))).to.equal('03:00–04:00')
  })

  it('marks "now" and jumps to it during the event', async () => {
    clock.now = () => Date.parse('2031-06-11T08:45:00Z')
    const el = await mount()
    // Opens on today's tab, with the now line between the live session and the next.
    expect($(el, '[aria-selected=true]')!.id).to.equal('tab-2031-06-11')
    expect(text($(el, '[part~=now]'))).to.equal('Now 10:45')
    expect(text($(el, '.is-live .session__title'))).to.equal('Scheduling at scale')
    ;($$(el, '[role=tab]')[0] as HTMLButtonElement).click()
    await el.updateComplete
    expect($(el, '[part~=now]')).to.be.null
    ;($(el, '.btn--now') as HTMLButtonElement).click()
    await el.updateComplete
    expect($(el, '[aria-selected=true]')!.id).to.equal('tab-2031-06-11')
    expect($(el, '[part~=now]')).to.exist
  })

  it('has no "now" outside the event', async () => {
    const el = await mount()
    expect($(el, '[part~=now]')).to.be.null
    expect($(el, '.btn--now')).to.be.null
  })

  it('keeps favourites in localStorage and lists them in "my agenda"', async () => {
    const el = await mount()
    const star = $(el, `[data-id="${KEYNOTE}"] .fav`) as HTMLButtonElement
    expect(star.getAttribute('aria-label')).to.equal('Add “Opening keynote” to my agenda')
    star.click()
    await el.updateComplete
    expect(star.getAttribute('aria-pressed')).to.equal('true')
    expect(JSON.parse(localStorage.getItem(`service-widgets:favourites:${EVENT_ID}`)!)).to.deep.equal([KEYNOTE])
    const agenda = $$(el, '.segmented__btn').at(-1)!
    agenda.click()
    await el.updateComplete
    expect(agenda.getAttribute('aria-pressed')).to.equal('true')
    expect(titles(el)).to.deep.equal(['Opening keynote'])
    const download = await until(() => $(el, '.agenda-actions a') as HTMLAnchorElement | null, 'the agenda download')
    expect(text(download)).to.equal('Download my agenda (.ics)')
    expect(download.href).to.equal(`${API}/v1/events/${EVENT_ID}/schedule.ics?token=emb_valid&sessions=${KEYNOTE}`)
  })

  it('shows an empty agenda message when nothing is starred', async () => {
    const el = await mount()
    $$(el, '.segmented__btn').at(-1)!.click()
    await el.updateComplete
    expect(text($(el, '[part=empty]'))).to.contain('Your agenda is empty')
  })

  it('opens a session dialog with speakers and closes it with Escape', async () => {
    const el = await mount()
    $(el, `[data-id="${KEYNOTE}"] .session__open`)!.click()
    const dialog = await until(() => $(el, 'dialog[open]'), 'dialog')
    expect(text($(el, '#dialog-title'))).to.equal('Opening keynote')
    expect(text($(el, '.people'))).to.contain('Ada Lovelace')
    await until(() => text(dialog).includes('Add to calendar'), 'the calendar link')
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    ;(dialog as HTMLDialogElement).close()
    await until(() => !$(el, 'dialog[open]'), 'closed')
  })

  it('shows the empty state for an event without sessions', async () => {
    const el = await mount({ event: EMPTY_EVENT_ID })
    expect(text($(el, '[part=empty]'))).to.equal('No sessions have been published yet.')
  })

  for (const [token, code, words] of REJECTIONS) {
    it(`explains ${code}`, async () => {
      const el = await mount({ token })
      expect($(el, '[part=error]')!.dataset.code).to.equal(code)
      expect(text($(el, '[part=error]'))).to.match(words)
    })
  }

  it('names a missing or malformed event-id without asking the server, and explains an unknown event', async () => {
    const before = (await requestCounts())['GET /v1/events/nope'] ?? 0
    const missing = await fixture<ServiceSchedule>(html`<service-schedule token="emb_valid" api-base=${API}></service-schedule>`)
    await loaded(missing)
    expect($(missing, '[part=error]')!.dataset.code).to.equal('ATTRIBUTE_MISSING')
    expect(text($(missing, '[part=error]'))).to.contain('The event-id attribute is missing.')
    const malformed = await mount({ event: 'nope' })
    expect($(malformed, '[part=error]')!.dataset.code).to.equal('ATTRIBUTE_INVALID')
    expect(text($(malformed, '[part=error]'))).to.contain('event-id="nope" is not a valid id.')
    expect((await requestCounts())['GET /v1/events/nope'] ?? 0).to.equal(before)
    const unknown = await mount({ event: '11111111-1111-4111-8111-111111111111' })
    expect($(unknown, '[part=error]')!.dataset.code).to.equal('NOT_FOUND')
  })

  it('speaks German when the page or the attribute says so', async () => {
    const el = await mount({ locale: 'de' })
    expect(text($(el, '.day-title'))).to.equal('Dienstag, 10. Juni 2031')
    expect(text($(el, '.field__label'))).to.equal('Suche')
  })

  it('shares one request per resource between widgets', async () => {
    const wrap = await fixture(html`<div>
      <service-schedule event-id=${EVENT_ID} token="emb_valid" api-base=${API}></service-schedule>
      <service-schedule event-id=${EVENT_ID} token="emb_valid" api-base=${API}></service-schedule>
    </div>`)
    for (const el of wrap.querySelectorAll<ServiceSchedule>('service-schedule')) await loaded(el)
    const counts = await requestCounts()
    expect(counts[`GET /v1/events/${EVENT_ID}/sessions`]).to.equal(1)
    expect(counts[`GET /v1/events/${EVENT_ID}`]).to.equal(1)
  })

  it('is accessible in light and dark theme', async () => {
    const el = await mount()
    await expectAccessibleInBothThemes(el)
    $(el, `[data-id="${KEYNOTE}"] .session__open`)!.click()
    await until(() => $(el, 'dialog[open]'), 'dialog')
    await expect(el).to.be.accessible()
    void oneEvent
  })
})
