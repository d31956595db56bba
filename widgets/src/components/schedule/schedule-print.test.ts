import { expect, fixture, html } from '@open-wc/testing'
import { emulateMedia } from '@web/test-runner-commands'
import { API, EVENT_ID, KEYNOTE, loaded, reset, root, text } from '../../test-support/helpers.js'
import type { ServiceSchedule } from './schedule.component.js'
import './schedule.js'

const $ = (el: Element, sel: string) => root(el).querySelector<HTMLElement>(sel)
const $$ = (el: Element, sel: string) => [...root(el).querySelectorAll<HTMLElement>(sel)]
const shown = (node: Element | null) => !!node && getComputedStyle(node).display !== 'none'

describe('service-schedule: print', () => {
  beforeEach(reset)
  afterEach(async () => {
    dispatchEvent(new Event('afterprint'))
    await emulateMedia({ media: 'screen' })
  })

  it('prints every day as a list with times, rooms, titles and speakers, and no controls', async () => {
    const el = await fixture<ServiceSchedule>(
      html`<service-schedule event-id=${EVENT_ID} token="emb_valid" api-base=${API} locale="en-GB"></service-schedule>`,
    )
    await loaded(el)
    expect($$(el, '.day-title')).to.have.length(1)
    // The browser tells the page before it lays the page out for print: the schedule is drawn
    // for print by then, without waiting for a later task.
    dispatchEvent(new Event('beforeprint'))
    expect($$(el, '.day-title').map((h) => text(h))).to.deep.equal(['Tuesday, 10 June 2031', 'Wednesday, 11 June 2031'])
    await emulateMedia({ media: 'print' })
    for (const control of ['.toolbar', '.viewbar', '.tabs', '.fav']) expect(shown($(el, control)), control).to.be.false
    expect($$(el, '.session')).to.have.length(8)
    const keynote = $(el, `[data-id="${KEYNOTE}"]`)!
    expect(text(keynote.querySelector('.session__time'))).to.equal('09:00–10:00')
    expect(text(keynote.querySelector('.session__title'))).to.equal('Opening keynote')
    expect(text(keynote.querySelector('.session__speakers'))).to.equal('Ada Lovelace')
    expect(text(keynote.querySelector('.session__meta'))).to.equal('Main Hall · Keynote')
    // A row: the time, then title and speakers, then the room.
    const open = keynote.querySelector('.session__open')!
    expect(getComputedStyle(open).display).to.equal('grid')
    const time = keynote.querySelector('.session__time')!.getBoundingClientRect()
    const title = keynote.querySelector('.session__title')!.getBoundingClientRect()
    const meta = keynote.querySelector('.session__meta')!.getBoundingClientRect()
    expect(time.top).to.be.closeTo(title.top, 4)
    expect(time.right).to.be.below(title.left)
    expect(title.right).to.be.at.most(meta.left)
    expect(text($(el, '.zone-note'))).to.equal('Times in CEST')
    dispatchEvent(new Event('afterprint'))
    await el.updateComplete
    expect($$(el, '.day-title')).to.have.length(1)
  })

  it('prints "my agenda" as the favourites by day', async () => {
    const el = await fixture<ServiceSchedule>(
      html`<service-schedule event-id=${EVENT_ID} token="emb_valid" api-base=${API} locale="en-GB"></service-schedule>`,
    )
    await loaded(el)
    ;($(el, `[data-id="${KEYNOTE}"] .fav`) as HTMLButtonElement).click()
    $$(el, '.segmented__btn').at(-1)!.click()
    await el.updateComplete
    dispatchEvent(new Event('beforeprint'))
    await emulateMedia({ media: 'print' })
    expect($$(el, '.session__title').map((t) => text(t))).to.deep.equal(['Opening keynote'])
    expect(shown($(el, '.agenda-actions'))).to.be.false
    expect(text($(el, '.day-title'))).to.equal('Tuesday, 10 June 2031')
  })
})
