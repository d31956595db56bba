import { expect, test } from '../src/fixtures.ts'
import { startStaticSite, type StaticSite } from '../src/harness/static-site.ts'
import { createConference } from '../src/journeys/conference.ts'
import { demoConfig, demoEventData, manifestTags, openPastedPage, type DemoConfig } from '../src/journeys/demo.ts'
import { ERROR_TEXT, expectNoErrorState, VISITOR_TEXT, WIDGET_TAGS, widgetsSettled } from '../src/journeys/widget-states.ts'

// Journey: someone evaluating the product opens the demo page, sees every widget working, builds a
// snippet and pastes it into a page of their own.

let config: DemoConfig
let site: StaticSite

test.beforeAll(async ({ system }) => {
  config = await demoConfig(system)
  site = await startStaticSite()
})

test.afterAll(async () => {
  await site?.close()
})

test('the demo page previews every element of the widgets manifest against the demo event', async ({ page, system, request }) => {
  const manifest = await (await fetch(`${system.embedUrl}/v1/custom-elements.json`)).json()
  const tags = manifestTags(manifest)
  expect([...tags].sort()).toEqual([...WIDGET_TAGS].sort())
  const sessions = await demoEventData<{ title: string }[]>(request, system, config, '/sessions')
  const speakers = await demoEventData<{ name: string }[]>(request, system, config, '/speakers')

  await page.goto(system.demoUrl)
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true')
  const gallery = page.locator('#gallery-grid')
  for (const tag of tags) await expect(gallery.locator(tag), `${tag} in the gallery`).toHaveCount(1)
  await widgetsSettled(page)
  await expectNoErrorState(page)
  await expect(gallery.locator('service-session-list').getByText(sessions[0]!.title).first()).toBeVisible()
  await expect(gallery.locator('service-speakers').getByText(speakers[0]!.name).first()).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Widget', exact: true }).locator('option')).toHaveText(tags.map((t) => `<${t}>`))
})

test('the snippet builder copies HTML that works when pasted into a fresh page', async ({ page, context, system, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: system.demoUrl })
  const speakers = await demoEventData<{ name: string }[]>(request, system, config, '/speakers')
  await page.goto(`${system.demoUrl}/#builder`)
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true')

  await page.getByRole('combobox', { name: 'Widget', exact: true }).selectOption('service-speakers')
  await page.getByLabel('layout', { exact: true }).selectOption('list')
  await page.getByLabel('theme', { exact: true }).selectOption('dark')
  const preview = page.locator('#builder-preview service-speakers')
  await expect(preview).toHaveAttribute('layout', 'list')
  await expect(preview).toHaveAttribute('theme', 'dark')
  await expect(preview.getByText(speakers[0]!.name).first()).toBeVisible()

  await page.getByRole('button', { name: 'Copy HTML' }).click()
  await expect(page.getByText('Copied to the clipboard.')).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toBe(await page.locator('#builder-code').textContent())
  expect(copied).toContain(`<script async src="${config.loaderUrl}"></script>`)
  expect(copied).toContain(`event-id="${config.eventId}"`)
  expect(copied).toContain('layout="list"')

  // The demo token is restricted to the demo's origin: there, the pasted snippet works…
  const fresh = await context.newPage()
  await openPastedPage(fresh, `${system.demoUrl}/healthz`, copied)
  await widgetsSettled(fresh)
  await expectNoErrorState(fresh)
  await expect(fresh.locator('service-speakers').getByText(speakers[0]!.name).first()).toBeVisible()
  await expect(fresh.locator('service-speakers')).toHaveAttribute('layout', 'list')

  // …and on any other site it is refused.
  site.setPage('/copied-demo-snippet', copied)
  await fresh.goto(site.url('/copied-demo-snippet'))
  const box = fresh.locator('service-speakers').locator('[part=error]')
  await expect(box.getByText(VISITOR_TEXT)).toBeVisible()
  await box.getByText('Details for the site owner').click()
  await expect(box.getByText(ERROR_TEXT.ORIGIN_NOT_ALLOWED)).toBeVisible()
})

test("with the owner's own event and token, the builder's HTML works on the owner's site", async ({ page, system, account }) => {
  const conference = await createConference(account.api, { label: 'demo-builder', allowedOrigins: [site.origin] })
  await page.goto(`${system.demoUrl}/#builder`)
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true')

  await page.getByRole('combobox', { name: 'Widget', exact: true }).selectOption('service-session-list')
  await page.getByText('Your event and token').click()
  await page.getByLabel('Event ID').fill(conference.eventId)
  await page.getByLabel('Embed token').fill(conference.token.value)
  await page.getByLabel('Embed token').press('Tab')
  const code = page.locator('#builder-code')
  await expect(code).toContainText(`token="${conference.token.value}"`)
  const snippet = (await code.textContent()) ?? ''

  site.setPage('/schedule', snippet)
  const fresh = await page.context().newPage()
  await fresh.goto(site.url('/schedule'))
  await widgetsSettled(fresh)
  await expectNoErrorState(fresh)
  for (const talk of Object.values(conference.sessions)) {
    await expect(fresh.locator('service-session-list').getByText(talk.title)).toBeVisible()
  }
})

