import { expect, fixture, html, oneEvent } from '@open-wc/testing'
import {
  API,
  EMPTY_EVENT_ID,
  EVENT_ID,
  REJECTIONS,
  expectAccessibleInBothThemes,
  loaded,
  requestCounts,
  reset,
  root,
  text,
  until,
} from '../../test-support/helpers.js'
import type { ServiceRegistration } from './registration.component.js'
import './registration.js'

const mount = async (event = EVENT_ID, token = 'emb_valid', locale = 'en-GB') => {
  const el = await fixture<ServiceRegistration>(
    html`<service-registration event-id=${event} token=${token} api-base=${API} locale=${locale}></service-registration>`,
  )
  await loaded(el)
  return el
}
const input = (el: Element, name: string) => root(el).querySelector<HTMLInputElement>(`[name="${name}"]`)!
/** Types into text fields, and picks radios and checkboxes by value (`true` ticks a single checkbox). */
const fill = (el: Element, values: Record<string, string | boolean>) => {
  for (const [name, value] of Object.entries(values)) {
    const control = root(el).querySelector<HTMLInputElement>(`[name="${name}"]`)!
    if (control.type === 'radio' || (control.type === 'checkbox' && typeof value === 'string')) {
      const option = root(el).querySelector<HTMLInputElement>(`[name="${name}"][value="${value}"]`)!
      option.checked = true
      option.dispatchEvent(new Event('change', { bubbles: true }))
    } else if (control.type === 'checkbox') control.checked = value === true
    else control.value = String(value)
  }
}
/** What every registration of the fixture's event needs beside name and email. */
const REQUIRED = { ticket: 'standard', 'answers.diet': 'Vegan', consent: true }
const lastRegistration = async () => ((await (await fetch('/__mock/last-registration')).json()) as { data: any }).data
const submit = (el: Element) => root(el).querySelector<HTMLButtonElement>('[part=submit]')!.click()
const posts = async () => (await requestCounts())[`POST /v1/events/${EVENT_ID}/registrations`] ?? 0

