import type { Locator } from '@playwright/test'
import { expect, test } from '../src/fixtures.ts'
import { embedPage, startStaticSite, type StaticSite } from '../src/harness/static-site.ts'
import { createConference, expectData, type Conference } from '../src/journeys/conference.ts'
import { widgetsSettled } from '../src/journeys/widget-states.ts'

// Journey: a visitor of the organiser's site registers through <service-registration>, and the
// organiser sees the registration in the admin API.

let site: StaticSite
let conference: Conference

test.beforeAll(async ({ system, account }) => {
  site = await startStaticSite()
  conference = await createConference(account.api, { label: 'registration', allowedOrigins: [site.origin] })
  site.setPage(
    '/',
    embedPage(
      system.loaderUrl,
      `<service-registration event-id="${conference.eventId}" token="${conference.token.value}"></service-registration>
<script>
  // What a site owner would do with the event: here, keep it for the test to read.
  window.registered = []
  document.addEventListener('service-registration-submit', (e) => window.registered.push(e.detail))
</script>`,
    ),
  )
})

test.afterAll(async () => {
  await site?.close()
})

test('a visitor registers on the site and the admin API lists the registration', async ({ page, account }) => {
  await page.goto(site.url('/'))
  await widgetsSettled(page)
  const form = page.locator('service-registration')
  await form.getByLabel('Full name').fill('Zoë Ferreira')
  await form.getByLabel('Email').fill('Zoe.Ferreira@example.com')
  await chooseTicket(form, 'Student')
  await form.getByRole('button', { name: 'Register' }).click()

  await expect(form.getByText('Thank you, Zoë Ferreira!')).toBeVisible()
  const events = await page.evaluate(() => (window as unknown as { registered: unknown[] }).registered)
  expect(events).toHaveLength(1)

  const registrations = expectData(
    await account.api.GET('/registrations', { params: { query: { event_id: conference.eventId } } }),
    'list registrations',
  )
  expect(registrations).toHaveLength(1)
  expect(registrations[0]).toMatchObject({ event_id: conference.eventId, name: 'Zoë Ferreira', ticket_id: 'student' })
  expect(String(registrations[0]?.email).toLowerCase()).toBe('zoe.ferreira@example.com')
})

test('a form with a missing email is refused in the form, and nothing is registered', async ({ page, account }) => {
  await page.goto(site.url('/'))
  await widgetsSettled(page)
  const form = page.locator('service-registration')
  await form.getByLabel('Full name').fill('No Email')
  await chooseTicket(form, 'Standard')
  await form.getByRole('button', { name: 'Register' }).click()
  await expect(form.getByText('Please fill in this field.')).toBeVisible()

  const registrations = expectData(
    await account.api.GET('/registrations', { params: { query: { event_id: conference.eventId } } }),
    'list registrations',
  )
  expect(registrations.map((r) => r.name)).not.toContain('No Email')
})

/** Tickets are a radio group; a visitor picks one by its name. */
async function chooseTicket(form: Locator, name: string) {
  await form.getByRole('radio', { name: new RegExp(name) }).check()
}
