import { expect, fixture, html } from '@open-wc/testing'
import {
  ADA,
  GRACE,
  API,
  EVENT_ID,
  MALLORY,
  REJECTIONS,
  expectAccessibleInBothThemes,
  loaded,
  reset,
  root,
  text,
} from '../../test-support/helpers.js'
import type { ServiceSpeakerCard } from './speaker-card.component.js'
import './speaker-card.js'

const mount = async (speaker: string, token = 'emb_valid', locale = 'en-GB') => {
  const el = await fixture<ServiceSpeakerCard>(html`<service-speaker-card event-id=${EVENT_ID} speaker-id=${speaker}
    token=${token} api-base=${API} locale=${locale}></service-speaker-card>`)
  await loaded(el)
  return el
}

describe('service-speaker-card', () => {
  beforeEach(reset)

  it('shows a skeleton while loading', async () => {
    const el = await fixture<ServiceSpeakerCard>(
      html`<service-speaker-card event-id=${EVENT_ID} speaker-id=${ADA} token="emb_slow" api-base=${API}></service-speaker-card>`,
    )
    expect(root(el).querySelector('[part=skeleton]')).to.exist
    await loaded(el)
  })

  it('shows the profile, initials without a photo, and sessions in event time', async () => {
    const el = await mount(ADA)
    expect(text(root(el).querySelector('[part=name]'))).to.equal('Ada Lovelace')
    expect(text(root(el).querySelector('[part=avatar]'))).to.equal('AL')
    expect(root(el).querySelector('[part=avatar] img')).to.be.null
    expect(text(root(el).querySelector('.profile__aff'))).to.equal('Principal Engineer, Analytical Engines')
    const talks = [...root(el).querySelectorAll('.talk__title')].map((n) => n.textContent)
    expect(talks).to.deep.equal(['Opening keynote', 'Debugging stories', 'Closing panel'])
    // The session's format follows its room; the zone of the times is said once, over the list.
    expect(text(root(el).querySelector('.talk__meta'))).to.equal('Tue 10 Jun, 09:00–10:00 · Main Hall · Keynote')
    expect(text(root(el).querySelector('.sv__zone'))).to.equal('Times in CEST')
  })

  it('shows the bio’s paragraphs and line breaks, and the speaker’s links named by label or service', async () => {
    const el = await mount(ADA)
    const bio = root(el).querySelector('[part=bio]')!
    expect(bio.innerHTML.replace(/<!--[^>]*-->/g, '')).to.equal(
      '<p>Writes programs for machines that do not exist yet.<br>Likes notes.</p>',
    )
    const links = [...root(el).querySelectorAll<HTMLAnchorElement>('[part=link]')]
    expect(links.map((a) => [text(a), a.getAttribute('aria-label'), a.href, a.target, a.rel])).to.deep.equal([
      ['Website', 'Website (Ada Lovelace)', 'https://ada.example.com/', '_blank', 'noopener noreferrer'],
      ['Mastodon', 'Mastodon (Ada Lovelace)', 'https://mastodon.example/@ada', '_blank', 'noopener noreferrer'],
    ])
    // An organiser's label is text, never markup.
    const grace = await mount(GRACE)
    const label = root(grace).querySelector('[part=link]')!
    expect(text(label)).to.equal('US Navy <profile>')
    expect(label.querySelector('profile')).to.be.null
  })

  it('renders an <img onerror> bio as text', async () => {
    const el = await mount(MALLORY)
    const bio = root(el).querySelector('[part=bio]')!
    expect(bio.querySelectorAll('img, b')).to.have.length(0)
    expect(bio.textContent).to.equal('<img src=x onerror="window.__xss=1">I <b>love</b> markup')
    expect(text(root(el).querySelector('[part=name]'))).to.equal('Mallory <b>Bold</b>')
    await new Promise((r) => setTimeout(r, 50))
    expect((window as { __xss?: number }).__xss).to.be.undefined
  })

  it('explains a speaker who is not public', async () => {
    const el = await mount('11111111-1111-4111-8111-111111111111')
    expect(text(root(el).querySelector('[part=error]'))).to.contain('could not be found, or is not public')
  })

  it('explains errors in German', async () => {
    const el = await mount(ADA, 'emb_disabled', 'de-DE')
    expect(text(root(el).querySelector('[part=error]'))).to.contain('Dieser Embed-Token wurde deaktiviert')
  })

  for (const [token, code, words] of REJECTIONS.slice(1, 7)) {
    it(`explains ${code}`, async () => {
      const el = await mount(ADA, token!)
      expect(text(root(el).querySelector('[part=error]'))).to.match(words)
    })
  }

  it('is accessible in light and dark theme', async () => {
    await expectAccessibleInBothThemes(await mount(ADA))
  })
})
