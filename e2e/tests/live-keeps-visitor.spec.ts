import type { Locator, Page } from '@playwright/test'
import { expect, test } from '../src/fixtures.ts'
import { embedPage, startStaticSite, type StaticSite } from '../src/harness/static-site.ts'
import { createConference, type Conference } from '../src/journeys/conference.ts'
import { expectNoErrorState, VISITOR_TEXT, widgetsSettled } from '../src/journeys/widget-states.ts'

// Journey: a visitor reads a session in the schedule's dialog while the organiser edits the
// programme through the admin API, then disables the token for a moment and enables it again.
// The visitor stays where they are: the dialog open, focus on the same control, the page
// scrolled as it was; the refusal shows, and goes by itself when the token is back.
test.describe.configure({ mode: 'serial' })

let site: StaticSite

test.beforeAll(async () => {
  site = await startStaticSite()
})

test.afterAll(async () => {
  await site?.close()
})

/** Marks the page, so that a reload (which would drop the mark) cannot pass for a live update. */
const markPage = (page: Page) => page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true))
const stillSamePage = (page: Page) => page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded === true)

/** The aria-label of what has focus inside the schedule (its shadow root's active element). */
const focusedIn = (schedule: Locator) =>
  schedule.evaluate((el) => el.shadowRoot?.activeElement?.getAttribute('aria-label') ?? el.shadowRoot?.activeElement?.tagName)

async function openSchedule(page: Page, system: { loaderUrl: string }, conference: Conference, path: string) {
  const common = `event-id="${conference.eventId}" token="${conference.token.value}"`
  // A tall page above the schedule, so that the page has a scroll position to keep.
  site.setPage(path, embedPage(system.loaderUrl, `<div style="height: 1200px"></div><service-schedule ${common}></service-schedule>`))
  await page.goto(site.url(path))
  await widgetsSettled(page)
  await expectNoErrorState(page)
  return page.locator('service-schedule')
}

test('a change to another session keeps the open dialog and its focus; a change to its own session shows in it', async ({
  page,
  system,
  account,
}) => {
  const conference = await createConference(account.api, { label: 'keeps-dialog', allowedOrigins: [site.origin] })
  const { keynote, workshop } = conference.sessions
  const schedule = await openSchedule(page, system, conference, '/dialog')
  await schedule
    .getByRole('button', { name: new RegExp(keynote.title) })
    .first()
    .click()
  const dialog = schedule.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: keynote.title })).toBeVisible()
  const close = dialog.getByRole('button', { name: 'Close' })
  await close.focus()
  const scrolled = await page.evaluate(() => window.scrollY)
  expect(scrolled).toBeGreaterThan(0)
  await markPage(page)

  const otherTitle = `${workshop.title} (room change)`
  expect(
    (await account.api.PATCH('/sessions/{id}', { params: { path: { id: workshop.id } }, body: { title: otherTitle } })).response.status,
  ).toBe(200)
  await expect(schedule.locator('[part~=session]', { hasText: otherTitle })).toHaveCount(1)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading', { name: keynote.title })).toBeVisible()
  expect(await focusedIn(schedule)).toBe('Close')
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)

  const ownTitle = `${keynote.title}, revised`
  await account.api.PATCH('/sessions/{id}', { params: { path: { id: keynote.id } }, body: { title: ownTitle } })
  await expect(dialog.getByRole('heading', { name: ownTitle })).toBeVisible()
  expect(await focusedIn(schedule)).toBe('Close')

  await account.api.PATCH('/sessions/{id}', { params: { path: { id: keynote.id } }, body: { cancelled: true } })
  await expect(dialog.locator('[part=notice]')).toHaveText(`“${ownTitle}” has been cancelled.`)
  await expect(dialog).toBeVisible()
  expect(await focusedIn(schedule)).toBe('Close')
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
  expect(await stillSamePage(page)).toBe(true)

  // It stays until the visitor closes it.
  await close.click()
  await expect(dialog).toBeHidden()
})

test('a token disabled and enabled again: the open page shows the refusal, then recovers without a reload', async ({
  page,
  system,
  account,
}) => {
  const conference = await createConference(account.api, { label: 'recovers', allowedOrigins: [site.origin] })
  const { workshop } = conference.sessions
  const schedule = await openSchedule(page, system, conference, '/recovers')
  await expect(schedule.locator('[part~=session]').first()).toBeVisible()
  await markPage(page)

  const token = { params: { path: { id: conference.token.id } } }
  expect((await account.api.PATCH('/embed-tokens/{id}', { ...token, body: { isActive: false } })).response.status).toBe(200)
  await expect(schedule.locator('[part=error]').getByText(VISITOR_TEXT)).toBeVisible()

  // Changed while the token was off: the page reads everything again once it is back.
  const renamed = `${workshop.title}, after the break`
  await account.api.PATCH('/sessions/{id}', { params: { path: { id: workshop.id } }, body: { title: renamed } })
  expect((await account.api.PATCH('/embed-tokens/{id}', { ...token, body: { isActive: true } })).response.status).toBe(200)
  // The stream's first retries come after about a second, doubling: well within the wait.
  await expect(schedule.locator('[part=error]')).toHaveCount(0)
  await expect(schedule.locator('[part~=session]', { hasText: renamed })).toBeVisible()
  expect(await stillSamePage(page)).toBe(true)
})
