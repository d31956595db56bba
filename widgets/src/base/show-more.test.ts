import { expect, fixture, html } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import type { ServiceSessionList } from '../components/session-list/session-list.component.js'
import '../components/session-list/session-list.js'
import { API, EVENT_ID, LONG_DAY_EVENT_ID, loaded, reset, root, text, until } from '../test-support/helpers.js'
import { PAGE_SIZE } from './show-more.js'

const mount = async (event: string) => {
  const el = await fixture<ServiceSessionList>(
    html`<service-session-list event-id=${event} token="emb_valid" api-base=${API} locale="en-GB"></service-session-list>`,
  )
  await loaded(el)
  return el
}
const items = (el: Element) => [...root(el).querySelectorAll<HTMLElement>('.item__open')]
const moreButton = (el: Element) => root(el).querySelector<HTMLButtonElement>('[part~=show-more]')

describe('a list that pages visibly', () => {
  beforeEach(reset)

  it('shows a page, then a "Show more" button with a count that the keyboard follows to the first added item', async () => {
    // The long day: 60 sessions.
    const el = await mount(LONG_DAY_EVENT_ID)
    expect(items(el)).to.have.length(PAGE_SIZE)
    expect(text(root(el).querySelector('[part~=show-more-count]'))).to.equal(`Showing ${PAGE_SIZE} of 60`)
    const more = moreButton(el)!
    expect(text(more)).to.equal(`Show ${PAGE_SIZE} more`)
    expect(more.getBoundingClientRect().height).to.be.above(0)
    more.focus()
    await sendKeys({ press: 'Enter' })
    await until(() => items(el).length === 2 * PAGE_SIZE, 'the next page')
    await until(() => root(el).activeElement === items(el)[PAGE_SIZE], 'focus on the first added item')
    expect(text(root(el).querySelector('[part~=show-more-count]'))).to.equal(`Showing ${2 * PAGE_SIZE} of 60`)
    // Page after page to the end, where the button goes.
    while (moreButton(el)) {
      const before = items(el).length
      moreButton(el)!.click()
      await until(() => items(el).length > before, 'another page')
    }
    expect(items(el)).to.have.length(60)
    expect(root(el).querySelector('[part~=show-more-count]')).to.equal(null)
  })

  it('shows no button when every item fits a page', async () => {
    const el = await mount(EVENT_ID)
    expect(items(el).length).to.be.within(1, PAGE_SIZE)
    expect(moreButton(el)).to.equal(null)
  })
})
