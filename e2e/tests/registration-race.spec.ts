import type { Locator } from '@playwright/test'
import { expect, test } from '../src/fixtures.ts'
import { embedPage, startStaticSite, type StaticSite } from '../src/harness/static-site.ts'
import type { RunningSystem } from '../src/harness/system.ts'
import { createConference, expectData, type Conference } from '../src/journeys/conference.ts'
import { holdCode, widgetsSettled } from '../src/journeys/widget-states.ts'

// Journey: a visitor fills in <service-registration> while others take the last places of its
// tickets through the embed API. The form marks each ticket as it sells out, in place, and keeps
// everything typed: names, email, answers; when none is left it says so above the fields. Its
// first screen, drawn by the embed server, is the form itself, questions included.

let site: StaticSite
let conference: Conference

test.beforeAll(async ({ system, account }) => {
  site = await startStaticSite()
  conference = await createConference(account.api, { label: 'registration-race', allowedOrigins: [site.origin] })
  // One place per ticket, and questions: the race is for the last place, the answers are what is typed.
  const updated = await account.api.PATCH('/events/{id}', {
    params: { path: { id: conference.eventId } },
    body: {
      tickets: [
        { id: 'standard', name: 'Standard', price: '€ 290', capacity: 1 },
        { id: 'student', name: 'Student', price: '€ 90', capacity: 1 },
      ],
      questions: [
        { id: 'diet', label: 'Dietary requirements', type: 'choice', required: true, options: ['None', 'Vegetarian', 'Vegan'] },
        { id: 'company', label: 'Company', type: 'text' },
      ],
    },
  })
  expectData(updated, 'give the tickets one place each and ask questions')
  site.setPage(
    '/',
    embedPage(
      system.loaderUrl,
      `<service-registration event-id="${conference.eventId}" token="${conference.token.value}"></service-registration>`,
    ),
  )
})

test.afterAll(async () => {
  await site?.close()
})

/** Someone else, on another page of the site, takes the place of `ticket` through the embed API. */
async function takePlace(system: RunningSystem, ticket: string, who: string): Promise<void> {
  const res = await fetch(`${system.embedUrl}/v1/events/${conference.eventId}/registrations`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${conference.token.value}`, Origin: site.origin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: who, email: `${who.toLowerCase()}@example.com`, ticket_id: ticket, answers: { diet: 'None' } }),
  })
  expect(res.status, await res.clone().text()).toBe(201)
}

async function expectTypingKept(form: Locator): Promise<void> {
  await expect(form.getByLabel('Full name')).toHaveValue('Zoë Ferreira')
  await expect(form.getByLabel('Email')).toHaveValue('zoe@example.com')
  await expect(form.getByRole('radio', { name: 'Vegan' })).toBeChecked()
  await expect(form.getByLabel('Company')).toHaveValue('Lumen Labs')
}

test('the first screen of the registration form is the form, questions included, not a placeholder', async ({ system }) => {
  const res = await fetch(
    `${system.embedUrl}/v1/events/${conference.eventId}/first-screen/service-registration?token=${conference.token.value}&locale=en`,
    { headers: { Origin: site.origin } },
  )
  expect(res.status).toBe(200)
  const html = await res.text()
  expect(html).toContain('<form')
  expect(html).toContain('Dietary requirements')
  expect(html).toContain('Company')
  // The style sheets name the skeleton's class; the markup has none of it.
  expect(html).not.toContain('Loading')
  expect(html).not.toMatch(/part="skeleton"/)
})

test('the form the server drew is the element’s: typed into before the code is in, it keeps the input, its nodes, place and size', async ({
  page,
}) => {
  // The widgets' code is held back: what shows first is the server's screen alone.
  const release = await holdCode(page)
  await page.goto(site.url('/'))
  const form = page.locator('service-registration')
  await expect(form.getByText('Dietary requirements')).toBeVisible()
  const drawn = await form.boundingBox()
  // The visitor starts at once, on the server's form.
  await form.getByLabel('Full name').fill('Zoë Ferreira')
  await form.getByRole('radio', { name: /Student/ }).check()
  await form.getByRole('radio', { name: 'Vegan' }).check()
  await form.locator('form').evaluate((f) => Object.assign(f, { fromServer: true }))

  release()
  await expect.poll(() => page.evaluate(() => !!customElements.get('service-registration'))).toBe(true)
  await widgetsSettled(page)
  // Hydrated, not drawn again: the same form node, where it was, with what the visitor did.
  expect(await form.locator('form').evaluate((f) => (f as HTMLFormElement & { fromServer?: true }).fromServer)).toBe(true)
  expect(await form.boundingBox()).toEqual(drawn)
  await expect(form.getByLabel('Full name')).toHaveValue('Zoë Ferreira')
  await expect(form.getByRole('radio', { name: /Student/ })).toBeChecked()
  await expect(form.getByRole('radio', { name: 'Vegan' })).toBeChecked()
})

test('a visitor keeps what they typed while others take the last places: each ticket is marked, then the form says none is left', async ({
  page,
  system,
}) => {
  const stream = page.waitForResponse((r) => r.url().includes(`/events/${conference.eventId}/live`))
  await page.goto(site.url('/'))
  await widgetsSettled(page)
  const form = page.locator('service-registration')
  await expect(form.getByLabel('Full name')).toBeVisible()
  // Changes are followed from the stream's opening: the races below come after it.
  await stream
  await form.getByLabel('Full name').fill('Zoë Ferreira')
  await form.getByLabel('Email').fill('zoe@example.com')
  await form.getByRole('radio', { name: /Standard/ }).check()
  await form.getByRole('radio', { name: 'Vegan' }).check()
  await form.getByLabel('Company').fill('Lumen Labs')

  // Someone else takes the last standard place, the one the visitor chose.
  await takePlace(system, 'standard', 'Kofi')
  const standard = form.getByRole('radio', { name: /Standard/ })
  await expect(standard).toBeDisabled()
  await expect(standard).not.toBeChecked()
  await expect(form.locator('[part=ticket]', { hasText: 'Standard' })).toContainText('Sold out')
  await expect(form.getByText('This ticket has just sold out. Please choose another one.').first()).toBeVisible()
  await expectTypingKept(form)
  await expect(form.getByRole('button', { name: 'Register' })).toBeEnabled()

  // The visitor picks the other ticket; then its last place goes too.
  await form.getByRole('radio', { name: /Student/ }).check()
  await takePlace(system, 'student', 'Ada')
  await expect(form.getByRole('radio', { name: /Student/ })).toBeDisabled()
  const notice = form.locator('[part=sold-out]')
  await expect(notice).toHaveText(/This event is sold out\.\s*What you entered is kept\./)
  // Above the fields.
  const [noticeTop, nameTop] = await Promise.all([notice.boundingBox(), form.getByLabel('Full name').boundingBox()])
  expect(noticeTop!.y).toBeLessThan(nameTop!.y)
  await expectTypingKept(form)
  await expect(form.getByRole('button', { name: 'Register' })).toBeDisabled()
})
