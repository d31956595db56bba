import { expect, fixture, html } from '@open-wc/testing'
import sessionsFixture from '../../../test/fixtures/sessions.json' with { type: 'json' }
import { openStreamCount } from '../../api/live-client.js'
import type { Session } from '../../api/types.js'
import { API, EVENT_ID, requestCounts, reset, root, text, until } from '../../test-support/helpers.js'
import '../session-list/session-list.js'
import type { ServiceSchedule } from './schedule.component.js'
import './schedule.js'

const SESSIONS = ((sessionsFixture as { data?: Session[] }).data ?? (sessionsFixture as unknown as Session[])) as Session[]
const COMPILERS = '7a1d0000-0000-4000-8000-000000000002'
const RUST = '7a1d0000-0000-4000-8000-000000000003'

/** Changes the sessions the mock serves to this page and sends `event` to its live streams. */
async function live(body: { sessions?: Session[]; event?: string; data?: unknown }): Promise<{ streams: number }> {
  const res = await fetch('/__mock/live', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  return ((await res.json()) as { data: { streams: number } }).data
}
/** Waits until the page's stream is open at the mock (it opens after the first paint). */
const streamOpen = () => until(async () => (await live({})).streams > 0, 'an open live stream')

const $ = (el: Element, sel: string) => root(el).querySelector<HTMLElement>(sel)
const $$ = (el: Element, sel: string) => [...root(el).querySelectorAll<HTMLElement>(sel)]
const card = (el: Element, id: string) => $(el, `.session[data-id="${id}"]`)

describe('live updates', () => {
  beforeEach(async () => {
    await reset()
    // The previous test's elements are gone, but the mock sees their stream close a moment later:
    // counted in, it would let `streamOpen` pass before this test's own stream is there, and a
    // change sent then would reach no element.
    await until(async () => (await live({})).streams === 0, 'the previous test’s streams closed')
  })
  afterEach(() => live({ sessions: SESSIONS }))

  it('re-renders in place on a change, keeping the filter, striking a cancelled session and announcing a moved one', async () => {
    const el = await fixture<ServiceSchedule>(
      html`<service-schedule event-id=${EVENT_ID} token="emb_valid" api-base=${API} locale="en-GB"></service-schedule>`,
    )
    await until(() => card(el, RUST), 'the schedule')
    await streamOpen()
    // The visitor searches; the search must survive the change.
    const search = $(el, 'input[type=search]') as HTMLInputElement
    search.value = 'r'
    search.dispatchEvent(new Event('input'))
    await el.updateComplete
    const shownBefore = $$(el, '.session').length

    const changed = SESSIONS.map((s) =>
      s.id === RUST
        ? { ...s, room: 'Main Hall', starts_at: '2031-06-10T09:00:00.000Z', ends_at: '2031-06-10T09:30:00.000Z' }
        : s.id === COMPILERS
          ? { ...s, cancelled: true }
          : s,
    )
    await live({ sessions: changed, event: 'changed', data: { parts: ['sessions', 'speakers'] } })

    await until(() => card(el, COMPILERS)?.classList.contains('is-cancelled'), 'the cancelled session struck through')
    expect(text(card(el, COMPILERS)?.querySelector('.badge'))).to.equal('Cancelled')
    expect(card(el, RUST)?.classList.contains('is-changed')).to.be.true
    expect(text(card(el, RUST)?.querySelector('.session__time'))).to.match(/^11:00/)
    expect(text($(el, '[data-live-announcement]'))).to.contain('“Rust in the kernel” has moved: now')
    expect(text($(el, '[data-live-announcement]'))).to.contain('Main Hall')
    expect(($(el, 'input[type=search]') as HTMLInputElement).value).to.equal('r')
    expect($$(el, '.session').length).to.equal(shownBefore)
    await expect(el).to.be.accessible()
  })

  it('shares one stream between the elements of a page, and opens none with live="off"', async () => {
    const a = await fixture(html`<div>
      <service-schedule event-id=${EVENT_ID} token="emb_valid" api-base=${API}></service-schedule>
      <service-session-list event-id=${EVENT_ID} token="emb_valid" api-base=${API}></service-session-list>
      <service-session-list event-id=${EVENT_ID} token="emb_valid" api-base=${API} live="off"></service-session-list>
    </div>`)
    await until(() => root(a.children[1]!).querySelector('.item'), 'the list')
    await until(() => openStreamCount() === 1, 'the shared stream')
    // Every element has had its chance to open its own: still one.
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)))
    expect(openStreamCount()).to.equal(1)
    const counts = await requestCounts()
    expect(counts[`GET /v1/events/${EVENT_ID}/live`]).to.equal(1)
    a.remove()
    await until(() => openStreamCount() === 0, 'the stream closed with its last element')
  })

  it('announces a moved session in the session list too', async () => {
    const el = await fixture(
      html`<service-session-list event-id=${EVENT_ID} token="emb_valid" api-base=${API} locale="en-GB"></service-session-list>`,
    )
    await until(() => root(el).querySelector('.item'), 'the list')
    await streamOpen()
    const changed = SESSIONS.map((s) => (s.id === RUST ? { ...s, room: 'Room 9' } : s))
    await live({ sessions: changed, event: 'changed', data: { parts: ['sessions', 'speakers'] } })
    await until(() => text(root(el).querySelector('[data-live-announcement]')).includes('has moved'), 'the announcement')
    expect(root(el).querySelector('.is-changed')).to.exist
  })

  it('keeps the open dialog and its focus through a change to another session, and updates it in place for its own', async () => {
    const el = await fixture<ServiceSchedule>(
      html`<service-schedule event-id=${EVENT_ID} token="emb_valid" api-base=${API} locale="en-GB"></service-schedule>`,
    )
    await until(() => card(el, RUST), 'the schedule')
    await streamOpen()
    ;(card(el, RUST)!.querySelector('.session__open') as HTMLElement).click()
    const dialog = (await until(() => $(el, 'dialog[open]'), 'the dialog')) as HTMLDialogElement
    const close = dialog.querySelector<HTMLElement>('.dialog__close')!
    close.focus()

    const compilersRenamed = SESSIONS.map((s) => (s.id === COMPILERS ? { ...s, title: 'Compilers, renamed' } : s))
    await live({ sessions: compilersRenamed, event: 'changed', data: { parts: ['sessions'] } })
    await until(() => text(card(el, COMPILERS)?.querySelector('.session__title')) === 'Compilers, renamed', 'the other card renamed')
    expect($(el, 'dialog[open]')).to.equal(dialog)
    expect(root(el).activeElement).to.equal(close)

    const rustRenamed = compilersRenamed.map((s) => (s.id === RUST ? { ...s, title: 'Rust, renamed' } : s))
    await live({ sessions: rustRenamed, event: 'changed', data: { parts: ['sessions'] } })
    await until(() => text(dialog.querySelector('#dialog-title')) === 'Rust, renamed', 'the dialog’s title in place')
    expect(text(dialog.querySelector('[part=notice]'))).to.equal('')
    expect(root(el).activeElement).to.equal(close)

    const rustCancelled = rustRenamed.map((s) => (s.id === RUST ? { ...s, cancelled: true } : s))
    await live({ sessions: rustCancelled, event: 'changed', data: { parts: ['sessions'] } })
    await until(() => text(dialog.querySelector('[part=notice]')) === '“Rust, renamed” has been cancelled.', 'the dialog saying so')

    await live({ sessions: rustCancelled.filter((s) => s.id !== RUST), event: 'changed', data: { parts: ['sessions'] } })
    await until(() => !card(el, RUST), 'the deleted session’s card gone')
    await until(
      () => text(dialog.querySelector('[part=notice]')).includes('has been removed from the programme'),
      'the dialog saying it is gone',
    )
    expect(dialog.open).to.be.true
    expect(root(el).activeElement).to.equal(close)
  })

  it('keeps focus on the same session’s card when a session before it is deleted', async () => {
    const el = await fixture<ServiceSchedule>(
      html`<service-schedule event-id=${EVENT_ID} token="emb_valid" api-base=${API} locale="en-GB"></service-schedule>`,
    )
    await until(() => card(el, RUST), 'the schedule')
    await streamOpen()
    card(el, RUST)!.querySelector<HTMLElement>('.session__open')!.focus()
    const keynote = SESSIONS[0]!.id
    await live({ sessions: SESSIONS.filter((s) => s.id !== keynote), event: 'changed', data: { parts: ['sessions'] } })
    await until(() => !card(el, keynote), 'the first session gone')
    expect(root(el).activeElement?.closest('.session')?.getAttribute('data-id')).to.equal(RUST)
  })

  it('keeps focus on the same session’s item in the session list when a session before it is deleted', async () => {
    const el = await fixture(
      html`<service-session-list event-id=${EVENT_ID} token="emb_valid" api-base=${API} locale="en-GB"></service-session-list>`,
    )
    const itemOf = (title: string) =>
      [...root(el).querySelectorAll<HTMLElement>('.item')].find((i) => text(i.querySelector('.item__title')) === title)
    const rust = SESSIONS.find((s) => s.id === RUST)!
    await until(() => itemOf(rust.title), 'the list')
    await streamOpen()
    itemOf(rust.title)!.querySelector<HTMLElement>('.item__open')!.focus()
    const keynote = SESSIONS[0]!
    await live({ sessions: SESSIONS.filter((s) => s.id !== keynote.id), event: 'changed', data: { parts: ['sessions'] } })
    await until(() => !itemOf(keynote.title), 'the first session gone')
    expect(text(root(el).activeElement?.closest('.item')?.querySelector('.item__title'))).to.equal(rust.title)
  })

  it('recovers from a refusal when the stream is accepted again, without a reload, with one retry for the page', async () => {
    const page = await fixture(html`<div>
      <service-schedule event-id=${EVENT_ID} token="emb_valid" api-base=${API}></service-schedule>
      <service-session-list event-id=${EVENT_ID} token="emb_valid" api-base=${API}></service-session-list>
    </div>`)
    const el = page.children[0] as ServiceSchedule
    const list = page.children[1]!
    await until(() => card(el, RUST) && root(list).querySelector('.item'), 'the schedule and the list')
    await streamOpen()
    // A session renamed while the stream is refused, in the same request as the refusal: the page
    // tries again within 0.5 to 1 s (retryDelay), and a rename sent after it could reach the mock
    // after that retry's read on a loaded machine, leaving the old title for good. Nothing reads
    // between the refusal and the retry, so only the read after recovery can show the new title.
    const renamed = SESSIONS.map((s) => (s.id === RUST ? { ...s, title: 'Rust, after the break' } : s))
    await live({ sessions: renamed, event: 'refused', data: { code: 'TOKEN_DISABLED', message: 'This embed token has been disabled' } })
    await until(() => $(el, '[part=error]'), 'the error state')
    // Still one stream for the page, waiting to reconnect; the mock accepts the token again.
    expect(openStreamCount()).to.equal(1)
    await until(
      () => !$(el, '[part=error]') && text(card(el, RUST)?.querySelector('.session__title')) === 'Rust, after the break',
      'the schedule back, read again',
    )
    await until(() => !root(list).querySelector('[part=error]'), 'the list back')
    // The page's two elements shared the stream, and its one retry: two requests in all.
    expect((await requestCounts())[`GET /v1/events/${EVENT_ID}/live`]).to.equal(2)
  })

  it('shows the refusal of a read when the stream is refused', async () => {
    const el = await fixture<ServiceSchedule>(
      html`<service-schedule event-id=${EVENT_ID} token="emb_valid" api-base=${API}></service-schedule>`,
    )
    await until(() => card(el, RUST), 'the schedule')
    await streamOpen()
    await live({ event: 'refused', data: { code: 'TOKEN_REVOKED', message: 'This embed token has been revoked' } })
    const error = await until(() => $(el, '[part=error]'), 'the error state')
    expect(error.dataset.code).to.equal('TOKEN_REVOKED')
    expect(text(error)).to.contain('This embed token has been revoked.')
    // A new token on the element is a new chance: the refusal was the old token's.
    el.token = 'emb_no_feed'
    await until(() => card(el, RUST) && !$(el, '[part=error]'), 'the schedule with the new token')
  })
})
