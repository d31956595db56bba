import { expect, fixture, html } from '@open-wc/testing'
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
import type { ServiceSpeakers } from './speakers.component.js'
import './speakers.js'

const mount = async (layout = 'grid', extra: { token?: string; event?: string; width?: number } = {}) => {
  const el = await fixture<ServiceSpeakers>(html`<service-speakers event-id=${extra.event ?? EVENT_ID} token=${extra.token ?? 'emb_valid'}
    api-base=${API} layout=${layout} locale="en-GB" style=${extra.width ? `width:${extra.width}px` : ''}></service-speakers>`)
  await loaded(el)
  return el
}
const $$ = (el: Element, sel: string) => [...root(el).querySelectorAll<HTMLElement>(sel)]
const key = (target: Element, k: string) => target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, composed: true }))

describe('service-speakers', () => {
  beforeEach(reset)

  it('shows a skeleton while loading', async () => {
    const el = await fixture<ServiceSpeakers>(
      html`<service-speakers event-id=${EVENT_ID} token="emb_slow" api-base=${API}></service-speakers>`,
    )
    expect(root(el).querySelector('[part=skeleton]')).to.exist
    await loaded(el)
  })

  it('shows speakers ordered by name, initials when the photo is missing or fails', async () => {
    const el = await mount()
    expect($$(el, '.tile__name').map((n) => n.textContent)).to.deep.equal([
      'Ada Lovelace',
      'Grace Hopper',
      'Linus Torvalds',
      'Mallory <b>Bold</b>',
    ])
    const grace = $$(el, '[part=avatar]')[1]!
    expect(grace.textContent!.trim()).to.equal('GH')
    // The fixture photo URL answers 404: the image removes itself and the initials show.
    await until(() => !grace.querySelector('img'), 'failed photo to go')
    expect(root(el).querySelector('.gallery b')).to.be.null
    expect($$(el, '[part=avatar]')[3]!.textContent!.trim()).to.equal('MB')
  })

  it('opens a profile whose sessions open in the same dialog, with a way back', async () => {
    const el = await mount()
    $$(el, '[part=speaker]')[0]!.click()
    const dialog = await until(() => root(el).querySelector('dialog[open]'), 'dialog')
    expect(text(dialog.querySelector('.links'))).to.equal('Website Mastodon')
    ;(dialog.querySelector('.talk__open') as HTMLButtonElement).click()
    await until(() => text(root(el).getElementById('dialog-title')) === 'Opening keynote', 'the session')
    await until(() => root(el).activeElement?.id === 'dialog-title', 'focus on the session’s title')
    const back = dialog.querySelector<HTMLButtonElement>('.dialog__back')!
    expect(text(back)).to.equal('Back to “Ada Lovelace”')
    back.click()
    await until(() => text(root(el).getElementById('dialog-title')) === 'Ada Lovelace', 'back on the profile')
    expect(dialog.querySelector('.dialog__back')).to.be.null
  })

  it('opens a profile dialog with the bio as text', async () => {
    const el = await mount()
    $$(el, '[part=speaker]')[3]!.click()
    const dialog = await until(() => root(el).querySelector('dialog[open]'), 'dialog')
    expect(text(dialog.querySelector('[part=bio]'))).to.equal('<img src=x onerror="window.__xss=1">I <b>love</b> markup')
    expect(dialog.querySelector('[part=bio] img')).to.be.null
    expect(dialog.getAttribute('aria-labelledby')).to.equal('dialog-title')
    expect(text(root(el).getElementById('dialog-title'))).to.equal('Mallory <b>Bold</b>')
    ;(dialog.querySelector('.dialog__close') as HTMLButtonElement).click()
    await until(() => !root(el).querySelector('dialog[open]'), 'closed')
  })

  it('lays out as a list', async () => {
    const el = await mount('list')
    expect(root(el).querySelector('.gallery--list')).to.exist
  })

  it('shows as many speakers as fit, pages by that many and counts pages', async () => {
    const el = await mount('carousel', { width: 440 })
    const carousel = root(el).querySelector('[aria-roledescription=carousel]')!
    expect(carousel.getAttribute('aria-label')).to.equal('Speakers')
    const pages = root(el).querySelector<HTMLElement>('.carousel__pages')!
    expect(pages.getAttribute('aria-live')).to.equal('polite')
    const slides = () => $$(el, '[aria-roledescription=slide]')
    await until(() => slides().length === 2, 'two pages of two')
    expect(slides().map((s) => s.getAttribute('aria-label'))).to.deep.equal(['1 of 2', '2 of 2'])
    expect(slides().map((s) => s.querySelectorAll('[part=speaker]').length)).to.deep.equal([2, 2])
    expect(slides().map((s) => (s as HTMLElement & { inert: boolean }).inert)).to.deep.equal([false, true])
    const pos = () => text(root(el).querySelector('.carousel__pos'))
    expect(pos()).to.equal('1 of 2')
    const [prev, next] = $$(el, '.carousel__btn') as HTMLButtonElement[]
    expect(prev!.disabled).to.be.true
    // "Next" scrolls a whole page into view.
    next!.click()
    await until(() => Math.abs(pages.scrollLeft - pages.clientWidth) <= 1, 'scrolled to page 2')
    expect(pos()).to.equal('2 of 2')
    expect(next!.disabled).to.be.true
    expect(slides().map((s) => (s as HTMLElement & { inert: boolean }).inert)).to.deep.equal([true, false])
    // A swipe (any scroll) that comes to rest on a page makes it the current one.
    pages.scrollTo({ left: 0 })
    await until(() => pos() === '1 of 2', 'back on page 1 after a scroll')
    // Nothing moves by itself.
    await new Promise((r) => setTimeout(r, 600))
    expect(pos()).to.equal('1 of 2')
  })

  it('keeps each speaker as tall as its content, not the tallest of the page', async () => {
    const el = await mount('carousel', { width: 440 })
    await until(() => $$(el, '[aria-roledescription=slide]').length === 2, 'two pages')
    const [ada, grace] = $$(el, '.slide [part=speaker]')
    // Ada's title and company take more lines than Grace's.
    expect(ada!.getBoundingClientRect().height).to.be.above(grace!.getBoundingClientRect().height)
  })

  it('moves from speaker to speaker with arrow keys, across pages, with one tab stop', async () => {
    const el = await mount('carousel', { width: 440 })
    await until(() => $$(el, '[aria-roledescription=slide]').length === 2, 'two pages')
    const tiles = () => $$(el, '.slide [part=speaker]')
    expect(tiles().filter((b) => b.tabIndex === 0)).to.have.length(1)
    tiles()[0]!.focus()
    key(tiles()[0]!, 'ArrowRight')
    await until(() => root(el).activeElement === tiles()[1], 'focus on Grace')
    expect(text(root(el).querySelector('.carousel__pos'))).to.equal('1 of 2')
    key(tiles()[1]!, 'ArrowRight')
    await until(() => root(el).activeElement === tiles()[2], 'focus on Linus, on page 2')
    expect(text(root(el).querySelector('.carousel__pos'))).to.equal('2 of 2')
    expect(tiles().filter((b) => b.tabIndex === 0)).to.deep.equal([tiles()[2]])
    key(tiles()[2]!, 'Home')
    await until(() => root(el).activeElement === tiles()[0], 'focus on the first')
    expect(text(root(el).querySelector('.carousel__pos'))).to.equal('1 of 2')
    key(tiles()[0]!, 'End')
    await until(() => root(el).activeElement === tiles()[3], 'focus on the last')
  })

  it('shows every speaker on one page when they fit', async () => {
    const el = await mount('carousel', { width: 1000 })
    await until(() => text(root(el).querySelector('.carousel__pos')) === '1 of 1', 'one page')
    expect($$(el, '.slide [part=speaker]')).to.have.length(4)
    expect(($$(el, '.carousel__btn') as HTMLButtonElement[]).map((b) => b.disabled)).to.deep.equal([true, true])
  })

  it('shows the empty state', async () => {
    const el = await mount('grid', { event: EMPTY_EVENT_ID })
    expect(text(root(el).querySelector('[part=empty]'))).to.equal('No speakers have been announced yet.')
  })

  for (const [token, code, words] of REJECTIONS.slice(1, 7)) {
    it(`explains ${code}`, async () => {
      const el = await mount('grid', { token: token! })
      expect(text(root(el).querySelector('[part=error]'))).to.match(words)
    })
  }

  for (const layout of ['grid', 'list', 'carousel']) {
    it(`is accessible as a ${layout} in light and dark theme`, async () => {
      await expectAccessibleInBothThemes(await mount(layout))
    })
  }

  it('is accessible with the dialog open', async () => {
    const el = await mount()
    $$(el, '[part=speaker]')[0]!.click()
    await until(() => root(el).querySelector('dialog[open]'), 'dialog')
    await expectAccessibleInBothThemes(el)
  })
})
