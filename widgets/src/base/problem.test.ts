import { expect, fixture, html } from '@open-wc/testing'
import {
  API,
  EVENT_ID,
  expectAccessibleInBothThemes,
  loaded,
  requestCounts,
  reset,
  root,
  text,
  until,
  WIDGET_TAGS,
  type Widget,
} from '../test-support/helpers.js'
import '../components/registration/registration.js'
import '../components/schedule/schedule.js'
import '../components/session-detail/session-detail.js'
import '../components/session-list/session-list.js'
import '../components/speaker-card/speaker-card.js'
import '../components/speakers/speakers.js'

/** Mounts a widget from markup (attributes as a site owner writes them). */
async function mount(markup: string): Promise<Widget> {
  const wrap = await fixture<HTMLDivElement>(html`<div></div>`)
  wrap.innerHTML = markup
  const el = wrap.firstElementChild as Widget
  await loaded(el)
  return el
}

const errorBox = (el: Element) => root(el).querySelector<HTMLElement>('[part=error]')!

/** Records console.warn while `fn` runs. */
async function warnings(fn: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = []
  const original = console.warn
  console.warn = (...args: unknown[]) => void seen.push(String(args[0]))
  try {
    await fn()
  } finally {
    console.warn = original
  }
  return seen
}

describe('problems a site owner can fix', () => {
  beforeEach(reset)

  it('names a malformed speaker-id before any request', async () => {
    const el = await mount(
      `<service-speaker-card event-id="${EVENT_ID}" token="emb_valid" api-base="${API}" speaker-id="nope"></service-speaker-card>`,
    )
    expect(errorBox(el).dataset.code).to.equal('ATTRIBUTE_INVALID')
    expect(text(errorBox(el))).to.contain('speaker-id="nope" is not a valid id.')
    const counts = await requestCounts()
    expect(Object.keys(counts).filter((k) => k.includes('/speakers/'))).to.deep.equal([])
  })

  it('says a missing speaker-id is missing', async () => {
    const el = await mount(`<service-speaker-card event-id="${EVENT_ID}" token="emb_valid" api-base="${API}"></service-speaker-card>`)
    expect(errorBox(el).dataset.code).to.equal('ATTRIBUTE_MISSING')
    expect(text(errorBox(el))).to.contain('The speaker-id attribute is missing.')
  })

  it('names a token that is not an embed token (an API key pasted by mistake)', async () => {
    const el = await mount(`<service-speakers event-id="${EVENT_ID}" token="sk_secret" api-base="${API}"></service-speakers>`)
    expect(errorBox(el).dataset.code).to.equal('ATTRIBUTE_INVALID')
    expect(text(errorBox(el)))
      .to.contain('token="sk_secret" is not an embed token.')
      .and.contain('POST /v1/embed-tokens')
    expect(await requestCounts()).to.deep.equal({})
  })

  it('shows the visitor a calm sentence and the site owner the cause and fix in a collapsed detail', async () => {
    const el = await mount(`<service-session-list event-id="${EVENT_ID}" token="emb_origin" api-base="${API}"></service-session-list>`)
    const box = errorBox(el)
    expect(text(box.querySelector('.state__message'))).to.equal('This content is not available right now.')
    const details = box.querySelector('details')!
    expect(details.open).to.be.false
    expect(text(details.querySelector('summary'))).to.equal('Details for the site owner')
    expect(text(details.querySelector('p'))).to.contain(`Add ${location.origin} to the token’s allowedOrigins`)
    // What a visitor sees (the detail is closed) says nothing about tokens or origins.
    expect(box.innerText).not.to.match(/token|origin|attribute/i)
    // No settings screen exists: the fixes name attributes and admin API calls.
    expect(box.textContent).not.to.match(/settings/i)
  })

  it('writes one console warning per problem, naming the element, the cause and the fix', async () => {
    let el!: Widget
    const seen = await warnings(async () => {
      el = await mount(`<service-speakers id="team" event-id="${EVENT_ID}" token="emb_broken" api-base="${API}"></service-speakers>`)
      // Trying again fails the same way: still one message.
      errorBox(el).querySelector<HTMLButtonElement>('[part~=retry]')!.click()
      while (((await requestCounts())[`GET /v1/events/${EVENT_ID}`] ?? 0) < 2) await new Promise((r) => setTimeout(r, 20))
      await until(() => !root(el).querySelector('[part=skeleton]') && errorBox(el), 'the second failure')
      await el.updateComplete
    })
    expect(seen).to.have.length(1)
    expect(seen[0]).to.contain('<service-speakers id="team">').and.contain('internal error')
    const origin = await warnings(() =>
      mount(`<service-schedule event-id="${EVENT_ID}" token="emb_hidden_origin" api-base="${API}"></service-schedule>`),
    )
    expect(origin).to.have.length(1)
    expect(origin[0]).to.contain('<service-schedule>').and.contain(`Add ${location.origin} to the token’s allowedOrigins`)
  })

  it('draws the same error box in every element', async () => {
    const looks = new Set<string>()
    for (const tag of WIDGET_TAGS) {
      const extra = tag === 'service-session-detail' ? 'session-id="nope"' : tag === 'service-speaker-card' ? 'speaker-id="nope"' : ''
      const el = await mount(`<${tag} event-id="${EVENT_ID}" token="emb_disabled" api-base="${API}" ${extra}></${tag}>`)
      const box = errorBox(el)
      const style = getComputedStyle(box)
      const structure = [...box.children].map((c) => `${c.localName}.${c.getAttribute('class')}`).join(' ')
      looks.add(
        JSON.stringify([structure, style.borderTopStyle, style.borderTopColor, style.backgroundColor, style.padding, style.textAlign]),
      )
    }
    expect([...looks]).to.have.length(1)
  })

  it('keeps the error box accessible in both themes, with the detail closed and open', async () => {
    const el = await mount(`<service-schedule event-id="${EVENT_ID}" token="emb_broken" api-base="${API}"></service-schedule>`)
    await expectAccessibleInBothThemes(el as Widget & { theme?: string })
    errorBox(el).querySelector('details')!.open = true
    await expectAccessibleInBothThemes(el as Widget & { theme?: string })
  })
})
