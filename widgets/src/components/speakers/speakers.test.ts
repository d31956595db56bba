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

const mount = async (layout = 'grid', extra: { token?: string; event?: string } = {}) => {
  const el = await fixture<ServiceSpeakers>(html`<service-speakers event-id=${extra.event ?? EVENT_ID} token=${extra.token ?? 'emb_valid'}
    api-base=${API} layout=${layout} locale="en-GB"></service-speakers>`)
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

  it('operates the carousel with buttons and arrow keys, without autoplay', async () => {
    const el = await mount('carousel')
    const carousel = root(el).querySelector('[aria-roledescription=carousel]')!
    expect(carousel.getAttribute('aria-label')).to.equal('Speakers')
    const slides = $$(el, '[aria-roledescription=slide]')
    expect(slides.map((s) => s.getAttribute('aria-label'))).to.deep.equal(['1 of 4', '2 of 4', '3 of 4', '4 of 4'])
    const [prev, next] = $$(el, '.carousel__btn') as HTMLButtonElement[]
    expect(prev!.disabled).to.be.true
    next!.click()
    await el.updateComplete
    expect(text(root(el).querySelector('.carousel__pos'))).to.equal('2 of 4')
    expect(prev!.disabled).to.be.false
    const current = () => root(el).querySelector('.slide.is-current [part=speaker]') as HTMLElement
    current().focus()
    key(current(), 'ArrowRight')
    await until(() => root(el).activeElement === current() && text(current()).includes('Linus'), 'focus on slide 3')
    expect(current().tabIndex).to.equal(0)
    expect($$(el, '[part=speaker]').filter((b) => b.tabIndex === 0)).to.have.length(1)
    key(current(), 'End')
    await el.updateComplete
    expect(text(root(el).querySelector('.carousel__pos'))).to.equal('4 of 4')
    expect(next!.disabled).to.be.true
    key(current(), 'ArrowLeft')
    await el.updateComplete
    expect(text(root(el).querySelector('.carousel__pos'))).to.equal('3 of 4')
    await new Promise((r) => setTimeout(r, 600))
    expect(text(root(el).querySelector('.carousel__pos'))).to.equal('3 of 4')
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
