import { expect, fixture, html } from '@open-wc/testing'
import { API, EVENT_ID, KEYNOTE, loaded, reset, root, until } from '../../test-support/helpers.js'
import { hashWith, readHash } from './schedule-hash.js'
import type { ServiceSchedule } from './schedule.component.js'
import './schedule.js'

const CLOSING = '7a1d0000-0000-4000-8000-000000000008'
const $ = (el: Element, sel: string) => root(el).querySelector<HTMLElement>(sel)
const selectedDay = (el: Element) => $(el, '[role=tab][aria-selected=true]')!.id.replace('tab-', '')
const setHash = (hash: string) => history.replaceState(null, '', `${location.pathname}${location.search}${hash}`)
const mount = async (id?: string) => {
  const el = await fixture<ServiceSchedule>(
    html`<service-schedule id=${id ?? ''} event-id=${EVENT_ID} token="emb_valid" api-base=${API} locale="en-GB"></service-schedule>`,
  )
  if (!id) el.removeAttribute('id')
  await loaded(el)
  return el
}

describe('schedule state in the URL hash', () => {
  it('reads and writes only its own keys, keeping the page’s anchor and other schedules’ keys in front', () => {
    const hash = '#intro&other.day=2031-06-10&schedule.day=2031-06-10'
    expect(readHash('schedule', hash)).to.deep.equal({ day: '2031-06-10' })
    expect(hashWith('schedule', { day: '2031-06-11', session: KEYNOTE }, hash)).to.equal(
      `#intro&other.day=2031-06-10&schedule.day=2031-06-11&schedule.session=${KEYNOTE}`,
    )
    expect(hashWith('schedule', {}, hash)).to.equal('#intro&other.day=2031-06-10')
    expect(hashWith('schedule', {}, '#schedule.day=2031-06-10')).to.equal('')
    // Unchanged: nothing to write.
    expect(hashWith('schedule', { day: '2031-06-10' }, hash)).to.be.undefined
  })

  it('leaves a hash the page routes by alone', () => {
    expect(readHash('schedule', '#/talks&schedule.day=2031-06-10')).to.deep.equal({})
    expect(hashWith('schedule', { day: '2031-06-11' }, '#/talks')).to.be.undefined
    expect(hashWith('schedule', { day: '2031-06-11' }, '#!/talks')).to.be.undefined
  })
})

describe('service-schedule: links a visitor can share', () => {
  beforeEach(reset)

  it('keeps the chosen day and the open session in the hash, replacing the history entry', async () => {
    setHash('#intro')
    const entries = history.length
    const el = await mount()
    // Nothing is written until the visitor chooses.
    expect(location.hash).to.equal('#intro')
    ;($(el, '#tab-2031-06-11') as HTMLButtonElement).click()
    await el.updateComplete
    expect(location.hash).to.equal('#intro&schedule.day=2031-06-11')
    $(el, `[data-id="${CLOSING}"] .session__open`)!.click()
    const dialog = await until(() => $(el, 'dialog[open]') as HTMLDialogElement, 'the dialog')
    expect(location.hash).to.equal(`#intro&schedule.day=2031-06-11&schedule.session=${CLOSING}`)
    dialog.close()
    await until(() => location.hash === '#intro&schedule.day=2031-06-11', 'the session gone from the hash')
    expect(history.length).to.equal(entries)
  })

  it('opens the day and the session of a shared link', async () => {
    setHash(`#schedule.session=${CLOSING}`)
    const el = await mount()
    await until(() => $(el, 'dialog[open]'), 'the session’s dialog')
    expect(root(el).getElementById('dialog-title')!.textContent).to.equal('Closing panel')
    // The session's own day, behind the dialog.
    expect(selectedDay(el)).to.equal('2031-06-11')
  })

  it('follows a link to another day within the page', async () => {
    const el = await mount()
    expect(selectedDay(el)).to.equal('2031-06-10')
    location.hash = 'schedule.day=2031-06-11'
    await until(() => selectedDay(el) === '2031-06-11', 'day 2')
  })

  it('lets two schedules on one page keep a day each', async () => {
    const wrap = await fixture(html`<div>
      <service-schedule id="main" event-id=${EVENT_ID} token="emb_valid" api-base=${API}></service-schedule>
      <service-schedule id="side" event-id=${EVENT_ID} token="emb_valid" api-base=${API}></service-schedule>
    </div>`)
    const [main, side] = [...wrap.querySelectorAll<ServiceSchedule>('service-schedule')]
    await loaded(main!)
    await loaded(side!)
    ;($(main!, '#tab-2031-06-11') as HTMLButtonElement).click()
    await main!.updateComplete
    ;($(side!, '#tab-2031-06-10') as HTMLButtonElement).click()
    await side!.updateComplete
    expect(location.hash).to.equal('#main.day=2031-06-11&side.day=2031-06-10')
    expect([selectedDay(main!), selectedDay(side!)]).to.deep.equal(['2031-06-11', '2031-06-10'])
    // A shared link sets each by its own keys.
    location.hash = 'main.day=2031-06-10&side.day=2031-06-11'
    await until(() => selectedDay(main!) === '2031-06-10' && selectedDay(side!) === '2031-06-11', 'both moved by the link')
  })
})
