import { expect, fixture, html } from '@open-wc/testing'
import { setViewport } from '@web/test-runner-commands'
import {
  API,
  EVENT_ID,
  LONG_DAY_EVENT_ID,
  SIX_ROOMS_EVENT_ID,
  expectAccessibleInBothThemes,
  loaded,
  reset,
  root,
  text,
  until,
} from '../../test-support/helpers.js'
import type { ServiceSchedule } from './schedule.component.js'
import './schedule.js'

const mount = async (event: string, locale = 'en-GB') => {
  const el = await fixture<ServiceSchedule>(
    html`<service-schedule event-id=${event} token="emb_valid" api-base=${API} locale=${locale}></service-schedule>`,
  )
  await loaded(el)
  return el
}
const $ = (el: Element, sel: string) => root(el).querySelector<HTMLElement>(sel)
const $$ = (el: Element, sel: string) => [...root(el).querySelectorAll<HTMLElement>(sel)]
const rect = (node: Element) => node.getBoundingClientRect()

describe('service-schedule: the grid', () => {
  beforeEach(reset)
  afterEach(() => setViewport({ width: 800, height: 600 }))

  it('gives 6 rooms at 1280 px columns a title fits in, says that it scrolls, and reaches the last column', async () => {
    await setViewport({ width: 1280, height: 800 })
    const el = await mount(SIX_ROOMS_EVENT_ID)
    const wrap = $(el, '.grid-wrap')!
    const scroll = $(el, '.grid-scroll')!
    const heads = $$(el, '.col-head')
    expect(heads.map((h) => h.textContent)).to.deep.equal(['Auditorium', 'Hall A', 'Hall B', 'Room Spree', 'Terrace', 'Workshop Lab'])
    // Columns of at least 14rem: some 17 characters of a title a line (at 160 px, titles of 50
    // characters took 5 lines), so a title of 50 characters takes 3 lines.
    for (const head of heads) expect(rect(head).width).to.be.at.least(14 * 16 - 1)
    for (const title of $$(el, '.session__title')) {
      const lines = Math.round(rect(title).height / Number.parseFloat(getComputedStyle(title).lineHeight))
      expect(lines, title.textContent!).to.be.at.most(Math.ceil(title.textContent!.length / 17))
    }
    // It does not fit: the hint, the buttons and the shadow at the right edge say so.
    expect(scroll.scrollWidth).to.be.above(scroll.clientWidth)
    await until(() => wrap.hasAttribute('data-overflow'), 'overflow noticed')
    expect(getComputedStyle($(el, '.grid-hint')!).display).to.equal('flex')
    expect(text($(el, '.grid-hint'))).to.equal('Scroll sideways to see every column')
    const fade = () => getComputedStyle($(el, '.grid-frame')!, '::after').opacity
    await until(() => fade() === '1', 'the right edge shaded')
    const [back, on] = $$(el, '.grid-hint__btn') as HTMLButtonElement[]
    expect([back!.getAttribute('aria-label'), on!.getAttribute('aria-label')]).to.deep.equal([
      'Scroll to earlier columns',
      'Scroll to further columns',
    ])
    expect([back!.disabled, on!.disabled]).to.deep.equal([true, false])
    // The buttons scroll a column at a time, to the end.
    on!.click()
    await until(() => scroll.scrollLeft > 100, 'scrolled by a column')
    expect(back!.disabled).to.be.false
    for (let i = 0; i < 6 && !wrap.hasAttribute('data-at-end'); i++) {
      const before = scroll.scrollLeft
      on!.click()
      await until(() => scroll.scrollLeft > before || wrap.hasAttribute('data-at-end'), 'another column')
      await new Promise((r) => setTimeout(r, 400))
    }
    await until(() => wrap.hasAttribute('data-at-end'), 'the end')
    expect(on!.disabled).to.be.true
    await until(() => fade() === '0', 'no shade at the end')
    // The last column is wholly in view, its card can be clicked, and the times stayed in view.
    const box = rect(scroll)
    const last = heads.at(-1)!
    expect(rect(last).right).to.be.at.most(box.right + 1)
    const card = $$(el, '.session').find((c) => c.style.gridColumn.startsWith('7'))!
    const middle = rect(card)
    expect(
      root(el)
        .elementFromPoint(middle.left + middle.width / 2, middle.top + 10)
        ?.closest('.session'),
    ).to.equal(card)
    const time = $(el, '.slot-time')!
    expect(rect(time).left).to.be.within(box.left - 1, box.left + 8)
    expect(text(time)).to.equal('09:00')
    await expectAccessibleInBothThemes(el)
  })

  it('grows with a long day, and in a box of the height a site sets keeps the room headings in view', async () => {
    await setViewport({ width: 1280, height: 700 })
    const el = await mount(LONG_DAY_EVENT_ID)
    const scroll = $(el, '.grid-scroll')!
    await until(() => $$(el, '.session').length === 60, 'every card')
    // No box of its own: the day's last card is in the element, reached by scrolling the page.
    expect(scroll.scrollHeight).to.equal(scroll.clientHeight)
    expect(rect($$(el, '.session').at(-1)!).bottom).to.be.at.most(rect(el).bottom)
    el.style.setProperty('--service-schedule-grid-height', '30rem')
    await until(() => scroll.clientHeight === 30 * 16, 'the height the site set')
    expect(scroll.scrollHeight).to.be.above(scroll.clientHeight)
    expect($(el, '.grid-wrap')!.hasAttribute('data-overflow')).to.be.false
    scroll.scrollTop = 600
    await until(() => scroll.scrollTop === 600, 'scrolled down')
    const head = $(el, '.col-head')!
    expect(rect(head).top).to.be.within(rect(scroll).top - 1, rect(scroll).top + 1)
    // No card shows above the headings' band.
    const band = rect(head)
    const hit = root(el).elementFromPoint(band.left + band.width / 2, band.top + 4)
    expect(hit).to.equal(head)
  })

  it('lays out cards far out of sight only as they come near, moving none in sight, and focus reaches them', async () => {
    await setViewport({ width: 1280, height: 700 })
    const el = await mount(LONG_DAY_EVENT_ID)
    await until(() => $$(el, '.session').length === 60, 'every card')
    const cards = $$(el, '.session')
    // A skipped card's box is there; its content is not laid out.
    const drawn = (card: HTMLElement) => card.firstElementChild!.checkVisibility({ contentVisibilityAuto: true })
    expect(drawn(cards[0]!)).to.be.true
    expect(drawn(cards.at(-1)!)).to.be.false
    // Scrolled through the day a screen at a time: the cards on screen keep their places while
    // those coming near are laid out.
    const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
    const onScreen = () => cards.filter((c) => rect(c).bottom > 0 && rect(c).top < innerHeight)
    for (let y = 0; y < document.documentElement.scrollHeight; y += 500) {
      scrollTo(0, y)
      await frames()
      const seen = onScreen().map((c) => [c, rect(c).top] as const)
      await frames()
      for (const [card, top] of seen) expect(rect(card).top, text(card)).to.equal(top)
    }
    scrollTo(0, 0)
    await frames()
    // Far out of sight again, a card keeps the height it had (contain-intrinsic-size: auto), and
    // focus reaches it.
    const last = cards.at(-1)!
    const button = last.querySelector<HTMLElement>('.session__open')!
    button.focus()
    expect(root(el).activeElement).to.equal(button)
    await until(() => drawn(last), 'the focused card laid out')
  })

  it('turns into a list without a scroll box on a narrow screen', async () => {
    await setViewport({ width: 375, height: 700 })
    const el = await mount(SIX_ROOMS_EVENT_ID)
    expect(getComputedStyle($(el, '.grid')!).display).to.equal('flex')
    expect(getComputedStyle($(el, '.grid-scroll')!).overflowX).to.equal('visible')
    expect(getComputedStyle($(el, '.grid-hint')!).display).to.equal('none')
    expect($(el, '.grid-wrap')!.hasAttribute('data-overflow')).to.be.false
  })
})

