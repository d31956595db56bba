import { expect, fixture, html } from '@open-wc/testing'
import {
  API,
  EVENT_ID,
  KEYNOTE,
  MARKUP_SESSION,
  REJECTIONS,
  expectAccessibleInBothThemes,
  loaded,
  reset,
  root,
  text,
  until,
} from '../../test-support/helpers.js'
import type { ServiceSessionDetail } from './session-detail.component.js'
import './session-detail.js'

const mount = async (session: string | undefined, token: string | undefined = 'emb_valid') => {
  const el = await fixture<ServiceSessionDetail>(html`<service-session-detail event-id=${EVENT_ID} session-id=${session ?? ''}
    token=${token ?? ''} api-base=${API} locale="en-GB"></service-session-detail>`)
  await loaded(el)
  return el
}

describe('service-session-detail', () => {
  beforeEach(reset)

  it('shows a skeleton while loading', async () => {
    const el = await fixture<ServiceSessionDetail>(
      html`<service-session-detail event-id=${EVENT_ID} session-id=${KEYNOTE} token="emb_slow" api-base=${API}></service-session-detail>`,
    )
    expect(root(el).querySelector('[part=skeleton]')).to.exist
    await loaded(el)
    expect(root(el).querySelector('[part=card]')).to.exist
  })

  it('shows the session with its speakers, time zone and calendar download', async () => {
    const el = await mount(KEYNOTE)
    expect(text(root(el).querySelector('[part=title]'))).to.equal('Opening keynote')
    expect(text(root(el).querySelector('.sv__facts')))
      .to.contain('Tue 10 Jun, 09:00–10:00')
      .and.contain('CEST')
      .and.contain('Main Hall')
    expect(text(root(el).querySelector('.people'))).to.equal('AL Ada Lovelace Principal Engineer, Analytical Engines')
    const buttons = [...root(el).querySelectorAll<HTMLButtonElement>('.dialog__actions button')]
    expect(buttons.map((b) => text(b))).to.deep.equal(['Add to my agenda'])
    // The server writes the session's file; the link shows once the token is known to serve it.
    const link = await until(
      () => root(el).querySelector<HTMLAnchorElement>('.dialog__actions a[href*="calendar.ics"]'),
      'the calendar link',
    )
    expect(text(link)).to.equal('Add to calendar')
    expect(link.href).to.equal(`${API}/v1/events/${EVENT_ID}/sessions/${KEYNOTE}/calendar.ics?token=emb_valid`)
    buttons[0]!.click()
    await el.updateComplete
    expect(buttons[0]!.getAttribute('aria-pressed')).to.equal('true')
    expect(localStorage.getItem(`service-widgets:favourites:${EVENT_ID}`)).to.contain(KEYNOTE)
  })

  it('opens a speaker’s profile in a dialog, and returns focus to the speaker when it closes', async () => {
    const el = await mount(KEYNOTE)
    const speaker = root(el).querySelector<HTMLButtonElement>('.person__open')!
    expect(speaker.getAttribute('aria-haspopup')).to.equal('dialog')
    speaker.focus()
    speaker.click()
    const dialog = await until(() => root(el).querySelector<HTMLDialogElement>('dialog[open]'), 'the profile')
    await until(() => text(dialog.querySelector('[part=name]')) === 'Ada Lovelace', 'her name')
    expect(text(dialog.querySelector('.links'))).to.equal('Website Mastodon')
    await expectAccessibleInBothThemes(el)
    dialog.close()
    await until(() => root(el).activeElement === speaker, 'focus back on the speaker')
  })

  it('renders markup in the description as text', async () => {
    const el = await mount(MARKUP_SESSION)
    expect(root(el).querySelector('.sv__desc img')).to.be.null
    expect(text(root(el).querySelector('.sv__desc'))).to.equal('<img src=x onerror="window.__xss=2">')
  })

  it('explains an unknown or missing session', async () => {
    const el = await mount('11111111-1111-4111-8111-111111111111')
    expect(root(el).querySelector<HTMLElement>('[part=error]')!.dataset.code).to.equal('NOT_FOUND')
    const missing = await mount(undefined)
    expect(root(missing).querySelector<HTMLElement>('[part=error]')!.dataset.code).to.equal('ATTRIBUTE_MISSING')
    expect(text(root(missing).querySelector('[part=error]'))).to.contain('The session-id attribute is missing.')
  })

  for (const [token, code, words] of REJECTIONS.slice(0, 7)) {
    it(`explains ${code}`, async () => {
      const el = await mount(KEYNOTE, token ?? '')
      expect(text(root(el).querySelector('[part=error]'))).to.match(words)
    })
  }

  it('is accessible in light and dark theme', async () => {
    await expectAccessibleInBothThemes(await mount(KEYNOTE))
  })
})
