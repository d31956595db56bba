import { expect, fixture, html } from '@open-wc/testing'
import { setViewport } from '@web/test-runner-commands'
import { API, EVENT_ID, KEYNOTE, expectAccessibleInBothThemes, loaded, reset, root, text, until } from '../../test-support/helpers.js'
import type { ServiceSchedule } from './schedule.component.js'
import './schedule.js'

const mount = async (locale = 'en-GB') => {
  const el = await fixture<ServiceSchedule>(
    html`<service-schedule event-id=${EVENT_ID} token="emb_valid" api-base=${API} locale=${locale}></service-schedule>`,
  )
  await loaded(el)
  return el
}
const $ = (el: Element, sel: string) => root(el).querySelector<HTMLElement>(sel)
const $$ = (el: Element, sel: string) => [...root(el).querySelectorAll<HTMLElement>(sel)]
const titles = (el: Element) => $$(el, '.session__title').map((n) => n.textContent)
/** The select labelled `label` (in the toolbar, or in the sheet when it is open). */
const select = (el: Element, label: string, within = '.toolbar') =>
  $$(el, `${within} label.field`)
    .find((l) => text(l.querySelector('.field__label')) === label)
    ?.querySelector('select') as HTMLSelectElement
async function choose(el: ServiceSchedule, label: string, value: string, within?: string) {
  const s = select(el, label, within)
  s.value = value
  s.dispatchEvent(new Event('change'))
  await el.updateComplete
}
async function search(el: ServiceSchedule, words: string) {
  const input = $(el, 'input[type=search]') as HTMLInputElement
  input.value = words
  input.dispatchEvent(new Event('input'))
  await el.updateComplete
}

describe('service-schedule: filters across days', () => {
  beforeEach(reset)
  afterEach(() => setViewport({ width: 800, height: 600 }))

  it('counts each day’s matches on the tabs while a search or filter is on', async () => {
    const el = await mount()
    expect($$(el, '[part=tab-count]')).to.have.length(0)
    await search(el, 'grace')
    expect($$(el, '[part=tab-count]').map((c) => c.querySelector('[aria-hidden]')!.textContent)).to.deep.equal(['1', '2'])
    // The tab's name says it ("Wed 11 Jun, 2 matches"); the bare number is for the eyes only.
    expect(text($$(el, '[role=tab]')[1])).to.equal('Wed 11 Jun 2, 2 matches')
    expect(text($(el, '[role=status]'))).to.equal('1 session on this day, 2 on other days')
    await search(el, 'kernel')
    expect($$(el, '[role=tab]')[1]!.classList.contains('tab--none')).to.be.true
  })

  it('says where the matches are when the day has none, and goes there', async () => {
    const el = await mount()
    await choose(el, 'Language', 'de')
    expect(titles(el)).to.deep.equal([])
    const empty = $(el, '[part=empty]')!
    expect(text(empty.querySelector('p'))).to.equal('No sessions on Tuesday match these filters.')
    const buttons = [...empty.querySelectorAll('button')]
    expect(buttons.map((b) => text(b))).to.deep.equal(['Also on Wednesday (1)', 'Clear filters'])
    await expectAccessibleInBothThemes(el)
    buttons[0]!.click()
    await el.updateComplete
    expect($(el, '[aria-selected=true]')!.id).to.equal('tab-2031-06-11')
    expect(titles(el)).to.deep.equal(['Debugging stories'])
  })

  it('filters by tag and by language, languages named in the visitor’s language', async () => {
    const el = await mount()
    const tag = select(el, 'Tag')
    expect([...tag.options].map((o) => o.text)).to.deep.equal(['All tags', 'debugging', 'kernel', 'opening', 'rust'])
    const language = select(el, 'Language')
    expect([...language.options].map((o) => o.text)).to.deep.equal(['All languages', 'English', 'German'])
    await choose(el, 'Tag', 'kernel')
    expect(titles(el)).to.deep.equal(['Rust in the kernel'])
    await choose(el, 'Tag', '')
    await choose(el, 'Language', 'en')
    expect(titles(el)).to.deep.equal(['Opening keynote', 'Rust in the kernel'])
    const german = await mount('de')
    expect([...select(german, 'Sprache').options].map((o) => o.text)).to.deep.equal(['Alle Sprachen', 'Deutsch', 'Englisch'])
  })

  it('does not call an agenda empty when filters hide what is in it', async () => {
    const el = await mount()
    ;($(el, `[data-id="${KEYNOTE}"] .fav`) as HTMLButtonElement).click()
    await search(el, 'no such talk')
    $$(el, '.segmented__btn').at(-1)!.click()
    await el.updateComplete
    expect(text($(el, '[part=empty] p'))).to.equal('None of the sessions in your agenda match these filters.')
    ;($(el, '[part=empty] button') as HTMLButtonElement).click()
    await el.updateComplete
    expect(titles(el)).to.deep.equal(['Opening keynote'])
  })

  it('opens the filters as a sheet on a phone', async () => {
    await setViewport({ width: 375, height: 700 })
    const el = await mount()
    expect(getComputedStyle($(el, '.filters')!).display).to.equal('none')
    const open = $(el, '.filters-open') as HTMLButtonElement
    expect(getComputedStyle(open).display).to.not.equal('none')
    expect(text(open)).to.equal('Filters')
    expect(open.getAttribute('aria-haspopup')).to.equal('dialog')
    open.click()
    const sheet = await until(() => $(el, 'dialog.sheet[open]'), 'the sheet')
    expect(sheet.getAttribute('aria-labelledby')).to.equal('sheet-title')
    expect($$(el, '.sheet label.field .field__label').map((l) => text(l))).to.deep.equal(['Track', 'Room', 'Tag', 'Language'])
    // The sheet sits at the bottom of the screen, as wide as the screen.
    const box = sheet.getBoundingClientRect()
    expect(Math.round(box.bottom)).to.equal(700)
    expect(Math.round(box.width)).to.equal(375)
    await choose(el, 'Room', 'Main Hall', '.sheet')
    expect(titles(el)).to.deep.equal(['Opening keynote', 'Compilers for fun'])
    const [clear, show] = [...sheet.querySelectorAll<HTMLButtonElement>('.sheet__foot button')]
    expect(text(show)).to.equal('Show 2 sessions')
    expect(clear!.disabled).to.be.false
    await expect(el).to.be.accessible()
    show!.click()
    await until(() => !$(el, 'dialog.sheet[open]'), 'the sheet closed')
    expect(text(open)).to.equal('Filters (1)')
    // Escape closes it too (the dialog's own cancel).
    open.click()
    const again = await until(() => $(el, 'dialog.sheet[open]') as HTMLDialogElement, 'the sheet again')
    again.close()
    await until(() => !$(el, '.sheet__body'), 'closed and emptied')
  })
})