test('the "change something" control cancels and moves demo sessions, the widgets follow, and undo puts them back', async ({
  page,
  system,
}) => {
  await page.goto(system.demoUrl)
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true')
  await widgetsSettled(page)
  const gallery = page.locator('#gallery-grid')
  const control = page.getByRole('group', { name: /Change something/ })
  await page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true))

  await control.getByRole('button', { name: 'Cancel a session' }).click()
  await expect(control.getByRole('status')).toHaveText(/^Cancelled “.+”\.$/)
  const title = /^Cancelled “(.+)”\.$/.exec((await control.getByRole('status').textContent()) ?? '')![1]!
  const list = gallery.locator('service-session-list')
  // The latest session, further down the list than its first page: "Show 8 more" until it shows.
  const cancelledItem = list.locator('[part~=item]', { hasText: title })
  const more = list.getByRole('button', { name: /^Show \d+ more$/ })
  while ((await cancelledItem.count()) === 0 && (await more.count()) > 0) await more.click()
  await expect(cancelledItem.getByText('Cancelled')).toBeVisible()

  await control.getByRole('button', { name: 'Move a session' }).click()
  await expect(control.getByRole('status')).toHaveText(/^Moved “.+” 30 minutes later/)
  await expect(list.getByText(/has moved: now/)).toBeAttached()

  await control.getByRole('button', { name: 'Undo changes' }).click()
  await expect(control.getByRole('status')).toHaveText('Put back 2 sessions as seeded.')
  await expect(list.getByText('Cancelled')).toHaveCount(0)
  expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true)
})

test('a registration on the demo page: questions, consent, the confirm link in the demo mailbox, then the confirmation and its cancel link', async ({
  page,
  system,
}) => {
  await page.goto(system.demoUrl)
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true')
  const form = page.locator('#gallery-grid service-registration')
  await expect(form.locator('[part=ticket]', { hasText: 'Workshop day' })).toContainText(/\d+ left/)
  await form.getByLabel('Full name').fill('Mina Mailbox')
  await form.getByLabel('Email').fill('mina.mailbox@example.com')
  await form.getByRole('radio', { name: /Workshop day/ }).check()
  await form.getByRole('button', { name: 'Register' }).click()
  // Required questions and consent are asked for at their fields.
  await expect(form.getByText('Please choose an option.').first()).toBeVisible()
  await expect(form.getByText('Please tick this box to continue.')).toBeVisible()
  await form.getByRole('group', { name: 'Dietary requirements' }).getByLabel('Vegan').check()
  await form.getByRole('group', { name: 'Which workshop?' }).getByLabel('Accessibility').check()
  await form.getByLabel('I agree to the privacy notice.').check()
  await form.getByRole('button', { name: 'Register' }).click()
  await expect(form.getByText('We have sent a link to mina.mailbox@example.com.')).toBeVisible()

  // The demo event confirms registrations by email: the mailbox shows the confirm link first.
  const request = page.locator('#mailbox-list li', { hasText: 'mina.mailbox@example.com' }).filter({ hasText: 'Confirm your registration' })
  await expect(request).toBeVisible()
  await request.locator('summary').click()
  const confirmLink = await request.getByRole('link', { name: /registrations\/confirm/ }).getAttribute('href')
  await page.goto(confirmLink as string)
  await page.getByRole('button', { name: 'Confirm my registration' }).click()
  await expect(page.getByRole('status')).toContainText('You are registered for')

  await page.goto(system.demoUrl)
  const mail = page.locator('#mailbox-list li', { hasText: 'mina.mailbox@example.com' }).filter({ hasText: 'You are registered' })
  await expect(mail).toBeVisible()
  await mail.locator('summary').click()
  await expect(mail.getByRole('link', { name: 'event.ics' })).toBeVisible()
  const cancelLink = await mail.getByRole('link', { name: /registrations\/cancel/ }).getAttribute('href')
  await page.goto(cancelLink as string)
  await page.getByRole('button', { name: 'Cancel my registration' }).click()
  await expect(page.getByText('Your registration for')).toContainText('is cancelled')
})