describe('service-schedule: times', () => {
  beforeEach(reset)

  // Row labels and cards use one format, whatever the locale's ICU patterns for single times
  // and for ranges: "9:00 AM" beside "9:00 – 10:00 AM", "09:00" beside "09:00–10:00".
  const expected: Record<string, [label: string, card: string]> = {
    'en-US': ['9:00 AM', '9:00 – 10:00 AM'],
    'en-GB': ['09:00', '09:00–10:00'],
    de: ['09:00', '09:00–10:00 Uhr'],
    fr: ['09:00', '09:00 – 10:00'],
    es: ['9:00', '9:00–10:00'],
    nl: ['09:00', '09:00–10:00'],
  }
  for (const [locale, [label, range]] of Object.entries(expected)) {
    it(`writes row labels, cards and the "now" line alike in ${locale}`, async () => {
      const el = await mount(EVENT_ID, locale)
      expect(text($(el, '.slot-time'))).to.equal(label)
      expect(text($(el, '.session__time'))).to.equal(range)
      const hour = (s: string) => /^\d+/.exec(s)![0]
      expect(hour(text($(el, '.slot-time')))).to.equal(hour(text($(el, '.session__time'))))
    })
  }

  it('says in which time zone the times are, and follows the switch to the viewer’s own', async () => {
    const el = await mount(EVENT_ID)
    expect(text($(el, '.zone-note'))).to.equal('Times in CEST')
    const zone = $$(el, 'select').at(-1) as HTMLSelectElement
    zone.value = 'local'
    zone.dispatchEvent(new Event('change'))
    await el.updateComplete
    // en-GB has no abbreviation for New York's zone.
    expect(text($(el, '.zone-note'))).to.equal('Times in GMT-4')
  })
})

