import { expect } from '@open-wc/testing'
import { ADA, countDateFormats, EVENT_ID, root, text, until } from './test-support/helpers.js'
import { loaderGlobal } from './loader-global.js'

// Runs against the real build (dist/), which `npm test` makes sure is fresh.
const chunks = () =>
  performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((n) => n.includes('/dist/chunks/'))
    .map((n) => new URL(n).pathname.replace(/^\/dist\/chunks\/|-[\w-]{8}\.js$/g, ''))
    .sort()
/** The chunks of the elements: the live client comes after their first paint, whenever that is. */
const elementChunks = () => chunks().filter((c) => c !== 'live-client')

describe('loader.js', () => {
  it('loads only the chunks of the elements on the page, also those added later', async () => {
    const dateFormats = countDateFormats()
    const card = document.createElement('service-speaker-card')
    card.setAttribute('event-id', EVENT_ID)
    card.setAttribute('token', 'emb_valid')
    card.setAttribute('speaker-id', ADA)
    document.body.append(card)
    const script = document.createElement('script')
    script.async = true
    script.src = '/dist/loader.js'
    document.head.append(script)

    await until(() => customElements.get('service-speaker-card'), 'speaker card to be defined')
    // The card's first screen shows its sessions' times: the loader started ICU before its code ran.
    expect(dateFormats.made).to.be.greaterThan(0)
    await until(() => text(root(card).querySelector('[part=name]')) === 'Ada Lovelace', 'the card drawn')
    // The card's profile (bio, links, sessions) is its first screen: the `details` chunk comes too.
    expect(elementChunks()).to.deep.equal(['details', 'lit', 'sessions', 'shared', 'speaker-card'])
    // Live updates are not on the way to the first screen: their chunk follows it.
    await until(() => chunks().includes('live-client'), 'the live client after the first paint')
    const loader = loaderGlobal()!
    expect(loader.base).to.equal(`${location.origin}/dist/`)
    // One request for the card's first screen and the data it was drawn from, from the loader's
    // folder; the card hydrated it with that data and read nothing itself.
    const requests = performance.getEntriesByType('resource').map((e) => e.name)
    expect(requests.filter((url) => url.includes(`/dist/events/${EVENT_ID}/first-screen/service-speaker-card?`))).to.have.length(1)
    expect(requests.filter((url) => url.includes(`/dist/events/${EVENT_ID}?`) || url.includes(`/speakers/${ADA}?`))).to.deep.equal([])

    document.body.append(document.createElement('service-registration'))
    await until(() => customElements.get('service-registration'), 'registration to be defined')
    // The form needs nothing the card had not loaded but its own chunk.
    expect(elementChunks()).to.deep.equal(['details', 'lit', 'registration', 'sessions', 'shared', 'speaker-card'])
    expect(customElements.get('service-schedule')).to.be.undefined
  })

  it('does nothing the second time it is included', async () => {
    const before = performance.getEntriesByType('resource').length
    const again = document.createElement('script')
    again.src = '/dist/loader.js'
    const done = new Promise((r) => (again.onload = r))
    document.head.append(again)
    await done
    document.body.append(document.createElement('service-schedule'))
    await until(() => customElements.get('service-schedule'), 'schedule to be defined')
    // The first copy's observer loaded it; no chunk was requested twice.
    const names = performance
      .getEntriesByType('resource')
      .slice(before)
      .map((e) => e.name)
    expect(names.filter((n) => n.includes('/chunks/lit-'))).to.have.length(0)
  })

  it('asks the server nothing for an element whose attributes are malformed: the element names them', async () => {
    const list = document.createElement('service-session-list')
    list.setAttribute('event-id', 'nope')
    list.setAttribute('token', 'emb_valid')
    document.body.append(list)
    await until(() => root(list)?.querySelector<HTMLElement>('[part=error]'), 'the error state')
    expect(root(list).querySelector<HTMLElement>('[part=error]')!.dataset.code).to.equal('ATTRIBUTE_INVALID')
    expect(text(root(list).querySelector('[part=error]'))).to.contain('event-id="nope" is not a valid id.')
    expect(performance.getEntriesByType('resource').filter((e) => e.name.includes('/events/nope'))).to.deep.equal([])
  })
})
