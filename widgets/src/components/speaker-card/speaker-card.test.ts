import { expect, fixture, html } from '@open-wc/testing'
import {
  ADA,
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
    expect(text(root(el).querySelector('.talk__meta'))).to.equal('Tue 10 Jun, 09:00–10:00 · Main Hall')
  })

  it('renders an <img onerror> bio as text', async () => {
    const el = await mount(MALLORY)
    const bio = root(el).querySelector('[part=bio]')!
    expect(bio.children).to.have.length(0)
    expect(bio.textContent).to.equal('<img src=x onerror="window.__xss=1">I <b>love</b> markup')
    expect(text(root(el).querySelector('[part=name]'))).to.equal('Mallory <b>Bold</b>')
    await new Promise((r) => setTimeout(r, 50))
    expect((window as { __xss?: number }).__xss).to.be.undefined
  })

  it('explains a speaker who is not public', async () => {
    const el = await mount('11111111-1111-4111-8111-111111111111')
    expect(text(root(el).querySelector('[part=error]'))).to.contain('could not be found')
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
