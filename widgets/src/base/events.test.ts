import { expect, fixture, html, oneEvent } from '@open-wc/testing'
import type { ServiceSchedule } from '../components/schedule/schedule.component.js'
import type { ServiceSpeakers } from '../components/speakers/speakers.component.js'
import { ADA, API, EVENT_ID, KEYNOTE, loaded, reset, root, until } from '../test-support/helpers.js'
import '../components/schedule/schedule.js'
import '../components/speakers/speakers.js'

/** The next event of `type` as the host page receives it, on `document`. */
const onPage = <K extends keyof GlobalEventHandlersEventMap>(type: K) =>
  new Promise<GlobalEventHandlersEventMap[K]>((resolve) => document.addEventListener(type, resolve, { once: true }))

describe('events for the host page', () => {
  beforeEach(reset)

  it('service-session-open and service-favourite-change reach the page from the schedule', async () => {
    const el = await fixture<ServiceSchedule>(
      html`<service-schedule event-id=${EVENT_ID} token="emb_valid" api-base=${API}></service-schedule>`,
    )
    await loaded(el)
    const starred = onPage('service-favourite-change')
    root(el).querySelector<HTMLButtonElement>(`[data-id="${KEYNOTE}"] .fav`)!.click()
    const fav = await starred
    expect(fav.bubbles && fav.composed).to.be.true
    expect(fav.target).to.equal(el)
    expect(fav.detail).to.deep.equal({ sessionId: KEYNOTE, favourite: true, favourites: [KEYNOTE] })
    const unstarred = onPage('service-favourite-change')
    root(el).querySelector<HTMLButtonElement>(`[data-id="${KEYNOTE}"] .fav`)!.click()
    expect((await unstarred).detail).to.deep.equal({ sessionId: KEYNOTE, favourite: false, favourites: [] })

    const opened = onPage('service-session-open')
    root(el).querySelector<HTMLButtonElement>(`[data-id="${KEYNOTE}"] .session__open`)!.click()
    const open = await opened
    expect(open.bubbles && open.composed).to.be.true
    expect(open.detail).to.deep.equal({ sessionId: KEYNOTE })

    // A speaker opened inside the session's dialog.
    const dialog = await until(() => root(el).querySelector('dialog[open]'), 'the dialog')
    const speakerOpened = onPage('service-speaker-open')
    ;(await until(() => dialog.querySelector<HTMLButtonElement>('.person__open'), 'a speaker')).click()
    expect((await speakerOpened).detail).to.deep.equal({ speakerId: ADA })
  })

  it('service-speaker-open reaches the page from the gallery', async () => {
    const el = await fixture<ServiceSpeakers>(
      html`<service-speakers event-id=${EVENT_ID} token="emb_valid" api-base=${API}></service-speakers>`,
    )
    await loaded(el)
    const opened = oneEvent(document, 'service-speaker-open')
    root(el).querySelector<HTMLButtonElement>('[part=speaker]')!.click()
    const open = (await opened) as CustomEvent<{ speakerId: string }>
    expect(open.bubbles && open.composed).to.be.true
    expect(open.detail.speakerId).to.match(/^[0-9a-f-]{36}$/)
  })
})
