import { expect, fixture, html } from '@open-wc/testing'
import {
  API,
  EVENT_ID,
  KEYNOTE,
  expectAccessibleInBothThemes,
  loaded,
  requestCounts,
  reset,
  root,
  text,
  until,
} from '../../test-support/helpers.js'
import { calendarsServed } from '../../api/calendar-access.js'
import type { ServiceSchedule } from './schedule.component.js'
import './schedule.js'

const RUST = '7a1d0000-0000-4000-8000-000000000003'

const mount = async (token = 'emb_valid') => {
  const el = await fixture<ServiceSchedule>(
    html`<service-schedule event-id=${EVENT_ID} token=${token} api-base=${API} locale="en-GB"></service-schedule>`,
  )
  await loaded(el)
  return el
}
const $ = (el: Element, sel: string) => root(el).querySelector<HTMLElement>(sel)
const $$ = (el: Element, sel: string) => [...root(el).querySelectorAll<HTMLElement>(sel)]
async function openSession(el: ServiceSchedule, id: string) {
  $(el, `[data-id="${id}"] .session__open`)!.click()
  return until(() => $(el, 'dialog[open]'), 'the dialog')
}

describe('service-schedule: sessions and speakers', () => {
  beforeEach(reset)

  it('shows a session’s format, level, language, tags, abstract, slides and recording', async () => {
    const el = await mount()
    // The card names format, level and language too.
    expect(text($(el, `[data-id="${RUST}"] .session__kind`))).to.equal('Talk · Advanced · English')
    const dialog = await openSession(el, RUST)
    const details = [...dialog.querySelectorAll('.sv__details > div')].map((d) => [...d.children].map((c) => text(c)))
    expect(details).to.deep.equal([
      ['Format', 'Talk'],
      ['Level', 'Advanced'],
      ['Language', 'English'],
      ['Tags', 'rust', 'kernel'],
    ])
    const abstract = dialog.querySelector('[part=description]')!
    expect([...abstract.querySelectorAll('p')].map((p) => text(p))).to.deep.equal([
      'Why now.',
      'What works, what does not, and the patches so far: https://rust.example/kernel',
    ])
    expect(abstract.querySelector('em')!.textContent).to.equal('works')
    expect(abstract.querySelector('strong')!.textContent).to.equal('does not')
    expect([...abstract.querySelectorAll('a')].map((a) => [a.textContent, a.href, a.rel])).to.deep.equal([
      ['the patches', 'https://lore.example/rust', 'noopener noreferrer nofollow'],
      ['https://rust.example/kernel', 'https://rust.example/kernel', 'noopener noreferrer nofollow'],
    ])
    const links = [...dialog.querySelectorAll<HTMLAnchorElement>('a[part=link]')]
    expect(links.map((a) => [text(a), a.href])).to.deep.equal([
      ['Slides', 'https://slides.example/rust-kernel'],
      ['Recording', 'https://video.example/rust-kernel'],
    ])
  })

  it('opens a speaker’s profile from the session, with links, and goes back to the session', async () => {
    const el = await mount()
    const dialog = await openSession(el, KEYNOTE)
    const speaker = dialog.querySelector<HTMLButtonElement>('.person__open')!
    expect(text(speaker)).to.contain('Ada Lovelace')
    speaker.click()
    // Ada's profile comes from GET …/speakers/{id}: her links are not in the session list.
    await until(() => text(root(el).getElementById('dialog-title')) === 'Ada Lovelace', 'the profile')
    await until(() => root(el).activeElement?.id === 'dialog-title', 'focus on the profile’s name')
    const links = [...dialog.querySelectorAll<HTMLAnchorElement>('.links a')]
    expect(links.map((a) => a.getAttribute('aria-label'))).to.deep.equal(['Website (Ada Lovelace)', 'Mastodon (Ada Lovelace)'])
    expect(text(dialog.querySelector('[part=bio]'))).to.equal('Writes programs for machines that do not exist yet.Likes notes.')
    // The profile's styles came with the dialog's code (the schedule's first screen does without).
    expect(getComputedStyle(dialog.querySelector('.profile__head')!).display).to.equal('flex')
    await expect(el).to.be.accessible()
    const back = dialog.querySelector<HTMLButtonElement>('.dialog__back')!
    expect(text(back)).to.equal('Back to “Opening keynote”')
    back.click()
    await until(() => text(root(el).getElementById('dialog-title')) === 'Opening keynote', 'the session again')
    expect(dialog.querySelector('.dialog__back')).to.be.null
    // From the profile, another of her sessions opens in the same dialog.
    dialog.querySelector<HTMLButtonElement>('.person__open')!.click()
    await until(() => dialog.querySelectorAll('.talk__open').length === 3, 'her sessions')
    dialog.querySelectorAll<HTMLButtonElement>('.talk__open')[2]!.click()
    await until(() => text(root(el).getElementById('dialog-title')) === 'Closing panel', 'another session')
    ;(dialog as HTMLDialogElement).close()
    await until(() => !$(el, 'dialog[open]'), 'closed')
  })

  it('offers the calendar subscription when the token serves the feed', async () => {
    const el = await mount()
    const subscribe = await until(() => $$(el, '.viewbar button').find((b) => text(b) === 'Subscribe'), 'the subscribe button')
    expect(subscribe.getAttribute('aria-expanded')).to.equal('false')
    subscribe.click()
    await el.updateComplete
    expect(subscribe.getAttribute('aria-expanded')).to.equal('true')
    const panel = $(el, '#feed-panel')!
    const feed = `${API}/v1/events/${EVENT_ID}/schedule.ics?token=emb_valid`
    expect((panel.querySelector('a') as HTMLAnchorElement).getAttribute('href')).to.equal(feed.replace(/^https?:/, 'webcal:'))
    expect((panel.querySelector('input') as HTMLInputElement).value).to.equal(feed)
    expect(text(panel.querySelector('label'))).to.equal('Calendar address (for Google Calendar: “From URL”)')
    await expectAccessibleInBothThemes(el)
  })

  it('asks whether the token serves the feed once per page, however many schedules there are', async () => {
    const wrap = await fixture(html`<div>
      <service-schedule event-id=${EVENT_ID} token="emb_valid" api-base=${API}></service-schedule>
      <service-schedule event-id=${EVENT_ID} token="emb_valid" api-base=${API}></service-schedule>
    </div>`)
    const schedules = [...wrap.querySelectorAll<ServiceSchedule>('service-schedule')]
    for (const el of schedules) await loaded(el)
    for (const el of schedules) await until(() => $$(el, '.viewbar button').some((b) => text(b) === 'Subscribe'), 'subscribe')
    expect((await requestCounts())[`GET /v1/events/${EVENT_ID}/access`]).to.equal(1)
  })

  it('offers no subscription when the token does not serve the feed', async () => {
    const el = await mount('emb_no_feed')
    // The schedule asked the access verdict, and drew again with its answer.
    const access = `GET /v1/events/${EVENT_ID}/access`
    await until(async () => (await requestCounts())[access], 'the access verdict asked')
    expect((await requestCounts())[access]).to.equal(1)
    await new Promise((r) => setTimeout(r, 50))
    await el.updateComplete
    expect($$(el, '.viewbar button').map((b) => text(b))).not.to.include('Subscribe')
    expect($(el, '#feed-panel')).to.be.null
  })

  it('links "Add to calendar" to the session’s file on the embed server, when the token serves calendar files', async () => {
    const el = await mount()
    const dialog = await openSession(el, RUST)
    const link = await until(() => [...dialog.querySelectorAll('a')].find((a) => text(a) === 'Add to calendar'), 'the calendar link')
    expect(link.href).to.equal(`${API}/v1/events/${EVENT_ID}/sessions/${RUST}/calendar.ics?token=emb_valid`)
    const refused = await mount('emb_no_feed')
    const refusedDialog = await openSession(refused, RUST)
    // The same question the dialog asked, answered once per page: its answer has arrived.
    expect(await calendarsServed({ root: `${API}/v1/`, eventId: EVENT_ID, token: 'emb_no_feed' })).to.be.false
    await refused.updateComplete
    expect(text(refusedDialog)).to.contain('Add to my agenda').and.not.contain('Add to calendar')
  })
})
