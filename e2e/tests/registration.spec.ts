import type { Locator } from '@playwright/test'
import { expect, test } from '../src/fixtures.ts'
import { embedPage, startStaticSite, type StaticSite } from '../src/harness/static-site.ts'
import type { RunningSystem } from '../src/harness/system.ts'
import { createConference, expectData, type Conference } from '../src/journeys/conference.ts'
import { widgetsSettled } from '../src/journeys/widget-states.ts'

// Journey: a visitor of the organiser's site registers through <service-registration>, follows
// the confirm link of the email (double opt-in, on by default), and the organiser sees the
// registration pending, then registered, in the admin API.

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

test('a visitor registers on the site, confirms by the emailed link, and the admin API lists the registration', async ({
  page,
  account,
  system,
}) => {
  await page.goto(site.url('/'))
  await widgetsSettled(page)
  const form = page.locator('service-registration')
  await form.getByLabel('Full name').fill('Zoë Ferreira')
  await form.getByLabel('Email').fill('Zoe.Ferreira@example.com')
  await chooseTicket(form, 'Student')
  await form.getByRole('button', { name: 'Register' }).click()

  await expect(form.getByText('Check your inbox')).toBeVisible()
  await expect(form.getByText('We have sent a link to Zoe.Ferreira@example.com.')).toBeVisible()
  const events = await page.evaluate(() => (window as unknown as { registered: unknown[] }).registered)
  expect(events).toHaveLength(1)

  const list = async () =>
    expectData(await account.api.GET('/registrations', { params: { query: { event_id: conference.eventId } } }), 'list registrations')
  const [pending] = await list()
  expect(pending).toMatchObject({ event_id: conference.eventId, name: 'Zoë Ferreira', ticket_id: 'student', status: 'pending' })
  expect(String(pending?.email).toLowerCase()).toBe('zoe.ferreira@example.com')

  // The registrant's inbox: the confirm link, followed in the browser (opening it changes nothing).
  const confirmLink = await linkInEmail(system, 'Confirm your registration', /https?:\/\/\S+\/v1\/registrations\/confirm\?token=\S+/)
  await page.goto(confirmLink)
  expect((await list())[0]?.status).toBe('pending')
  await page.getByRole('button', { name: 'Confirm my registration' }).click()
  await expect(page.getByRole('status')).toContainText(`You are registered for ${conference.eventName}`)

  const registrations = await list()
  expect(registrations).toHaveLength(1)
  expect(registrations[0]).toMatchObject({ name: 'Zoë Ferreira', status: 'registered' })
  // Then the confirmation, with the calendar file and the cancel link.
  await linkInEmail(system, 'You are registered', /https?:\/\/\S+\/v1\/registrations\/cancel\?token=\S+/)
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

/** The link of the newest email of the conference with this subject, once it is in the outbox. */
async function linkInEmail(system: RunningSystem, subject: string, link: RegExp): Promise<string> {
  let found: string | undefined
  await expect
    .poll(async () => {
      const mail = (await system.emails(conference.eventId)).find((m) => m.subject.startsWith(subject))
      found = mail ? link.exec(mail.text)?.[0] : undefined
      return found
    })
    .toBeDefined()
  return found as string
}

/** Tickets are a radio group; a visitor picks one by its name. */
async function chooseTicket(form: Locator, name: string) {
  await form.getByRole('radio', { name: new RegExp(name) }).check()
}