describe('service-schedule: the bars', () => {
  beforeEach(reset)
  afterEach(() => setViewport({ width: 800, height: 600 }))

  it('keeps the German view switch on one line, beside the time zone, at 1280 px', async () => {
    await setViewport({ width: 1280, height: 800 })
    const el = await mount(EVENT_ID, 'de')
    await until(() => $$(el, '.viewbar button').some((b) => text(b) === 'Abonnieren'), 'the whole bar')
    const buttons = $$(el, '.segmented__btn')
    expect(buttons.map((b) => text(b))).to.deep.equal(['Raster', 'Liste', '★ Mein Programm'])
    const tops = new Set(buttons.map((b) => Math.round(rect(b).top)))
    expect(tops.size).to.equal(1)
    for (const b of buttons) expect(Math.round(rect(b).height)).to.be.below(40)
    // One row: the zone, "subscribe" and the views share it.
    const zone = rect($(el, '.field--zone select')!)
    const views = rect($(el, '.segmented')!)
    expect(views.bottom).to.be.closeTo(zone.bottom, 4)
    // The zone field, which comes after the first render, fits the bar's height: it moved nothing.
    const bar = $(el, '.viewbar')!
    expect(rect(bar).height).to.be.closeTo(Number.parseFloat(getComputedStyle(bar).minHeight), 1)
  })
})

describe('service-schedule: day tabs', () => {
  beforeEach(reset)

  it('scroll when they do not fit, fade where more are, and bring the chosen day into view', async () => {
    const el = await fixture<ServiceSchedule>(
      html`<service-schedule event-id=${EVENT_ID} token="emb_valid" api-base=${API} locale="en-GB" style="width:170px"></service-schedule>`,
    )
    await loaded(el)
    const wrap = $(el, '.tabs-wrap')!
    const list = $(el, '[role=tablist]')!
    await until(() => wrap.hasAttribute('data-overflow'), 'the tabs overflow')
    expect(list.scrollWidth).to.be.above(list.clientWidth)
    const fade = (side: '::before' | '::after') => getComputedStyle(wrap, side).opacity
    await until(() => fade('::after') === '1' && fade('::before') === '0', 'a fade on the right only')
    const [first, second] = $$(el, '[role=tab]')
    first!.focus()
    first!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }))
    await until(() => root(el).activeElement === $(el, '#tab-2031-06-11'), 'day 2 focused')
    const box = rect(list)
    await until(() => rect(second!).right <= box.right + 1 && rect(second!).left >= box.left - 1, 'day 2 in view')
    await until(() => fade('::before') === '1', 'a fade on the left')
  })

  it('keeps the German view switch on one line, beside the time zone, at 1280 px', async () => {
    await setViewport({ width: 1280, height: 800 })
    for (const locale of ['de', 'fr', 'es', 'nl', 'en-GB']) {
      const el = await mount(EVENT_ID, locale)
      const buttons = $$(el, '.segmented__btn')
      expect(buttons.length, locale).to.equal(3)
      const tops = new Set(buttons.map((b) => Math.round(rect(b).top)))
      expect(tops.size, `${locale}: the switch's buttons on one line`).to.equal(1)
      for (const b of buttons) expect(b.scrollWidth, `${locale}: “${text(b)}” not cut`).to.be.at.most(b.clientWidth + 1)
      // The whole view bar is one row: time zone on the left, the switch on the right.
      const zone = $(el, '.viewbar select')!
      expect(Math.abs(rect(zone).top + rect(zone).height / 2 - (rect(buttons[0]!).top + rect(buttons[0]!).height / 2)), locale).to.be.below(
        rect(zone).height / 2,
      )
    }
  })
})
