import { expect, test } from '../src/fixtures.ts'
import { embedPage, startStaticSite, type StaticSite } from '../src/harness/static-site.ts'
import { createConference, everyWidgetHtml, type Conference } from '../src/journeys/conference.ts'
import { expectNoErrorState, holdCode, watchConsole, widgetsSettled } from '../src/journeys/widget-states.ts'

// Journey: a visitor on a slow connection sees the schedule the embed server drew before the
// widgets' code has arrived, and the widgets adopt it without a flash once it has.
let site: StaticSite
let conference: Conference

test.beforeAll(async ({ system, account }) => {
  site = await startStaticSite()
  conference = await createConference(account.api, { label: 'first-screen', allowedOrigins: [site.origin] })
  site.setPage('/', embedPage(system.loaderUrl, everyWidgetHtml(conference)))
})

test.afterAll(async () => {
  await site?.close()
})

test('the first screens show before the widgets’ code runs, and the widgets hydrate them', async ({ page: browserPage }) => {
  const { keynote, workshop } = conference.sessions
  const { kofi } = conference.speakers
  // The widgets' code never arrives: only the loader and the server's first screens are there.
  const release = await holdCode(browserPage)
  const seen = watchConsole(browserPage)
  await browserPage.goto(site.url('/'))
  const schedule = browserPage.locator('service-schedule')
  await expect(schedule.getByText(keynote.title).first()).toBeVisible()
  await expect(schedule.getByText(workshop.title).first()).toBeVisible()
  await expect(browserPage.locator('service-speaker-card').getByText(kofi.name)).toBeVisible()
  await expect(browserPage.locator('service-session-detail').getByRole('heading', { name: keynote.title })).toBeVisible()
  // Not defined yet: what shows is the server's drawing, live nodes (nothing inert) that the
  // elements adopt when their code is in (hydration: e2e/tests/hydration.spec.ts).
  expect(await browserPage.evaluate(() => customElements.get('service-schedule'))).toBeUndefined()
  const form = browserPage.locator('service-registration')
  await expect(form.getByRole('button', { name: /register/i })).toBeVisible()
  expect(await browserPage.locator('[inert]').count()).toBe(0)

  release()
  await widgetsSettled(browserPage)
  await expectNoErrorState(browserPage)
  // Every element hydrated its screen: none found it unlike its own first render.
  expect(seen.warnings.filter((w) => w.includes('did not match'))).toEqual([])
  // Hydrated: the element's own now, which answers the visitor (the dialog opens).
  expect(await browserPage.evaluate(() => !!customElements.get('service-schedule'))).toBe(true)
  await schedule
    .getByRole('button', { name: new RegExp(keynote.title) })
    .first()
    .click()
  await expect(schedule.getByRole('dialog')).toBeVisible()
})