describe('service-registration', () => {
  beforeEach(reset)

  it('shows a skeleton while the event loads', async () => {
    const el = await fixture<ServiceRegistration>(
      html`<service-registration event-id=${EVENT_ID} token="emb_slow" api-base=${API}></service-registration>`,
    )
    expect(root(el).querySelector('[part=skeleton]')).to.exist
    await loaded(el)
    expect(root(el).querySelector('form')).to.exist
  })

  it('is a labelled form with a ticket choice', async () => {
    const el = await mount()
    const form = root(el).querySelector('form')!
    expect(text(root(el).getElementById(form.getAttribute('aria-labelledby')!))).to.equal('Registration')
    expect(text(root(el).querySelector('label[for=name]'))).to.equal('Full name')
    expect(text(root(el).querySelector('label[for=email]'))).to.equal('Email')
    expect([...root(el).querySelectorAll('[part=ticket]')].map((t) => text(t))).to.deep.equal([
      'Standard Both days, lunch included €350',
      'Student €90',
      'Workshop day Sold out €120',
    ])
    expect(root(el).querySelector<HTMLInputElement>('[name=ticket][value=workshop]')!.disabled).to.be.true
  })

  it('asks the organiser’s questions in their order, with labels, and a per-ticket question only with its ticket', async () => {
    const el = await mount()
    const labels = () =>
      [...root(el).querySelectorAll('[part~=question]')].map((q) =>
        text(q.querySelector('label.field__label, legend, .choice--single span')),
      )
    expect(labels()).to.deep.equal([
      'Dietary requirements',
      'Topics you like (optional)',
      'Company (optional)',
      'Anything else? (optional)',
      'Photos of me may be published (optional)',
    ])
    fill(el, { ticket: 'student' })
    await el.updateComplete
    expect(labels()[3]).to.equal('School')
    expect(root(el).querySelector('textarea[name="answers.note"]')).to.exist
    expect([...root(el).querySelectorAll<HTMLInputElement>('[name="answers.diet"]')].map((i) => i.type)).to.deep.equal([
      'radio',
      'radio',
      'radio',
    ])
  })

  it('shows the privacy notice with its link and a consent box', async () => {
    const el = await mount()
    const notice = root(el).querySelector('[part=consent]')!
    expect(text(notice)).to.contain('We use your name and email to run DevConf.').and.contain('I agree to the privacy notice.')
    const link = notice.querySelector('a')!
    expect(link.href).to.equal('https://devconf.example/privacy')
    expect(link.rel).to.equal('noopener noreferrer')
  })

  it('asks for required answers and consent at their fields before sending', async () => {
    const el = await mount()
    fill(el, { name: 'Ada', email: 'ada@example.com', ticket: 'student' })
    await el.updateComplete
    submit(el)
    await el.updateComplete
    expect(text(root(el).getElementById('q-diet-error'))).to.equal('Please choose an option.')
    expect(text(root(el).getElementById('q-school-error'))).to.equal('Please fill in this field.')
    expect(text(root(el).getElementById('consent-error'))).to.equal('Please tick this box to continue.')
    expect(root(el).querySelector('fieldset[aria-describedby=q-diet-error]')!.getAttribute('aria-invalid')).to.equal('true')
    await until(() => root(el).activeElement === root(el).querySelector('[name="answers.diet"]'), 'focus on the first invalid question')
    expect(await posts()).to.equal(0)
  })

  it('shows the server’s message at a question', async () => {
    const el = await mount()
    fill(el, { name: 'Ada', email: 'ada@example.com', ...REQUIRED, 'answers.company': 'Taken Inc' })
    submit(el)
    await until(() => root(el).getElementById('q-company-error'), 'server error at the question')
    expect(text(root(el).getElementById('q-company-error'))).to.equal('This company has used all its places')
    expect(input(el, 'answers.company').getAttribute('aria-invalid')).to.equal('true')
  })

  it('marks a ticket sold out when the server says so, and asks for another', async () => {
    const el = await mount()
    fill(el, { name: 'Ada', email: 'last-place@example.com', ...REQUIRED })
    submit(el)
    await until(() => root(el).getElementById('ticket-error'), 'sold-out error')
    expect(text(root(el).getElementById('ticket-error'))).to.equal('This ticket has just sold out. Please choose another one.')
    expect(root(el).querySelector<HTMLInputElement>('[name=ticket][value=standard]')!.disabled).to.be.true
  })

  it('sends answers, consent and its language', async () => {
    const el = await mount()
    fill(el, {
      name: 'Ada',
      email: 'ada@example.com',
      ...REQUIRED,
      'answers.topics': 'Ops',
      'answers.company': ' Acme ',
      'answers.photos': true,
    })
    submit(el)
    await until(() => root(el).querySelector('[part=confirmation]'), 'confirmation')
    expect(await lastRegistration()).to.deep.equal({
      name: 'Ada',
      email: 'ada@example.com',
      ticket_id: 'standard',
      answers: { diet: 'Vegan', topics: ['Ops'], company: 'Acme', photos: true },
      consent: true,
      locale: 'en-GB',
      website: '',
    })
  })

  it('has no ticket choice when the event has no tickets', async () => {
    const el = await mount(EMPTY_EVENT_ID)
    expect(root(el).querySelector('fieldset')).to.be.null
  })

  it('validates before sending and shows messages at the fields', async () => {
    const el = await mount()
    submit(el)
    await el.updateComplete
    expect(input(el, 'name').getAttribute('aria-invalid')).to.equal('true')
    expect(text(root(el).getElementById(input(el, 'name').getAttribute('aria-describedby')!))).to.equal('Please fill in this field.')
    expect(text(root(el).getElementById('ticket-error'))).to.equal('Please choose a ticket.')
    await until(() => root(el).activeElement === input(el, 'name'), 'focus on first invalid field')
    fill(el, { ticket: 'student' })
    await el.updateComplete
    fill(el, { name: 'Ada', email: 'not-an-email', 'answers.diet': 'None', 'answers.school': 'MIT', consent: true })
    submit(el)
    await el.updateComplete
    expect(text(root(el).getElementById('email-error'))).to.contain('valid email address')
    expect(await posts()).to.equal(0)
  })

  it('shows the server’s validation errors at the fields', async () => {
    const el = await mount()
    fill(el, { name: 'Ada', email: 'bounces@example.com', ...REQUIRED })
    submit(el)
    await until(() => root(el).getElementById('email-error'), 'server error')
    expect(text(root(el).getElementById('email-error'))).to.equal('This address rejects mail from us')
    expect(input(el, 'email').getAttribute('aria-invalid')).to.equal('true')
  })

  it('asks to confirm by email, fires service-registration-submit and cannot be sent twice', async () => {
    const el = await mount()
    fill(el, { name: 'Ada Lovelace', email: 'ada@example.com', ...REQUIRED })
    const fired = oneEvent(el, 'service-registration-submit')
    submit(el)
    submit(el)
    await el.updateComplete
    expect(root(el).querySelector<HTMLButtonElement>('[part=submit]')!.disabled).to.be.true
    const event = await fired
    expect(event.bubbles && event.composed).to.be.true
    expect(event.detail).to.deep.equal({
      registration: { event_id: EVENT_ID, name: 'Ada Lovelace', ticket_id: 'standard', status: 'pending' },
    })
    await el.updateComplete
    const done = text(root(el).querySelector('[part=confirmation]'))
    expect(done)
      .to.contain('Check your inbox')
      .and.contain('We have sent a link to ada@example.com. Follow it to confirm your registration')
    expect(done).not.to.contain('Your registration is confirmed.')
    expect(await posts()).to.equal(1)
  })

  it('thanks at once when the event does not confirm by email', async () => {
    const el = await mount()
    fill(el, { name: 'Ada Lovelace', email: 'ada@instant.example', ...REQUIRED })
    submit(el)
    await until(() => root(el).querySelector('[part=confirmation]'), 'the confirmation')
    expect(text(root(el).querySelector('[part=confirmation]')))
      .to.contain('Thank you, Ada Lovelace!')
      .and.contain('Your registration is confirmed.')
      .and.contain('A confirmation email is on its way to ada@instant.example.')
  })

  it('says “check your inbox” in the page’s language', async () => {
    const el = await mount(EVENT_ID, 'emb_valid', 'de')
    fill(el, { name: 'Ada', email: 'ada@example.com', ...REQUIRED })
    submit(el)
    await until(() => root(el).querySelector('[part=confirmation]'), 'the confirmation')
    expect(text(root(el).querySelector('[part=confirmation]'))).to.contain('Bitte sehen Sie in Ihr Postfach')
  })

  it('offers a retry of a failed submit in the shared error box, keeping what was typed', async () => {
    const el = await mount()
    fill(el, { name: 'Grace Hopper', email: 'flaky@example.com', ...REQUIRED })
    submit(el)
    const box = await until(() => root(el).querySelector<HTMLElement>('form [part=error]'), 'the failed submit')
    expect(box.dataset.code).to.equal('INTERNAL_ERROR')
    expect(box.classList.contains('state--error')).to.be.true
    expect(text(box.querySelector('.state__title'))).to.equal('Your registration could not be sent.')
    expect(text(box.querySelector('.state__message'))).to.contain('What you entered is kept.')
    expect(input(el, 'name').value).to.equal('Grace Hopper')
    expect(input(el, 'email').value).to.equal('flaky@example.com')
    const fired = oneEvent(el, 'service-registration-submit')
    box.querySelector<HTMLButtonElement>('[part~=retry]')!.click()
    expect((await fired).detail.registration).to.deep.equal({
      event_id: EVENT_ID,
      name: 'Grace Hopper',
      ticket_id: 'standard',
      status: 'pending',
    })
    await until(() => root(el).querySelector('[part=confirmation]'), 'the confirmation')
    expect(await posts()).to.equal(2)
  })

  for (const [token, code, words] of REJECTIONS.slice(1, 7)) {
    it(`explains ${code}`, async () => {
      const el = await mount(EVENT_ID, token!)
      expect(text(root(el).querySelector('[part=error]'))).to.match(words)
    })
  }

  it('is accessible in light and dark theme, also with errors shown, and once registered', async () => {
    const el = await mount()
    fill(el, { ticket: 'student' })
    await el.updateComplete
    await expectAccessibleInBothThemes(el)
    submit(el)
    await el.updateComplete
    await expectAccessibleInBothThemes(el)
    fill(el, { name: 'Ada', email: 'ada@example.com', ...REQUIRED })
    submit(el)
    await until(() => root(el).querySelector('[part=confirmation]'), 'confirmation')
    await expectAccessibleInBothThemes(el)
  })
})

