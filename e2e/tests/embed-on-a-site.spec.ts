import { expect, test } from '../src/fixtures.ts'
import { embedPage, startStaticSite, type StaticSite } from '../src/harness/static-site.ts'
import { createConference, everyWidgetHtml, type Conference } from '../src/journeys/conference.ts'
import {
  ERROR_TEXT,
  expectEveryWidgetToSay,
  expectNoErrorState,
  WIDGET_TAGS,
  watchConsole,
  widgetsSettled,
} from '../src/journeys/widget-states.ts'

// Journey: the organiser pastes the README snippet into their site (an allowed origin); the same
// snippet on someone else's site is refused; disabling, enabling and revoking the token act on
// the widgets at once. The steps share one token, so they run in order.
test.describe.configure({ mode: 'serial' })

let site: StaticSite
let otherSite: StaticSite
let conference: Conference

test.beforeAll(async ({ system, account }) => {
  site = await startStaticSite()
  otherSite = await startStaticSite()
  conference = await createConference(account.api, { label: 'embed', allowedOrigins: [site.origin] })
  const html = embedPage(system.loaderUrl, everyWidgetHtml(conference))
  site.setPage('/', html)
  otherSite.setPage('/', html)
})

test.afterAll(async () => {
  await site?.close()
  await otherSite?.close()
})

test('a page on the allowed origin shows every widget with the event data', async ({ page }) => {
  const { keynote, workshop, panel } = conference.sessions
  const { ada, kofi } = conference.speakers
  await page.goto(site.url('/'))
  await widgetsSettled(page)
  await expectNoErrorState(page)

  const schedule = page.locator('service-schedule')
  await expect(schedule.getByText(keynote.title)).toBeVisible()
  await expect(schedule.getByText(workshop.title)).toBeVisible()
  const days = schedule.getByRole('tab')
  await expect(days).toHaveCount(2)
  await days.nth(1).click()
  await expect(schedule.getByText(panel.title)).toBeVisible()
  await expect(schedule.getByText(keynote.title)).toBeHidden()

  const list = page.locator('service-session-list')
  for (const talk of [keynote, workshop, panel]) await expect(list.getByText(talk.title)).toBeVisible()

  const detail = page.locator('service-session-detail')
  await expect(detail.getByText(keynote.title)).toBeVisible()
  await expect(detail.getByText(keynote.description)).toBeVisible()
  await expect(detail.getByText(ada.name)).toBeVisible()

  const speakers = page.locator('service-speakers')
  await expect(speakers.getByText(ada.name)).toBeVisible()
  await expect(speakers.getByText(kofi.name)).toBeVisible()

  const card = page.locator('service-speaker-card')
  await expect(card.getByText(kofi.name)).toBeVisible()
  await expect(card.getByText(kofi.bio)).toBeVisible()

  const registration = page.locator('service-registration')
  await expect(registration.getByLabel('Full name')).toBeVisible()
  await expect(registration.getByLabel('Email')).toBeVisible()

  // A speaker who is only invited is not public: no widget names them.
  await expect(page.getByText(conference.hiddenSpeaker.name)).toHaveCount(0)
})

test('the same snippet on an origin the token does not allow shows the "not allowed" state', async ({ page }) => {
  const seen = watchConsole(page)
  await page.goto(otherSite.url('/'))
  await expectEveryWidgetToSay(page, ERROR_TEXT.ORIGIN_NOT_ALLOWED)
  await expect(page.getByText(conference.sessions.keynote.title)).toHaveCount(0)
  // No uncaught "Failed to fetch": one warning per element, naming it, the cause and the fix.
  await widgetsSettled(page)
  expect(seen.pageErrors).toEqual([])
  const fix = `Add ${otherSite.origin} to the token’s allowedOrigins`
  for (const tag of WIDGET_TAGS) {
    const own = seen.warnings.filter((w) => w.startsWith(`<${tag}>`))
    expect(own, `${tag}: ${JSON.stringify(seen.warnings)}`).toHaveLength(1)
    expect(own[0]).toContain(fix)
  }
  expect(seen.warnings).toHaveLength(WIDGET_TAGS.length)
})

test('disabling the token turns the widgets to the error state, enabling brings them back', async ({ page, account }) => {
  const disabled = await account.api.PATCH('/embed-tokens/{id}', {
    params: { path: { id: conference.token.id } },
    body: { isActive: false },
  })
  expect(disabled.response.status).toBe(200)
  expect(disabled.data?.data.is_active).toBe(false)
  await page.goto(site.url('/'))
  await expectEveryWidgetToSay(page, ERROR_TEXT.TOKEN_DISABLED)

  const enabled = await account.api.PATCH('/embed-tokens/{id}', {
    params: { path: { id: conference.token.id } },
    body: { isActive: true },
  })
  expect(enabled.response.status).toBe(200)
  await page.reload()
  await widgetsSettled(page)
  await expectNoErrorState(page)
  await expect(page.locator('service-session-list').getByText(conference.sessions.panel.title)).toBeVisible()
})

test('revoking the token ends the widgets for good', async ({ page, account }) => {
  const revoked = await account.api.DELETE('/embed-tokens/{id}', { params: { path: { id: conference.token.id } } })
  expect(revoked.response.status).toBe(200)
  await page.goto(site.url('/'))
  await expectEveryWidgetToSay(page, ERROR_TEXT.TOKEN_REVOKED)

  const reenable = await account.api.PATCH('/embed-tokens/{id}', {
    params: { path: { id: conference.token.id } },
    body: { isActive: true },
  })
  expect(reenable.response.status).toBe(409)
  expect(reenable.error?.error.code).toBe('CONFLICT')
  await page.reload()
  await expectEveryWidgetToSay(page, ERROR_TEXT.TOKEN_REVOKED)
})
