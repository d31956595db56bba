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

const mount = async (event = EVENT_ID, token = 'emb_valid') => {
  const el = await fixture<ServiceRegistration>(
    html`<service-registration event-id=${event} token=${token} api-base=${API} locale="en-GB"></service-registration>`,
  )
  await loaded(el)
  return el
}
const input = (el: Element, name: string) => root(el).querySelector<HTMLInputElement>(`[name=${name}]`)!
const fill = (el: Element, values: Record<string, string>) => {
  for (const [name, value] of Object.entries(values)) {
    if (name === 'ticket') root(el).querySelector<HTMLInputElement>(`[name=ticket][value=${value}]`)!.checked = true
    else input(el, name).value = value
  }
}
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
    ])
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
    fill(el, { name: 'Ada', email: 'not-an-email', ticket: 'student' })
    submit(el)
    await el.updateComplete
    expect(text(root(el).getElementById('email-error'))).to.contain('valid email address')
    expect(await posts()).to.equal(0)
  })

  it('shows the server’s validation errors at the fields', async () => {
    const el = await mount()
    fill(el, { name: 'Ada', email: 'bounces@example.com', ticket: 'standard' })
    submit(el)
    await until(() => root(el).getElementById('email-error'), 'server error')
    expect(text(root(el).getElementById('email-error'))).to.equal('This address rejects mail from us')
    expect(input(el, 'email').getAttribute('aria-invalid')).to.equal('true')
  })

  it('confirms, fires service-registration-submit and cannot be sent twice', async () => {
    const el = await mount()
    fill(el, { name: 'Ada Lovelace', email: 'ada@example.com', ticket: 'standard' })
    const fired = oneEvent(el, 'service-registration-submit')
    submit(el)
    submit(el)
    await el.updateComplete
    expect(root(el).querySelector<HTMLButtonElement>('[part=submit]')!.disabled).to.be.true
    const event = await fired
    expect(event.bubbles && event.composed).to.be.true
    expect(event.detail).to.deep.equal({ registration: { event_id: EVENT_ID, name: 'Ada Lovelace', ticket_id: 'standard' } })
    await el.updateComplete
    expect(text(root(el).querySelector('[part=confirmation]')))
      .to.contain('Thank you, Ada Lovelace!')
      .and.contain('Your registration is confirmed.')
    expect(await posts()).to.equal(1)
  })

  it('offers a retry of a failed submit in the shared error box, keeping what was typed', async () => {
    const el = await mount()
    fill(el, { name: 'Grace Hopper', email: 'flaky@example.com', ticket: 'student' })
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
    expect((await fired).detail.registration).to.deep.equal({ event_id: EVENT_ID, name: 'Grace Hopper', ticket_id: 'student' })
    await until(() => root(el).querySelector('[part=confirmation]'), 'the confirmation')
    expect(await posts()).to.equal(2)
  })

  for (const [token, code, words] of REJECTIONS.slice(1, 7)) {
    it(`explains ${code}`, async () => {
      const el = await mount(EVENT_ID, token!)
      expect(text(root(el).querySelector('[part=error]'))).to.match(words)
    })
  }

  it('is accessible in light and dark theme, also with errors shown', async () => {
    const el = await mount()
    await expectAccessibleInBothThemes(el)
    submit(el)
    await el.updateComplete
    await expectAccessibleInBothThemes(el)
  })
})