/**
 * Sells out the fixture event's tickets `ids` at the mock for this page; with `announce`, its live
 * streams hear that the event changed (someone else took the last place), as the real server says.
 */
async function sellOut(ids: string[], announce = true): Promise<{ streams: number }> {
  const body = { soldOut: ids, ...(announce ? { event: 'changed', data: { parts: ['event'] } } : {}) }
  const res = await fetch('/__mock/live', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  return ((await res.json()) as { data: { streams: number } }).data
}
const streams = async () => (await (await fetch('/__mock/live', { method: 'POST' })).json()).data.streams as number

describe('service-registration in a sold-out race', () => {
  beforeEach(async () => {
    await reset()
    // A stream of the previous test closing late would let this test's change go to no element.
    await until(async () => (await streams()) === 0, 'the previous test’s streams closed')
  })

  /** A visitor half-way through the form: name, email, the standard ticket, answers, consent. */
  const typing = async () => {
    const el = await mount()
    await until(async () => (await streams()) > 0, 'the form’s live stream')
    fill(el, { name: 'Ada Lovelace', email: 'ada@example.com', ...REQUIRED, 'answers.company': 'Analytical Engines' })
    await el.updateComplete
    return el
  }
  const ticket = (el: Element, id: string) => root(el).querySelector<HTMLInputElement>(`[name=ticket][value=${id}]`)!
  const expectTypingKept = (el: Element) => {
    expect(input(el, 'name').value).to.equal('Ada Lovelace')
    expect(input(el, 'email').value).to.equal('ada@example.com')
    expect(input(el, 'answers.company').value).to.equal('Analytical Engines')
    expect(root(el).querySelector<HTMLInputElement>('[name="answers.diet"][value=Vegan]')!.checked).to.be.true
    expect(input(el, 'consent').checked).to.be.true
  }
  const announced = (el: Element) => text(root(el).querySelector('form [role=status]'))

  it('marks the chosen ticket sold out in place, keeps what was typed, and lets the visitor choose another', async () => {
    const el = await typing()
    await sellOut(['standard'])

    await until(() => ticket(el, 'standard').disabled, 'the standard ticket marked sold out')
    expectTypingKept(el)
    expect(ticket(el, 'standard').checked).to.be.false
    expect(text(ticket(el, 'standard').closest('[part=ticket]'))).to.contain('Sold out')
    expect(text(root(el).getElementById('ticket-error'))).to.equal('This ticket has just sold out. Please choose another one.')
    expect(announced(el)).to.equal('This ticket has just sold out. Please choose another one.')
    expect(root(el).querySelector('[part=sold-out]')).to.be.null
    expect(root(el).querySelector<HTMLButtonElement>('[part=submit]')!.disabled).to.be.false

    fill(el, { ticket: 'student' })
    await el.updateComplete
    expect(root(el).getElementById('ticket-error')).to.be.null
    expectTypingKept(el)
    fill(el, { 'answers.school': 'Cambridge' })
    submit(el)
    await until(() => root(el).querySelector('[part=confirmation]'), 'the confirmation')
    expect(await lastRegistration()).to.deep.include({ name: 'Ada Lovelace', ticket_id: 'student' })
  })

  it('chooses the visitor’s ticket again when its place is freed (a hold ran out), and the message goes', async () => {
    const el = await typing()
    await sellOut(['standard', 'student'])
    await until(() => root(el).querySelector('[part=sold-out]'), 'the sold-out notice')
    await sellOut([])

    await until(() => ticket(el, 'standard').checked, 'the standard ticket chosen again')
    expect(root(el).querySelector('[part=sold-out]')).to.be.null
    expect(root(el).getElementById('ticket-error')).to.be.null
    expect(root(el).querySelector<HTMLButtonElement>('[part=submit]')!.disabled).to.be.false
    expectTypingKept(el)
  })

  it('says above the fields that none is left when the last ticket sells out, keeping what was typed, and cannot be sent', async () => {
    const el = await typing()
    await sellOut(['standard', 'student'])

    const notice = await until(() => root(el).querySelector<HTMLElement>('[part=sold-out]'), 'the sold-out notice')
    expect(text(notice)).to.equal('This event is sold out. What you entered is kept.')
    // Above the fields: before the first of them in the form.
    expect(notice.compareDocumentPosition(input(el, 'name')) & Node.DOCUMENT_POSITION_FOLLOWING).to.be.ok
    expect(announced(el)).to.equal('This event is sold out. What you entered is kept.')
    expectTypingKept(el)
    expect([...root(el).querySelectorAll<HTMLInputElement>('[name=ticket]')].every((t) => t.disabled && !t.checked)).to.be.true
    const button = root(el).querySelector<HTMLButtonElement>('[part=submit]')!
    expect(button.disabled).to.be.true
    expect(button.getAttribute('aria-disabled')).to.equal('true')
    await expectAccessibleInBothThemes(el)
  })

  it('keeps what was typed when a submit is refused SOLD_OUT, down to the last ticket', async () => {
    const el = await typing()
    // Taken by others, and the form not told: only the submits learn it.
    await sellOut(['standard', 'student'], false)
    submit(el)
    await until(() => ticket(el, 'standard').disabled, 'the refused ticket marked sold out')
    expectTypingKept(el)
    expect(text(root(el).getElementById('ticket-error'))).to.equal('This ticket has just sold out. Please choose another one.')

    fill(el, { ticket: 'student' })
    await el.updateComplete
    fill(el, { 'answers.school': 'Cambridge' })
    submit(el)
    const notice = await until(() => root(el).querySelector<HTMLElement>('[part=sold-out]'), 'the sold-out notice')
    expectTypingKept(el)
    expect(input(el, 'answers.school').value).to.equal('Cambridge')
    expect(root(el).querySelector<HTMLButtonElement>('[part=submit]')!.disabled).to.be.true
    await until(() => root(el).activeElement === notice, 'focus on the notice, not lost with the disabled button')
    expect(await posts()).to.equal(2)
  })
})
